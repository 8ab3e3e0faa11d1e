import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
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
