import { createHash, randomBytes } from "node:crypto";
import { ORDER_KEY_BYTES, orderKeyFromBytes } from "../../../domain/orders/order-page";

/** A fresh order key: 144 random bits (ADR 0075). */
export const newOrderKey = () => orderKeyFromBytes(randomBytes(ORDER_KEY_BYTES));

/**
 * What is stored to compare a key with: its SHA-256. The key is random and long, so a fast hash is enough
 * (no dictionary to try); a reader of the orders table cannot open a page with it. An order is looked up by
 * its reference and this hash together, so a wrong key and an unknown reference do the same work; where two
 * hashes first differ tells nothing about the key.
 */
export const hashOrderKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");
