import { sql } from "kysely";
import type { Db } from "../../db/database";

export function createReferralsRepository() {
  return {
    async codeOf(db: Db, phone: string): Promise<string | undefined> {
      return (await db.selectFrom("referral_codes").select("code").where("phone", "=", phone).executeTakeFirst())?.code;
    },

    /** Inserts the phone's code unless it has one; a clash of codes throws a unique violation. */
    async insertCode(db: Db, phone: string, code: string, now: string) {
      await db
        .insertInto("referral_codes")
        .values({ phone, code, created_at: now })
        .onConflict((oc) => oc.column("phone").doNothing())
        .execute();
    },

    async phoneOf(db: Db, code: string): Promise<string | undefined> {
      return (await db.selectFrom("referral_codes").select("phone").where("code", "=", code).executeTakeFirst())?.phone;
    },

    async hasOrders(db: Db, phoneKey: string): Promise<boolean> {
      return (await db.selectFrom("orders").select("id").where("phone_key", "=", phoneKey).limit(1).executeTakeFirst()) !== undefined;
    },

    /** Writes the credit of a referred order once, however often it is marked paid or delivered. */
    async award(db: Db, orderId: string, amount: number, now: string) {
      const order = await db.selectFrom("orders").select(["referred_by"]).where("id", "=", orderId).executeTakeFirst();
      if (!order?.referred_by || amount <= 0) return;
      await db
        .insertInto("referral_credits")
        .values({ order_id: orderId, phone: order.referred_by, amount, created_at: now })
        .onConflict((oc) => oc.column("order_id").doNothing())
        .execute();
    },

    async credits(db: Db, phone: string) {
      const rows = await db
        .selectFrom("referral_credits as c")
        .innerJoin("orders as o", "o.id", "c.order_id")
        .select(["o.reference", "c.amount", "c.created_at"])
        .where("c.phone", "=", phone)
        .orderBy("c.created_at", "desc")
        .execute();
      return rows.map((row) => ({ reference: row.reference, amount: Number(row.amount), createdAt: row.created_at }));
    },

    /** Credit taken off this phone's orders, cancelled ones left out (their credit comes back). */
    async used(db: Db, phone: string, exceptOrderId?: string): Promise<number> {
      let query = db
        .selectFrom("orders")
        .select(sql<number>`coalesce(sum(credit_applied), 0)`.as("used"))
        .where("phone_key", "=", phone)
        .where("status", "!=", "cancelled");
      if (exceptOrderId) query = query.where("id", "!=", exceptOrderId);
      return Number((await query.executeTakeFirstOrThrow()).used);
    },

    /** Sets an awaiting order's credit, once (only while it has none), taking it off its total. */
    async applyCredit(db: Db, orderId: string, amount: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable("orders")
        .set({ credit_applied: amount, total: sql<number>`total - ${amount}`, updated_at: now, version: sql<number>`version + 1` })
        .where("id", "=", orderId)
        .where("credit_applied", "=", 0)
        .where("status", "in", ["new", "contacted"])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
