import { randomBytes } from "node:crypto";

/**
 * A short, random, URL-safe row id (12 bytes, 16 characters): a notice's id goes into Telegram's callback data
 * (64 bytes at most), and the chats' follows use the same kind.
 */
export const shortId = () => randomBytes(12).toString("base64url");
