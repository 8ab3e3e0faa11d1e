import { z } from "zod";

/** A bill as the admin reads it (ADR 0130): its number, fiscal year, dates, totals and how it was paid. */
export const billSchema = z.object({
  number: z.string(),
  fiscalYear: z.string(),
  issuedAt: z.string(),
  /** The shop's date of issue, 'YYYY-MM-DD'. */
  issuedOn: z.string(),
  total: z.number(),
  taxablePaisa: z.number(),
  vatPaisa: z.number(),
  /** A gateway's name, "store-credit", or "shop" (the seller marked it paid). */
  paidBy: z.string(),
  verificationCode: z.string(),
});
export type Bill = z.infer<typeof billSchema>;

/** A credit note: what a cancellation or refund after payment took back of a bill. */
export const creditNoteSchema = z.object({
  number: z.string(),
  fiscalYear: z.string(),
  issuedAt: z.string(),
  issuedOn: z.string(),
  reason: z.string(),
  amount: z.number(),
  taxablePaisa: z.number(),
  vatPaisa: z.number(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

/** A Bikram Sambat month as Admin → Bills names it: "2083-08" (Mangsir 2083). */
export const bsMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be a Bikram Sambat month written YYYY-MM, e.g. 2083-08");

export const billsQuerySchema = z.object({
  month: bsMonthSchema.optional(),
  /** A bill's or credit note's number, an order's reference or a buyer's phone, in any month. */
  q: z.string().trim().max(40, "Search for at most 40 characters").optional().default(""),
});

const bookRowSchema = z.object({
  kind: z.enum(["bill", "credit-note"]),
  issuedOn: z.string(),
  number: z.string(),
  creditsBill: z.string().nullable(),
  buyerName: z.string().nullable(),
  buyerPan: z.string().nullable(),
  items: z.string(),
  quantity: z.number(),
  totalPaisa: z.number(),
  taxablePaisa: z.number(),
  vatPaisa: z.number(),
  vatRegistered: z.boolean(),
  orderReference: z.string(),
  orderStatus: z.string(),
  buyerPhone: z.string().nullable(),
  paidBy: z.string().nullable(),
  cause: z.string().nullable(),
});

/** Admin → Bills (ADR 0131): a month's book (or a search's rows), its totals, and how it agrees with the money report. */
export const billsBookSchema = z.object({
  success: z.literal(true),
  month: z.object({ key: z.string(), label: z.string() }),
  months: z.array(z.object({ key: z.string(), label: z.string() })),
  search: z.string(),
  rows: z.array(bookRowSchema),
  totals: z.object({ totalPaisa: z.number(), exemptPaisa: z.number(), taxablePaisa: z.number(), vatPaisa: z.number() }),
  /** Null for a search, which spans months. */
  agreement: z
    .object({
      deliveredPaisa: z.number(),
      refundNotesPaisa: z.number(),
      awaitingDeliveryPaisa: z.number(),
      cancelledPaisa: z.number(),
      reportRevenuePaisa: z.number(),
      reportRefundsPaisa: z.number(),
      differencePaisa: z.number(),
    })
    .nullable(),
});
export type BillsBook = z.infer<typeof billsBookSchema>;
