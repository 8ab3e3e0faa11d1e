import { randomBytes, randomUUID } from "node:crypto";
import { billNumber, fiscalYearOf, vatInside, type BillSeries } from "../../../domain/bills/bills";
import type { Bill, CreditNote } from "../../../domain/bills/schemas";
import type { LegalDetails } from "../../../domain/settings/schemas";
import { shopToday } from "../../../domain/shared/shop-time";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { normaliseReference } from "../../../domain/orders/references";
import { notFound } from "../../errors";

export interface BillsDependencies {
  /** The shop's legal details as the bill copies them (ADR 0129), read in the issuing transaction; null while none. */
  legal(trx: Db): Promise<LegalDetails | null>;
}

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
export function createBillsService(db: Db, clock: Clock, { legal }: BillsDependencies) {
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
