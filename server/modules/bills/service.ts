import { randomBytes, randomUUID } from "node:crypto";
import { billNumber, fiscalYearOf, vatInside, type BillSeries } from "../../../domain/bills/bills";
import type { IssuedBill } from "../../../domain/bills/bill-document";
import { bsMonthDays, type BookRow } from "../../../domain/bills/sales-book";
import { bsMonthOf } from "../../../domain/shared/bikram-sambat-dates";
import type { Bill, CreditNote } from "../../../domain/bills/schemas";
import { readLocale, type Locale } from "../../../domain/shared/locale";
import type { LegalDetails } from "../../../domain/settings/schemas";
import { shopToday } from "../../../domain/shared/shop-time";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { normaliseReference } from "../../../domain/orders/references";
import { notFound, TooManyRequests } from "../../errors";
import { addressKey, createWindowCounter } from "../../plugins/rate-limits";
import type { Limits } from "../../plugins/shared-limits";
import { refusalText } from "../../../domain/order-limits/order-limits";
import { hashOrderKey } from "../orders/order-keys";
import { ORDER_KEY_FAILURES } from "../orders/shared";
import type { BillsTable } from "../../db/schema";

export interface BillsDependencies {
  /** The shop's legal details as the bill copies them (ADR 0129), read in the issuing transaction; null while none. */
  legal(trx: Db): Promise<LegalDetails | null>;
  limits: Limits;
}

/** The one answer to an unknown bill, a wrong key and a wrong verification code alike. */
export const NO_SUCH_BILL = "No bill found at this link. Open the link from your order page again, or ask the shop for it.";

/** A bill the shopper's link opens, with the language its order was placed in. */
export type ShopperBill = { bill: IssuedBill; language: Locale };

/** What the verification page tells anyone holding a bill's number and code: that it is the shop's, and its sums. */
export type VerifiedBill = Pick<IssuedBill, "number" | "issuedOn" | "total" | "vatPaisa" | "vatRegistered" | "creditNotes"> & {
  sellerName: string | null;
  sellerNameNe: string | null;
  sellerPan: string | null;
};

/** A verification code a bill's QR leads back with: 10 letters and digits, none that read alike. */
function verificationCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

/**
 * Bills (ADR 0130): one per paid order, issued in the transaction that makes it paid (the seller's mark, a gateway's
 * proof, store credit), and a credit note for each cancellation or refund after it. Numbers come from
 * `bill_counters` in that same transaction: on PostgreSQL its row is held until the commit, so issuers take turns
 * and a rolled-back one leaves no gap; SQLite writes one transaction at a time.
 */
export function createBillsService(db: Db, clock: Clock, { legal, limits }: BillsDependencies) {
  // A wrong key or code costs the address as a wrong order link does (20 in 10 minutes), counted apart.
  const failures = createWindowCounter(ORDER_KEY_FAILURES, limits, "bill link failures");

  async function refuse(address: string, locale: Locale): Promise<never> {
    const counted = addressKey(address);
    const wait = await failures.retryAfter(counted);
    if (wait) throw new TooManyRequests(refusalText.wrongLinks(wait, locale), wait);
    await failures.record(counted);
    throw notFound(NO_SUCH_BILL);
  }

  async function creditNotesOf(billId: string): Promise<IssuedBill["creditNotes"]> {
    const notes = await db
      .selectFrom("credit_notes")
      .select(["number", "issued_on", "amount"])
      .where("bill_id", "=", billId)
      .orderBy("issued_at")
      .orderBy("sequence")
      .execute();
    return notes.map((note) => ({ number: note.number, issuedOn: note.issued_on, amount: Number(note.amount) }));
  }

  const issued = async (row: BillsTable): Promise<IssuedBill> => ({
    number: row.number,
    fiscalYear: row.fiscal_year,
    issuedAt: row.issued_at,
    issuedOn: row.issued_on,
    seller: row.seller ? (JSON.parse(row.seller) as LegalDetails) : null,
    buyerName: row.buyer_name,
    buyerPhone: row.buyer_phone,
    lines: JSON.parse(row.lines) as IssuedBill["lines"],
    subtotal: Number(row.subtotal),
    discount: Number(row.discount),
    total: Number(row.total),
    taxablePaisa: Number(row.taxable_paisa),
    vatPaisa: Number(row.vat_paisa),
    vatRegistered: Number(row.vat_registered) === 1,
    paidBy: row.paid_by,
    paidFromCredit: Number(row.paid_from_credit),
    transactionId: row.transaction_id,
    verificationCode: row.verification_code,
    creditNotes: await creditNotesOf(row.id),
  });

  async function nextNumber(trx: Db, series: BillSeries, fiscalYear: string): Promise<number> {
    const row = await trx
      .insertInto("bill_counters")
      .values({ series, fiscal_year: fiscalYear, last_number: 1 })
      .onConflict((conflict) =>
        conflict.columns(["series", "fiscal_year"]).doUpdateSet((eb) => ({ last_number: eb(eb.ref("bill_counters.last_number"), "+", 1) })),
      )
      .returning("last_number")
      .executeTakeFirstOrThrow();
    return Number(row.last_number);
  }

  const toBill = (row: {
    number: string;
    fiscal_year: string;
    issued_at: string;
    issued_on: string;
    total: number;
    taxable_paisa: number;
    vat_paisa: number;
    paid_by: string;
    verification_code: string;
  }): Bill => ({
    number: row.number,
    fiscalYear: row.fiscal_year,
    issuedAt: row.issued_at,
    issuedOn: row.issued_on,
    total: Number(row.total),
    taxablePaisa: Number(row.taxable_paisa),
    vatPaisa: Number(row.vat_paisa),
    paidBy: row.paid_by,
    verificationCode: row.verification_code,
  });

  return {
    /** The order's bill, issued now in the caller's transaction unless it has one; the order has just become paid. */
    async issueWithin(trx: Db, orderId: string): Promise<void> {
      if (await trx.selectFrom("bills").select("id").where("order_id", "=", orderId).executeTakeFirst()) return;
      const order = await trx
        .selectFrom("orders")
        .select(["customer_name", "phone", "language", "total", "balance_paid", "discount", "credit_applied", "paid_via", "paid_via_transaction"])
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      const lines = await trx
        .selectFrom("order_lines")
        .select(["name", "months", "devices", "unit_price", "line_total"])
        .where("order_id", "=", orderId)
        .orderBy("position")
        .execute();
      const seller = await legal(trx);
      const issuedAt = clock();
      const issuedOn = shopToday(issuedAt);
      const fiscalYear = fiscalYearOf(issuedOn);
      const sequence = await nextNumber(trx, "bill", fiscalYear.label);
      const total = Number(order.total) + Number(order.balance_paid);
      const vatRegistered = seller?.vatRegistered ?? false;
      const { taxablePaisa, vatPaisa } = vatInside(total, vatRegistered);
      const paidFromCredit = Number(order.balance_paid);
      await trx
        .insertInto("bills")
        .values({
          id: randomUUID(),
          number: billNumber("bill", fiscalYear, sequence),
          fiscal_year: fiscalYear.label,
          sequence,
          order_id: orderId,
          issued_at: issuedAt.toISOString(),
          issued_on: issuedOn,
          language: order.language,
          seller: seller ? JSON.stringify(seller) : null,
          buyer_name: order.customer_name,
          buyer_phone: order.phone,
          lines: JSON.stringify(
            lines.map((line) => ({
              name: line.name,
              months: line.months,
              devices: line.devices,
              rate: Number(line.unit_price),
              amount: Number(line.line_total),
            })),
          ),
          subtotal: lines.reduce((sum, line) => sum + Number(line.line_total), 0),
          discount: Number(order.discount) + Number(order.credit_applied),
          total,
          taxable_paisa: taxablePaisa,
          vat_paisa: vatPaisa,
          vat_registered: vatRegistered ? 1 : 0,
          paid_by: order.paid_via ?? (paidFromCredit > 0 && Number(order.total) === 0 ? "store-credit" : "shop"),
          paid_from_credit: paidFromCredit,
          transaction_id: order.paid_via_transaction,
          verification_code: verificationCode(),
        })
        .execute();
    },

    /**
     * A credit note taking back `amount` of the order's bill, once per `cause`, never more than the bill has left; in
     * the caller's transaction. Nothing for an order without a bill (paid before bills were issued) or nothing left.
     */
    async creditNoteWithin(trx: Db, orderId: string, note: { cause: string; reason: string; amount?: number }): Promise<void> {
      const bill = await trx.selectFrom("bills").select(["id", "total", "vat_registered"]).where("order_id", "=", orderId).executeTakeFirst();
      if (!bill) return;
      if (await trx.selectFrom("credit_notes").select("id").where("cause", "=", note.cause).executeTakeFirst()) return;
      const taken = await trx
        .selectFrom("credit_notes")
        .select((eb) => eb.fn.sum<number | string>("amount").as("amount"))
        .where("bill_id", "=", bill.id)
        .executeTakeFirst();
      const left = Number(bill.total) - Number(taken?.amount ?? 0);
      const amount = Math.min(note.amount ?? left, left);
      if (amount <= 0) return;
      const issuedAt = clock();
      const issuedOn = shopToday(issuedAt);
      const fiscalYear = fiscalYearOf(issuedOn);
      const sequence = await nextNumber(trx, "credit-note", fiscalYear.label);
      const { taxablePaisa, vatPaisa } = vatInside(amount, Number(bill.vat_registered) === 1);
      await trx
        .insertInto("credit_notes")
        .values({
          id: randomUUID(),
          number: billNumber("credit-note", fiscalYear, sequence),
          fiscal_year: fiscalYear.label,
          sequence,
          bill_id: bill.id,
          cause: note.cause,
          reason: note.reason,
          issued_at: issuedAt.toISOString(),
          issued_on: issuedOn,
          amount,
          taxable_paisa: taxablePaisa,
          vat_paisa: vatPaisa,
        })
        .execute();
    },

    /** Credit notes for these orders' bills, as they are cancelled: the whole of what each has left. */
    async cancelWithin(trx: Db, orderIds: readonly string[]): Promise<void> {
      if (orderIds.length === 0) return;
      const billed = await trx.selectFrom("bills").select("order_id").where("order_id", "in", orderIds).execute();
      for (const { order_id } of billed) await this.creditNoteWithin(trx, order_id, { cause: `cancelled:${order_id}`, reason: "Order cancelled" });
    },

    /**
     * The bill a shopper's link opens: its number and the key of its order or of its customer's page (ADR 0104), as
     * either opens the order. An unknown number and a wrong key are the same 404, and too many wrong ones a 429.
     */
    async forShopper(number: string, key: string, address: string, locale: Locale = "en"): Promise<ShopperBill> {
      const keyHash = hashOrderKey(key);
      const row = await db
        .selectFrom("bills")
        .innerJoin("orders", "orders.id", "bills.order_id")
        .selectAll("bills")
        .select(["orders.key_hash as order_key_hash"])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom("customer_links")
                .select("customer_links.phone")
                .whereRef("customer_links.phone", "=", "orders.phone_key")
                .where("customer_links.key_hash", "=", keyHash),
            )
            .as("customer_key"),
        )
        .where("bills.number", "=", number.trim().toUpperCase())
        .executeTakeFirst();
      if (!row || !(row.order_key_hash === keyHash || Boolean(row.customer_key))) return refuse(address, locale);
      const { order_key_hash: _orderKey, customer_key: _customerKey, ...bill } = row;
      return { bill: await issued(bill), language: readLocale(bill.language) };
    },

    /** What anyone with the bill's number and its verification code (its QR) may check; the same 404 otherwise. */
    async verify(number: string, code: string, address: string, locale: Locale = "en"): Promise<VerifiedBill> {
      const row = await db.selectFrom("bills").selectAll().where("number", "=", number.trim().toUpperCase()).executeTakeFirst();
      if (!row || row.verification_code !== code.trim().toUpperCase()) return refuse(address, locale);
      const bill = await issued(row);
      return {
        number: bill.number,
        issuedOn: bill.issuedOn,
        total: bill.total,
        vatPaisa: bill.vatPaisa,
        vatRegistered: bill.vatRegistered,
        creditNotes: bill.creditNotes,
        sellerName: bill.seller?.registeredName ?? null,
        sellerNameNe: bill.seller?.registeredNameNe || null,
        sellerPan: bill.seller?.pan ?? null,
      };
    },

    /**
     * The sales book of a Bikram Sambat month ("2083-08"): its bills and credit notes in the order they were issued;
     * with `search`, those of any month whose number, order reference or buyer's phone holds it.
     */
    async book(month: string, search = ""): Promise<BookRow[]> {
      const { from, to } = bsMonthDays(month);
      const needle = search.trim();
      const like = `%${needle.toUpperCase()}%`;
      const bills = await db
        .selectFrom("bills as b")
        .innerJoin("orders as o", "o.id", "b.order_id")
        .select([
          "b.number",
          "b.issued_at",
          "b.issued_on",
          "b.buyer_name",
          "b.buyer_phone",
          "b.lines",
          "b.total",
          "b.taxable_paisa",
          "b.vat_paisa",
          "b.vat_registered",
          "b.paid_by",
          "o.reference",
          "o.status",
        ])
        .$if(!needle, (query) => query.where("b.issued_on", ">=", from).where("b.issued_on", "<", to))
        .$if(!!needle, (query) =>
          query.where((eb) =>
            eb.or([
              eb("b.number", "like", like),
              eb("o.reference", "like", like),
              eb("b.buyer_phone", "like", `%${needle.replace(/\D/g, "") || needle}%`),
            ]),
          ),
        )
        .execute();
      const notes = await db
        .selectFrom("credit_notes as n")
        .innerJoin("bills as b", "b.id", "n.bill_id")
        .innerJoin("orders as o", "o.id", "b.order_id")
        .select([
          "n.number",
          "n.issued_at",
          "n.issued_on",
          "n.amount",
          "n.taxable_paisa",
          "n.vat_paisa",
          "n.reason",
          "n.cause",
          "b.number as bill_number",
          "b.buyer_name",
          "b.buyer_phone",
          "b.vat_registered",
          "o.reference",
          "o.status",
        ])
        .$if(!needle, (query) => query.where("n.issued_on", ">=", from).where("n.issued_on", "<", to))
        .$if(!!needle, (query) =>
          query.where((eb) =>
            eb.or([
              eb("n.number", "like", like),
              eb("b.number", "like", like),
              eb("o.reference", "like", like),
              eb("b.buyer_phone", "like", `%${needle.replace(/\D/g, "") || needle}%`),
            ]),
          ),
        )
        .execute();
      const rows: Array<BookRow & { at: string }> = [
        ...bills.map((bill) => {
          const lines = JSON.parse(bill.lines) as IssuedBill["lines"];
          return {
            at: bill.issued_at,
            kind: "bill" as const,
            issuedOn: bill.issued_on,
            number: bill.number,
            creditsBill: null,
            buyerName: bill.buyer_name,
            buyerPan: null,
            items: lines.map((line) => `${line.name} (${line.months} mo × ${line.devices})`).join("; "),
            quantity: lines.reduce((sum, line) => sum + line.devices, 0),
            totalPaisa: Math.round(Number(bill.total) * 100),
            taxablePaisa: Number(bill.taxable_paisa),
            vatPaisa: Number(bill.vat_paisa),
            vatRegistered: Number(bill.vat_registered) === 1,
            orderReference: bill.reference,
            orderStatus: bill.status,
            buyerPhone: bill.buyer_phone,
            paidBy: bill.paid_by,
            cause: null,
          };
        }),
        ...notes.map((note) => ({
          at: note.issued_at,
          kind: "credit-note" as const,
          issuedOn: note.issued_on,
          number: note.number,
          creditsBill: note.bill_number,
          buyerName: note.buyer_name,
          buyerPan: null,
          items: note.reason,
          quantity: 0,
          totalPaisa: -Math.round(Number(note.amount) * 100),
          taxablePaisa: -Number(note.taxable_paisa),
          vatPaisa: -Number(note.vat_paisa),
          vatRegistered: Number(note.vat_registered) === 1,
          orderReference: note.reference,
          orderStatus: note.status,
          buyerPhone: note.buyer_phone,
          paidBy: null,
          cause: note.cause,
        })),
      ];
      return rows.sort((a, b) => a.at.localeCompare(b.at) || a.number.localeCompare(b.number)).map(({ at: _at, ...row }) => row);
    },

    /** The shop's Bikram Sambat month today, "2083-08". */
    thisMonth: () => bsMonthOf(shopToday(clock())).key,

    /** The Bikram Sambat months that have a bill or credit note, newest first, and this month always. */
    async months(): Promise<Array<{ key: string; label: string }>> {
      const days = await db.selectFrom("bills").select("issued_on as day").union(db.selectFrom("credit_notes").select("issued_on as day")).execute();
      const months = new Map([shopToday(clock()), ...days.map((row) => row.day)].map((day) => [bsMonthOf(day).key, bsMonthOf(day)]));
      return [...months.values()].sort((a, b) => b.key.localeCompare(a.key));
    },

    /** An order's bill and its credit notes, for the admin. */
    async ofOrder(reference: string): Promise<{ bill: Bill | null; creditNotes: CreditNote[] }> {
      const order = await db.selectFrom("orders").select("id").where("reference", "=", normaliseReference(reference)).executeTakeFirst();
      if (!order) throw notFound(`No order with reference ${reference}`);
      const bill = await db.selectFrom("bills").selectAll().where("order_id", "=", order.id).executeTakeFirst();
      if (!bill) return { bill: null, creditNotes: [] };
      const notes = await db.selectFrom("credit_notes").selectAll().where("bill_id", "=", bill.id).orderBy("issued_at").orderBy("sequence").execute();
      return {
        bill: toBill(bill),
        creditNotes: notes.map((note) => ({
          number: note.number,
          fiscalYear: note.fiscal_year,
          issuedAt: note.issued_at,
          issuedOn: note.issued_on,
          reason: note.reason,
          amount: Number(note.amount),
          taxablePaisa: Number(note.taxable_paisa),
          vatPaisa: Number(note.vat_paisa),
        })),
      };
    },
  };
}
