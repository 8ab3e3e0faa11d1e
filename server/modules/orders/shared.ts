import { randomBytes } from "node:crypto";
import type { Locale } from "../../../domain/shared/locale";
import { refusalText } from "../../../domain/order-limits/order-limits";
import type { PricedItem } from "../../../domain/orders/pricing";
import { normaliseReference, REFERENCE_LENGTH, referenceFromBytes } from "../../../domain/orders/references";
import type { Db } from "../../db/database";
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound, TooManyRequests } from "../../errors";
import { addressKey, createWindowCounter } from "../../plugins/rate-limits";
import type { Limits } from "../../plugins/shared-limits";
import { SecretUnreadableError, type Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import { hashOrderKey, newOrderKey } from "./order-keys";
import { createStoredOrdersRepository, type StoredOrder } from "./stored-orders";

/**
 * Wrong keys and unknown references per address (ADR 0075): a shopper mistyping a link a few times is fine; a
 * script guessing keys gets 20 tries in 10 minutes, on every instance together (shared limits, ADR 0022).
 */
export const ORDER_KEY_FAILURES = { max: 20, timeWindow: 10 * 60_000 };
/** The same answer for an unknown reference and a wrong or missing key: neither says the reference exists. */
export const NO_SUCH_ORDER = "No order found at this link. Open the link from your chat again, or ask the shop for it.";

/** A reference clash is one in 33 million; five in a row means something else is wrong. */
const REFERENCE_ATTEMPTS = 5;

/** An item of the catalogue as orders price it. */
export type CatalogueItem = PricedItem & { Id: string; ImageId: string; category?: string };
export type OrdersCatalogue = { list(): Promise<CatalogueItem[]> };

export async function catalogueById(catalogue: OrdersCatalogue): Promise<Map<string, CatalogueItem>> {
  return new Map((await catalogue.list()).map((item) => [item._id, item]));
}

/** Runs `work` in a transaction with a fresh reference, drawing again if the reference is taken. */
export async function withNewReference<T>(db: Db, work: (trx: Db, reference: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const reference = referenceFromBytes(randomBytes(REFERENCE_LENGTH));
    try {
      return await db.transaction().execute((trx) => work(trx, reference));
    } catch (error) {
      if (isUniqueViolation(error) && attempt < REFERENCE_ATTEMPTS) continue;
      if (isForeignKeyViolation(error)) {
        throw conflict("An item was removed from the shop while you were checking out. Please check your cart and try again.");
      }
      throw error;
    }
  }
}

/**
 * The shopper's link to an order (ADR 0075): a new order's key and its copy sealed for the admin, the sealed copy
 * opened again, and an order opened by its key. One of these per app: its count of wrong keys per address is
 * shared by checkout (a renewal from an order page) and the shopper's order page.
 */
export function createOrderLinks(limits: Limits, secrets: Pick<Cipher, "encrypt" | "decrypt">) {
  const stored = createStoredOrdersRepository();
  const keyFailures = createWindowCounter(ORDER_KEY_FAILURES, limits, "order key failures");
  return {
    /** A new order's key, its hash and its copy sealed with the shop's secrets key for the admin (ADR 0075). */
    newKey() {
      const key = newOrderKey();
      const keyHash = hashOrderKey(key);
      return { key, keyHash, keySealed: secrets.encrypt(key, secretContext.orderKey(keyHash)) };
    },

    /** A sealed copy the key cannot open (changed bytes) costs the admin the link, not the order. */
    openSealed(sealed: string, context: string): string | null {
      try {
        return secrets.decrypt(sealed, context);
      } catch (error) {
        if (error instanceof SecretUnreadableError) return null;
        throw error;
      }
    },

    /**
     * The order its shopper's link names, or the same 404 for an unknown reference and a wrong key; 429 for a wrong
     * one once the address has failed too often. A right key always opens: an address a carrier's shoppers share is
     * not locked out by one guesser among them, and a key is out of reach of guessing anyway (ADR 0075).
     */
    async openWithKey(trx: Db, reference: string, key: string, address: string, locale: Locale = "en"): Promise<StoredOrder> {
      // One look-up by reference and key hash: an unknown reference and a wrong key do the same work.
      const order = await stored.findByReferenceAndKey(trx, normaliseReference(reference), hashOrderKey(key));
      if (order) return order;
      const counted = addressKey(address);
      const wait = await keyFailures.retryAfter(counted);
      if (wait) throw new TooManyRequests(refusalText.wrongLinks(wait, locale), wait);
      await keyFailures.record(counted);
      throw notFound(NO_SUCH_ORDER);
    },
  };
}
export type OrderLinks = ReturnType<typeof createOrderLinks>;
