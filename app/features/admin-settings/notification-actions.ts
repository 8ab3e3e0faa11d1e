import { z } from "zod";
import { botTokenInputSchema, chatPrefsInputSchema } from "../../../domain/telegram/schemas";

/** The seller's Telegram bot: the same schemas as the API's routes. */
export const saveBotTokenSchema = z.object({ intent: z.literal("telegram-token"), fields: botTokenInputSchema });
export const removeBotSchema = z.object({ intent: z.literal("telegram-remove") });
export const saveChatPrefsSchema = z.object({ intent: z.literal("telegram-prefs"), id: z.string().min(1).max(100), fields: chatPrefsInputSchema });
export const connectChatSchema = z.object({ intent: z.literal("telegram-connect") });
export const disconnectChatSchema = z.object({ intent: z.literal("telegram-disconnect"), id: z.string().min(1).max(100) });

export const notificationActionSchemas = [saveBotTokenSchema, removeBotSchema, saveChatPrefsSchema, connectChatSchema, disconnectChatSchema] as const;
