import { PostgresAdapter, sql } from "kysely";
import { AWAITING_PAYMENT_STATUSES, type OrderStatus } from "../../../domain/orders/statuses";
import type { Db } from "../../db/database";

/** Checkout's own query: the orders a phone has open, for the cap per phone. */
export function createCheckoutRepository() {
  return {
    /**
     * The orders of this phone (its normalised key) that await payment, oldest first, at most `limit`. On
     * PostgreSQL the phone is locked for the rest of the transaction first, so two checkouts of one phone at once
     * count one after the other (SQLite runs one transaction at a time anyway).
     */
    async openOrdersOfPhone(db: Db, phoneKey: string, limit: number): Promise<Array<{ status: OrderStatus; createdAt: string }>> {
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`select pg_advisory_xact_lock(hashtext('pasal phone orders'), hashtext(${phoneKey}))`.execute(db);
      }
      const rows = await db
        .selectFrom("orders")
        .select(["status", "created_at"])
        .where("phone_key", "=", phoneKey)
        .where("status", "in", AWAITING_PAYMENT_STATUSES)
        .orderBy("created_at")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ status: row.status as OrderStatus, createdAt: row.created_at }));
    },
  };
}
