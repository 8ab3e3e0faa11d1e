import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { ChatChannel } from "../../../domain/orders/checkout";
import { normalisePhone } from "../../../domain/customers/customers";
import { readLocale, type Locale } from "../../../domain/shared/locale";
import { AUTO_DELIVERY_REASONS, type AutoDeliveryReason } from "../../../domain/ledger/auto-delivery";
import type { OrderStatus } from "../../../domain/orders/statuses";
import type { Order } from "../../../domain/orders/schemas";
import type { OrderLine } from "../../../domain/orders/pricing";
import type { Db } from "../../db/database";
import { readGateway } from "../../../domain/payments/payments";
import type { PaidVia } from "../../../domain/payments/schemas";
import { CANCEL_REASONS, type CancelReason } from "../../../domain/order-limits/order-limits";
import type { OrdersTable } from "../../db/schema";
import { lineWarranty } from "../../../domain/warranty/warranty";

/** An order as stored: what the admin sees but its shopper link, and what only the server reads. */
export type StoredOrder = Omit<Order, "shopperPath" | "telegramUpdates"> & {
  keyHash: string | null;
  keySealed: string | null;
  contactedAt: string | null;
  paidAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
};

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
  /** The coupon and what it took off (`total` is after it), and the referrer of a new customer. */
  couponCode?: string | null;
  discount?: number;
  referredBy?: string | null;
};

const readCancelReason = (stored: string | null): CancelReason | null =>
  (CANCEL_REASONS as readonly (string | null)[]).includes(stored) ? (stored as CancelReason) : null;

const readReason = (stored: string | null): AutoDeliveryReason | null =>
  (AUTO_DELIVERY_REASONS as readonly (string | null)[]).includes(stored) ? (stored as AutoDeliveryReason) : null;

function paidViaOf(row: Selectable<OrdersTable>): PaidVia | null {
  const gateway = readGateway(row.paid_via);
  return gateway ? { gateway, transactionId: row.paid_via_transaction, amount: row.paid_via_amount } : null;
}

/** These orders' rows with their lines, and the line each of those lines renews. */
export async function withLines(db: Db, rows: Selectable<OrdersTable>[]): Promise<StoredOrder[]> {
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
      "l.refunded_at",
      "l.warranty_days",
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
  // Each order's bill and the credit notes against it (ADR 0130).
  const bills = await db
    .selectFrom("bills as b")
    .leftJoin("credit_notes as n", "n.bill_id", "b.id")
    .select(["b.order_id", "b.number", "n.number as note"])
    .where(
      "b.order_id",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("n.issued_at")
    .execute();
  const billOf = new Map<string, { number: string; creditNotes: string[] }>();
  for (const row of bills) {
    const bill = billOf.get(row.order_id) ?? { number: row.number, creditNotes: [] };
    if (row.note) bill.creditNotes.push(row.note);
    billOf.set(row.order_id, bill);
  }
  const deliveredAt = new Map(rows.map((row) => [row.id, row.status === "delivered" ? row.delivered_at : null]));
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
      refunded: line.refunded_at !== null,
      warranty: lineWarranty({
        warrantyDays: line.warranty_days === null ? null : Number(line.warranty_days),
        startDate: line.start_date,
        expiryDate: line.expiry_date,
        deliveredAt: deliveredAt.get(line.order_id) ?? null,
        refunded: line.refunded_at !== null,
      }),
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
    bill: billOf.get(row.id) ?? null,
    couponCode: row.coupon_code,
    discount: Number(row.discount),
    creditApplied: Number(row.credit_applied),
    balancePaid: Number(row.balance_paid),
    keyHash: row.key_hash,
    keySealed: row.key_sealed,
    contactedAt: row.contacted_at,
    paidAt: row.paid_at,
    deliveredAt: row.delivered_at,
    cancelledAt: row.cancelled_at,
  }));
}

/** The queries every use case of orders shares: an order read with its lines, a new one stored, a line marked renewed. */
export function createStoredOrdersRepository() {
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
            // The warranty the item gives today is the one this line is sold with (ADR 0128).
            warranty_days: db.selectFrom("catalogue_items").select("warranty_days").where("id", "=", line.itemId),
          })),
        )
        .execute();
      return id;
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
  };
}
