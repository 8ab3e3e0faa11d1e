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
