import { sql } from "kysely";
import { normalisePhone } from "../../../domain/customers/customers";
import { AWAITING_PAYMENT_STATUSES, ORDER_STATUSES, type OrderCounts, type OrderStatus } from "../../../domain/orders/statuses";
import type { Db } from "../../db/database";
import { OPEN_PAYMENT_STATUSES } from "../../../domain/payments/payments";
import type { PaidVia } from "../../../domain/payments/schemas";
import type { CancelReason } from "../../../domain/order-limits/order-limits";
import { nextVersion, updateAtVersion } from "../versions";
import { withLines, type StoredOrder } from "./stored-orders";

/** The column that keeps when an order reached a status (received is its creation). */
const REACHED_AT = { contacted: "contacted_at", paid: "paid_at", delivered: "delivered_at", cancelled: "cancelled_at" } as const;

type OrderFilter = { status?: OrderStatus; claimed?: boolean; reference?: string; phoneDigits?: string };

function filtered(db: Db, filter: OrderFilter) {
  let query = db.selectFrom("orders");
  if (filter.status) query = query.where("status", "=", filter.status);
  // As the dashboard counts them (reports' `waiting`): said paid, not marked paid yet.
  if (filter.claimed) query = query.where("status", "in", AWAITING_PAYMENT_STATUSES).where("paid_claimed_at", "is not", null);
  const { reference, phoneDigits } = filter;
  if (reference || phoneDigits) {
    query = query.where((eb) =>
      eb.or([...(reference ? [eb("reference", "=", reference)] : []), ...(phoneDigits ? [eb("phone_key", "like", `%${phoneDigits}%`)] : [])]),
    );
  }
  return query;
}

/** The admin's queries of orders: the list and its counts, details, statuses, payments proved, cancelling, line dates. */
export function createOrdersRepository() {
  return {
    /**
     * Newest first (ties by reference); `reference` and `phone` narrow it (either matching), `status` filters.
     * `after` keeps the orders that come after that one in this order: the next page.
     */
    async list(db: Db, filter: OrderFilter & { after?: { createdAt: string; reference: string }; limit: number }): Promise<StoredOrder[]> {
      let query = filtered(db, filter).selectAll();
      const { after } = filter;
      if (after) {
        query = query.where((eb) =>
          eb.or([eb("created_at", "<", after.createdAt), eb.and([eb("created_at", "=", after.createdAt), eb("reference", ">", after.reference)])]),
        );
      }
      const rows = await query.orderBy("created_at", "desc").orderBy("reference").limit(filter.limit).execute();
      return withLines(db, rows);
    },

    /** How many orders match; with `upTo`, only those up to and including that one in list order. */
    async count(db: Db, filter: OrderFilter & { upTo?: { createdAt: string; reference: string } }): Promise<number> {
      let query = filtered(db, filter).select((eb) => eb.fn.countAll<string | number>().as("count"));
      const { upTo } = filter;
      if (upTo) {
        query = query.where((eb) =>
          eb.or([eb("created_at", ">", upTo.createdAt), eb.and([eb("created_at", "=", upTo.createdAt), eb("reference", "<=", upTo.reference)])]),
        );
      }
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    /** false when `expected` is given and the order is not at that version any more. */
    updateDetails(
      db: Db,
      id: string,
      details: { customerName: string | null; phone: string | null; note: string },
      now: string,
      expected?: number,
    ): Promise<boolean> {
      const update = db
        .updateTable("orders")
        .set({
          customer_name: details.customerName,
          phone: details.phone,
          phone_key: normalisePhone(details.phone),
          note: details.note,
          updated_at: now,
          version: nextVersion,
        })
        .where("id", "=", id);
      return updateAtVersion(update, expected);
    },

    /** Changes the status only if it is still `from`: of two admins clicking at once, one wins. */
    async updateStatus(db: Db, id: string, from: OrderStatus, to: OrderStatus, now: string): Promise<boolean> {
      const result = await db
        .updateTable("orders")
        .set({ status: to, ...(to === "new" ? {} : { [REACHED_AT[to]]: now }), updated_at: now, version: nextVersion })
        .where("id", "=", id)
        .where("status", "=", from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * A gateway proved the payment: paid, with how, only if the order still awaits payment; of two
     * instances proving it at once, one moves it. false when it did not move.
     */
    async markPaidVia(db: Db, id: string, via: PaidVia, now: string): Promise<boolean> {
      const result = await db
        .updateTable("orders")
        .set({
          status: "paid",
          paid_at: now,
          paid_via: via.gateway,
          paid_via_transaction: via.transactionId,
          paid_via_amount: via.amount,
          updated_at: now,
          version: nextVersion,
        })
        .where("id", "=", id)
        .where("status", "in", AWAITING_PAYMENT_STATUSES)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Store credit left nothing to pay: paid, only if the order still awaits payment and its total is nothing. */
    async markPaidFromBalance(db: Db, id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("orders")
        .set({ status: "paid", paid_at: now, updated_at: now, version: nextVersion })
        .where("id", "=", id)
        .where("total", "=", 0)
        .where("balance_paid", ">", 0)
        .where("status", "in", AWAITING_PAYMENT_STATUSES)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The seller marked it paid before the gateway's proof came: the proof is noted, the status left alone. */
    async notePaidVia(db: Db, id: string, via: PaidVia, now: string): Promise<boolean> {
      const result = await db
        .updateTable("orders")
        .set({ paid_via: via.gateway, paid_via_transaction: via.transactionId, paid_via_amount: via.amount, updated_at: now, version: nextVersion })
        .where("id", "=", id)
        .where("paid_via", "is", null)
        .where("status", "in", ["paid", "delivered"])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Cancels, for the shop's `reason`, each of these orders that still awaits payment (new or contacted), in one
     * statement: of two instances or admins doing it at once, each order is cancelled once. The ids cancelled.
     */
    async cancelAwaiting(db: Db, ids: readonly string[], reason: CancelReason, now: string): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable("orders")
        .set({ status: "cancelled", cancelled_at: now, cancel_reason: reason, updated_at: now, version: nextVersion })
        .where("id", "in", ids)
        .where("status", "in", AWAITING_PAYMENT_STATUSES)
        .returning("id")
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Up to `limit` "new" orders made before `before` that nobody moved on and nothing keeps: no "I have paid"
     * to check, no online payment started since `before` that may still come back paid.
     */
    async staleNew(db: Db, before: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("orders as o")
        .select("o.id")
        .where("o.status", "=", "new")
        .where("o.created_at", "<", before)
        .where("o.paid_claimed_at", "is", null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("payments as p")
                .select("p.id")
                .whereRef("p.order_id", "=", "o.id")
                .where("p.status", "in", OPEN_PAYMENT_STATUSES)
                .where("p.created_at", ">=", before),
            ),
          ),
        )
        .orderBy("o.created_at")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Of these items, those whose licence keys never expire: their lines get no end date. */
    async lifetimeItems(db: Db, itemIds: readonly (string | null)[]): Promise<Set<string>> {
      const ids = itemIds.filter((id): id is string => id !== null);
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom("lifetime_items").select("item_id").where("item_id", "in", ids).execute();
      return new Set(rows.map((row) => row.item_id));
    },

    async setLineDates(db: Db, lineId: string, startDate: string, expiryDate: string | null) {
      await db.updateTable("order_lines").set({ start_date: startDate, expiry_date: expiryDate }).where("id", "=", lineId).execute();
    },

    async touch(db: Db, id: string, now: string) {
      await db.updateTable("orders").set({ updated_at: now, version: nextVersion }).where("id", "=", id).execute();
    },

    /**
     * What these orders held, given back now that they are cancelled: the lines they were to renew are due again,
     * their coupon's use counts no more against its limit (the use stays listed, with the order's status), and
     * the referral credit a paid one earned is taken back (ADR 0117). Called once per order, in the transaction
     * that cancels it.
     */
    async releaseCancelled(db: Db, cancelledOrderIds: string | readonly string[]): Promise<void> {
      const ids = typeof cancelledOrderIds === "string" ? [cancelledOrderIds] : cancelledOrderIds;
      if (ids.length === 0) return;
      await db.updateTable("order_lines").set({ renewal_order_id: null }).where("renewal_order_id", "in", ids).execute();
      // Paid, then cancelled (a refund is a cancelled order here): the referrer keeps no credit for it.
      await db.deleteFrom("referral_credits").where("order_id", "in", ids).execute();
      const uses = await db.selectFrom("coupon_uses").select("coupon_id").where("order_id", "in", ids).execute();
      const perCoupon = new Map<string, number>();
      for (const use of uses) perCoupon.set(use.coupon_id, (perCoupon.get(use.coupon_id) ?? 0) + 1);
      for (const [couponId, released] of perCoupon) {
        await db
          .updateTable("coupons")
          .set({ uses: sql<number>`case when uses >= ${released} then uses - ${released} else 0 end` })
          .where("id", "=", couponId)
          .execute();
      }
    },

    async countByStatusSince(db: Db, since: string): Promise<OrderCounts> {
      const rows = await db
        .selectFrom("orders")
        .select(["status", (eb) => eb.fn.countAll<string | number>().as("count")])
        .where("created_at", ">=", since)
        .groupBy("status")
        .execute();
      const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as OrderCounts;
      for (const row of rows) if (row.status in counts) counts[row.status as OrderStatus] = Number(row.count);
      return counts;
    },
  };
}
