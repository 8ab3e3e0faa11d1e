import type { ChatChannel } from "../../../domain/orders/checkout";
import { readLocale, type Locale } from "../../../domain/shared/locale";
import type { OrderStatus } from "../../../domain/orders/statuses";
import type { Db } from "../../db/database";
import { LINE_PLAN, linesWithOrders, ORDER_CONTACT } from "../../db/order-shapes";

const ORDER_KEY = ["o.key_hash as keyHash", "o.key_sealed as keySealed"] as const;

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
  /** The order's key, its hash and the admin's sealed copy: the reminder links to the line's renewal with it. */
  keyHash: string | null;
  keySealed: string | null;
};

/** The renewals' queries: the lines of delivered orders that are due, one of them, and when it was reminded. */
export function createRenewalsRepository() {
  return {
    /** Lines of delivered orders that end on or before `until` and are not renewed yet, soonest first. */
    async dueLines(db: Db, until: string): Promise<DueLine[]> {
      const rows = await linesWithOrders(db)
        .select([
          "l.id as lineId",
          ...LINE_PLAN,
          "l.reminded_at as remindedAt",
          "o.id as orderId",
          ...ORDER_CONTACT,
          "o.channel",
          "o.language",
          ...ORDER_KEY,
        ])
        .where("o.status", "=", "delivered")
        .where("l.renewal_order_id", "is", null)
        .where("l.refunded_at", "is", null)
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
      const row = await linesWithOrders(db)
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
          ...ORDER_KEY,
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
  };
}
