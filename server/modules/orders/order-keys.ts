import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { ORDER_KEY_BYTES, orderKeyFromBytes } from "../../../domain/order-pages";

/** A fresh order key: 144 random bits (ADR 0075). */
export const newOrderKey = () => orderKeyFromBytes(randomBytes(ORDER_KEY_BYTES));

/**
 * What is stored to compare a key with: its SHA-256. The key is random and long, so a fast hash is enough
 * (no dictionary to try); a reader of the orders table cannot open a page with it.
 */
export const hashOrderKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

/** Whether `given` is the key whose hash is stored, in time that does not depend on where they differ. */
export function keyMatches(given: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  const expected = Buffer.from(storedHash, "hex");
  const actual = createHash("sha256").update(given, "utf8").digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The key sealed (AES-256-GCM) with the shop's order-link secret, so the admin can be shown the shopper's link. */
export function sealOrderKey(key: string, secret: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secret, iv);
  const sealed = Buffer.concat([cipher.update(key, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The key back from its sealed copy, or null when it does not open with this secret. */
export function openOrderKey(sealed: string, secret: Buffer): string | null {
  try {
    const bytes = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", secret, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
