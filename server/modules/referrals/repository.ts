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

    /** Writes the credit of a referred order once, however often it is marked paid or delivered: the referrer, or null. */
    async award(db: Db, orderId: string, amount: number, now: string): Promise<string | null> {
      const order = await db.selectFrom("orders").select(["referred_by"]).where("id", "=", orderId).executeTakeFirst();
      if (!order?.referred_by || amount <= 0) return null;
      const inserted = await db
        .insertInto("referral_credits")
        .values({ order_id: orderId, phone: order.referred_by, amount, created_at: now })
        .onConflict((oc) => oc.column("order_id").doNothing())
        .returning("order_id")
        .executeTakeFirst();
      return inserted ? order.referred_by : null;
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
  };
}
