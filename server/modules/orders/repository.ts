import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql, type Selectable } from "kysely";
import type { ChatChannel } from "../../../domain/checkout";
import { normalisePhone } from "../../../domain/customers";
import { readLocale, type Locale } from "../../../domain/locale";
import { AUTO_DELIVERY_REASONS, type AutoDeliveryReason } from "../../../domain/auto-delivery";
import { AWAITING_PAYMENT_STATUSES, ORDER_STATUSES, type OrderCounts, type OrderStatus } from "../../../domain/order-statuses";
import type { Order } from "../../../domain/schemas/orders";
import type { OrderLine } from "../../../domain/order-pricing";
import type { Db } from "../../db/database";
import { OPEN_PAYMENT_STATUSES, readGateway } from "../../../domain/payments";
import type { PaidVia } from "../../../domain/schemas/payments";
import { CANCEL_REASONS, type CancelReason } from "../../../domain/order-limits";
import { nextVersion, updateAtVersion } from "../versions";
import type { OrdersTable } from "../../db/schema";

/** A line's plan and dates, as the lists of lines (renewals due, a customer's running lines) select them. */
export const LINE_PLAN = [
  "l.item_id as itemId",
  "l.name",
  "l.months",
  "l.devices",
  "l.start_date as startDate",
  "l.expiry_date as expiryDate",
] as const;

/** The order a row belongs to, as the seller names it and reaches its customer (orders joined `as o`). */
export const ORDER_CONTACT = ["o.reference", "o.customer_name as customerName", "o.phone"] as const;

/** An order as stored: what the admin sees but its shopper link, and what only the server reads. */
export type StoredOrder = Omit<Order, "shopperPath" | "telegramUpdates"> & {
  keyHash: string | null;
  keySealed: string | null;
  contactedAt: string | null;
  paidAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
};

/** The column that keeps when an order reached a status (received is its creation). */
const REACHED_AT = { contacted: "contacted_at", paid: "paid_at", delivered: "delivered_at", cancelled: "cancelled_at" } as const;

export type NewOrder = {
  reference: string;
  keyHash: string;
  keySealed: string;
  channel: ChatChannel;
  status: OrderStatus;
  customerName: string | null;
  phone: string | null;
  note: string;
  total: number;
  lines: OrderLine[];
  language: Locale;
  /** Issue 32: the coupon and what it took off (`total` is after it), and the referrer of a new customer. */
  couponCode?: string | null;
  discount?: number;
  referredBy?: string | null;
};

export type DueLine = {
  lineId: string;
  itemId: string | null;
  name: string;
  months: number;
  devices: number;
  startDate: string;
  expiryDate: string;
  orderId: string;
  reference: string;
  channel: ChatChannel;
  customerName: string | null;
  phone: string | null;
  language: Locale;
  /** When the shopper was last reminded of its renewal (from the Renewals screen or the bot). */
  remindedAt: string | null;
};

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

const readCancelReason = (stored: string | null): CancelReason | null =>
  (CANCEL_REASONS as readonly (string | null)[]).includes(stored) ? (stored as CancelReason) : null;

const readReason = (stored: string | null): AutoDeliveryReason | null =>
  (AUTO_DELIVERY_REASONS as readonly (string | null)[]).includes(stored) ? (stored as AutoDeliveryReason) : null;

function paidViaOf(row: Selectable<OrdersTable>): PaidVia | null {
  const gateway = readGateway(row.paid_via);
  return gateway ? { gateway, transactionId: row.paid_via_transaction, amount: row.paid_via_amount } : null;
}

export function createOrdersRepository() {
  async function withLines(db: Db, rows: Selectable<OrdersTable>[]): Promise<StoredOrder[]> {
    if (rows.length === 0) return [];
    const lines = await db
      .selectFrom("order_lines as l")
      .leftJoin("orders as renewal", "renewal.id", "l.renewal_order_id")
      .select([
        "l.id",
        "l.order_id",
        "l.item_id",
        "l.name",
        "l.months",
        "l.devices",
        "l.unit_price",
        "l.line_total",
        "l.start_date",
        "l.expiry_date",
        "l.auto_delivered",
        "l.auto_delivery_reason",
        "renewal.reference as renewal_reference",
      ])
      .where(
        "l.order_id",
        "in",
        rows.map((row) => row.id),
      )
      .orderBy("l.order_id")
      .orderBy("l.position")
      .execute();
    // The lines these orders renew: each is carried on by the line of its renewal order that sells the same item.
    const renewed = await db
      .selectFrom("order_lines as old")
      .innerJoin("orders as o", "o.id", "old.order_id")
      .select(["old.id", "old.item_id", "old.expiry_date", "old.renewal_order_id", "o.reference"])
      .where(
        "old.renewal_order_id",
        "in",
        rows.map((row) => row.id),
      )
      .orderBy("o.reference")
      .orderBy("old.position")
      .execute();
    const renews = new Map<string, NonNullable<Order["lines"][number]["renews"]>>();
    for (const old of renewed) {
      const line = lines.find((l) => l.order_id === old.renewal_order_id && l.item_id !== null && l.item_id === old.item_id && !renews.has(l.id));
      if (line) renews.set(line.id, { lineId: old.id, reference: old.reference, expiryDate: old.expiry_date });
    }
    const byOrder = new Map<string, Order["lines"]>();
    for (const line of lines) {
      const list = byOrder.get(line.order_id) ?? [];
      list.push({
        id: line.id,
        itemId: line.item_id,
        name: line.name,
        months: line.months,
        devices: line.devices,
        unitPrice: line.unit_price,
        lineTotal: line.line_total,
        startDate: line.start_date,
        expiryDate: line.expiry_date,
        renewalReference: line.renewal_reference,
        renews: renews.get(line.id) ?? null,
        autoDelivered: Number(line.auto_delivered) === 1,
        autoDeliveryReason: readReason(line.auto_delivery_reason),
      });
      byOrder.set(line.order_id, list);
    }
    return rows.map((row) => ({
      _id: row.id,
      reference: row.reference,
      channel: row.channel as ChatChannel,
      status: row.status as OrderStatus,
      customerName: row.customer_name,
      phone: row.phone,
      note: row.note,
      total: row.total,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      version: Number(row.version),
      language: readLocale(row.language),
      lines: byOrder.get(row.id) ?? [],
      paidClaim: row.paid_claimed_at ? { at: row.paid_claimed_at, transactionId: row.paid_claim_transaction } : null,
      paidVia: paidViaOf(row),
      cancelReason: row.status === "cancelled" ? readCancelReason(row.cancel_reason) : null,
      couponCode: row.coupon_code,
      discount: Number(row.discount),
      creditApplied: Number(row.credit_applied),
      keyHash: row.key_hash,
      keySealed: row.key_sealed,
      contactedAt: row.contacted_at,
      paidAt: row.paid_at,
      deliveredAt: row.delivered_at,
      cancelledAt: row.cancelled_at,
    }));
  }

  return {
    async insert(db: Db, order: NewOrder, now: string): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto("orders")
        .values({
          id,
          reference: order.reference,
          channel: order.channel,
          status: order.status,
          customer_name: order.customerName,
          phone: order.phone,
          phone_key: normalisePhone(order.phone),
          note: order.note,
          total: order.total,
          created_at: now,
          updated_at: now,
          key_hash: order.keyHash,
          key_sealed: order.keySealed,
          language: order.language,
          coupon_code: order.couponCode ?? null,
          discount: order.discount ?? 0,
          referred_by: order.referredBy ?? null,
        })
        .execute();
      await db
        .insertInto("order_lines")
        .values(
          order.lines.map((line, position) => ({
            id: randomUUID(),
            order_id: id,
            position,
            item_id: line.itemId,
            name: line.name,
            months: line.months,
            devices: line.devices,
            unit_price: line.unitPrice,
            line_total: line.lineTotal,
            start_date: null,
            expiry_date: null,
            renewal_order_id: null,
          })),
        )
        .execute();
      return id;
    },

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

    /**
     * The order a shopper's link opens: its reference and its key's hash together, in one look-up, so a wrong
     * key finds nothing as an unknown reference does, and reads no lines (ADR 0075).
     */
    async findByReferenceAndKey(db: Db, reference: string, keyHash: string): Promise<StoredOrder | undefined> {
      const row = await db.selectFrom("orders").selectAll().where("reference", "=", reference).where("key_hash", "=", keyHash).executeTakeFirst();
      return row ? (await withLines(db, [row]))[0] : undefined;
    },

    async findByReference(db: Db, reference: string): Promise<StoredOrder | undefined> {
      const row = await db.selectFrom("orders").selectAll().where("reference", "=", reference).executeTakeFirst();
      return row ? (await withLines(db, [row]))[0] : undefined;
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
     * A gateway proved the payment (issue 30): paid, with how, only if the order still awaits payment; of two
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

    /** Records the shopper's "I have paid", unless they already said so; false then. */
    async claimPaid(db: Db, id: string, now: string, transactionId: string | null): Promise<boolean> {
      const result = await db
        .updateTable("orders")
        .set({ paid_claimed_at: now, paid_claim_transaction: transactionId, updated_at: now, version: nextVersion })
        .where("id", "=", id)
        .where("paid_claimed_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
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

    /** Lines of delivered orders that end on or before `until` and are not renewed yet, soonest first. */
    async dueLines(db: Db, until: string): Promise<DueLine[]> {
      const rows = await db
        .selectFrom("order_lines as l")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select(["l.id as lineId", ...LINE_PLAN, "l.reminded_at as remindedAt", "o.id as orderId", ...ORDER_CONTACT, "o.channel", "o.language"])
        .where("o.status", "=", "delivered")
        .where("l.renewal_order_id", "is", null)
        .where("l.expiry_date", "is not", null)
        .where("l.expiry_date", "<=", until)
        .orderBy("l.expiry_date")
        .orderBy("o.reference")
        .execute();
      return rows.map((row) => ({
        ...row,
        startDate: row.startDate!,
        expiryDate: row.expiryDate!,
        channel: row.channel as ChatChannel,
        language: readLocale(row.language),
      }));
    },

    async findDueLine(db: Db, lineId: string): Promise<(DueLine & { status: OrderStatus; renewalOrderId: string | null }) | undefined> {
      const row = await db
        .selectFrom("order_lines as l")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select([
          "l.id as lineId",
          ...LINE_PLAN,
          "l.renewal_order_id as renewalOrderId",
          "l.reminded_at as remindedAt",
          "o.id as orderId",
          ...ORDER_CONTACT,
          "o.channel",
          "o.status",
          "o.language",
        ])
        .where("l.id", "=", lineId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...row,
        startDate: row.startDate ?? "",
        expiryDate: row.expiryDate ?? "",
        channel: row.channel as ChatChannel,
        status: row.status as OrderStatus,
        language: readLocale(row.language),
      };
    },

    async markReminded(db: Db, lineId: string, now: string) {
      await db.updateTable("order_lines").set({ reminded_at: now }).where("id", "=", lineId).execute();
    },

    /** Marks a line renewed by `renewalOrderId`, unless someone already did. */
    async markRenewed(db: Db, lineId: string, renewalOrderId: string): Promise<boolean> {
      const result = await db
        .updateTable("order_lines")
        .set({ renewal_order_id: renewalOrderId })
        .where("id", "=", lineId)
        .where("renewal_order_id", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
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
