import type { OrderStatus } from "../../../domain/orders/statuses";
import type { Db } from "../../db/database";
import { LINE_PLAN, linesWithOrders } from "../../db/order-shapes";

/** `sealedFor`: the phone the sealed copy is bound to when it is not `phone` (migration 0028), else null. */
export type StoredLink = { phone: string; keyHash: string; keySealed: string; sealedFor: string | null; createdAt: string };

/** The customer links (ADR 0104), and what a customer's page reads of their orders. */
export function createCustomerLinksRepository() {
  return {
    /** The customer whose link has this key hash: one indexed look-up, the same work whether or not there is one. */
    async phoneByHash(db: Db, keyHash: string): Promise<string | undefined> {
      const row = await db.selectFrom("customer_links").select("phone").where("key_hash", "=", keyHash).executeTakeFirst();
      return row?.phone;
    },

    async get(db: Db, phone: string): Promise<StoredLink | undefined> {
      return db
        .selectFrom("customer_links")
        .select(["phone", "key_hash as keyHash", "key_sealed as keySealed", "sealed_for as sealedFor", "created_at as createdAt"])
        .where("phone", "=", phone)
        .executeTakeFirst();
    },

    /** A new link in place of any the customer had: the old key opens nothing from the commit on. */
    async replace(db: Db, link: StoredLink): Promise<void> {
      const values = { key_hash: link.keyHash, key_sealed: link.keySealed, sealed_for: link.sealedFor, created_at: link.createdAt };
      await db
        .insertInto("customer_links")
        .values({ phone: link.phone, ...values })
        .onConflict((oc) => oc.column("phone").doUpdateSet(values))
        .execute();
    },

    /** The link unless the customer has one already (another instance may make it at the same moment). */
    async addIfNone(db: Db, link: StoredLink): Promise<void> {
      await db
        .insertInto("customer_links")
        .values({ phone: link.phone, key_hash: link.keyHash, key_sealed: link.keySealed, sealed_for: link.sealedFor, created_at: link.createdAt })
        .onConflict((oc) => oc.column("phone").doNothing())
        .execute();
    },

    /** Whether there was a link to delete. */
    async remove(db: Db, phone: string): Promise<boolean> {
      const result = await db.deleteFrom("customer_links").where("phone", "=", phone).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * The Telegram chats that followed this customer from their link's page (ADR 0116) stop when the link is
     * replaced or revoked: a new holder is who the seller sent the new link to, not who held the old one.
     */
    async endFollows(db: Db, phone: string): Promise<void> {
      await db.deleteFrom("telegram_follows").where("phone", "=", phone).execute();
    },

    async hasOrders(db: Db, phone: string): Promise<boolean> {
      return (await db.selectFrom("orders").select("id").where("phone_key", "=", phone).limit(1).executeTakeFirst()) !== undefined;
    },

    /** The customer's orders, newest first, with their keys' hashes and sealed copies. */
    async orders(db: Db, phone: string) {
      const rows = await db
        .selectFrom("orders")
        .select([
          "reference",
          "status",
          "total",
          "created_at as createdAt",
          "customer_name as customerName",
          "phone",
          "key_hash as keyHash",
          "key_sealed as keySealed",
        ])
        .where("phone_key", "=", phone)
        .orderBy("created_at", "desc")
        .orderBy("reference", "desc")
        .execute();
      return rows.map((row) => ({ ...row, status: row.status as OrderStatus }));
    },

    /**
     * The customer's lines running on `today`, soonest end first: delivered, not ended, and not carried on by a
     * delivered renewal (the customers list's "active subscriptions", ADR 0086). A line that never ends (a
     * lifetime key) has no end date and is not one.
     */
    async runningLines(db: Db, phone: string, today: string) {
      return linesWithOrders(db)
        .leftJoin("orders as r", "r.id", "l.renewal_order_id")
        .select(["l.id", "l.position", ...LINE_PLAN, "l.auto_renew as autoRenew", "o.reference", "r.reference as renewalReference"])
        .where("o.phone_key", "=", phone)
        .where("o.status", "=", "delivered")
        .where("l.expiry_date", ">=", today)
        .where("l.refunded_at", "is", null)
        .where((eb) => eb.or([eb("r.id", "is", null), eb("r.status", "<>", "delivered")]))
        .orderBy("l.expiry_date")
        .orderBy("o.reference")
        .orderBy("l.position")
        .execute();
    },

    /** Which of these lines were given licence keys. */
    async linesWithKeys(db: Db, lineIds: readonly string[]): Promise<Set<string>> {
      if (lineIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("licence_keys")
        .select("line_id")
        .distinct()
        .where("line_id", "in", lineIds)
        .where("delivered_at", "is not", null)
        .execute();
      return new Set(rows.map((row) => row.line_id!));
    },
  };
}
