import bikramSambat from "bikram-sambat";
import { toBikramSambat } from "../shared/bikram-sambat-dates";

/*
 * The monthly sales book (बिक्री खाता, VAT Rules rule 23 and Schedule 9; docs/research/nepal-bills.md §6), by Bikram
 * Sambat month as the VAT return is filed. The two published column lists disagree on the goods' name and quantity:
 * the book keeps them, as a column list that is the one place to change (ADR 0131).
 */

/** A Bikram Sambat month, "2083-08" (Mangsir 2083), and the AD days it runs over: `from` to `to`, `to` excluded. */
export function bsMonthDays(month: string): { from: string; to: string } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new Error(`Not a YYYY-MM Bikram Sambat month: ${month}`);
  const year = Number(match[1]);
  const number = Number(match[2]);
  const next = number === 12 ? { year: year + 1, month: 1 } : { year, month: number + 1 };
  return { from: bikramSambat.toGreg_text(year, number, 1), to: bikramSambat.toGreg_text(next.year, next.month, 1) };
}

/** A day as the sales book and CBMS date it: Bikram Sambat, "2083.08.18". */
export function bookDate(isoDay: string): string {
  const { year, month, day } = toBikramSambat(isoDay);
  return `${year}.${String(month).padStart(2, "0")}.${String(day).padStart(2, "0")}`;
}

/** One entry of the book: a bill, or a credit note taking part of one back (its amounts negative). */
export interface BookEntry {
  issuedOn: string;
  number: string;
  /** For a credit note, the bill it takes back from. */
  creditsBill: string | null;
  buyerName: string | null;
  buyerPan: string | null;
  items: string;
  quantity: number;
  totalPaisa: number;
  taxablePaisa: number;
  vatPaisa: number;
  vatRegistered: boolean;
}

export type BookTotals = { totalPaisa: number; exemptPaisa: number; taxablePaisa: number; vatPaisa: number };

/** What a seller not registered for VAT sells is all outside VAT; a registered one's is taxable, VAT inside. */
const exemptOf = (entry: BookEntry) => (entry.vatRegistered ? 0 : entry.totalPaisa);

const rupees = (paisa: number) => paisa / 100;

/** The book's columns, in order: English and Nepali headings, and each entry's cell. */
export const SALES_BOOK_COLUMNS: Array<{ en: string; ne: string; cell: (entry: BookEntry) => string | number | null }> = [
  { en: "Date", ne: "मिति", cell: (entry) => bookDate(entry.issuedOn) },
  { en: "Invoice no.", ne: "बीजक नम्बर", cell: (entry) => entry.number },
  { en: "Credit note for invoice", ne: "क्रेडिट नोटको बीजक", cell: (entry) => entry.creditsBill },
  { en: "Buyer's name", ne: "खरिदकर्ताको नाम", cell: (entry) => entry.buyerName },
  { en: "Buyer's PAN", ne: "खरिदकर्ताको स्थायी लेखा नम्बर", cell: (entry) => entry.buyerPan },
  { en: "Goods or services", ne: "वस्तु वा सेवाको नाम", cell: (entry) => entry.items },
  { en: "Quantity", ne: "परिमाण", cell: (entry) => entry.quantity },
  { en: "Total sales", ne: "जम्मा बिक्री", cell: (entry) => rupees(entry.totalPaisa) },
  { en: "Exempt or non-taxable sales", ne: "कर छुट / करयोग्य नभएको बिक्री", cell: (entry) => rupees(exemptOf(entry)) },
  { en: "Taxable sales", ne: "करयोग्य बिक्री मूल्य", cell: (entry) => rupees(entry.vatRegistered ? entry.taxablePaisa : 0) },
  { en: "VAT", ne: "कर (मू.अ.कर)", cell: (entry) => rupees(entry.vatPaisa) },
];

/** The book's totals: credit notes (negative) taken off the bills. */
export function bookTotals(entries: readonly BookEntry[]): BookTotals {
  return entries.reduce<BookTotals>(
    (sum, entry) => ({
      totalPaisa: sum.totalPaisa + entry.totalPaisa,
      exemptPaisa: sum.exemptPaisa + exemptOf(entry),
      taxablePaisa: sum.taxablePaisa + (entry.vatRegistered ? entry.taxablePaisa : 0),
      vatPaisa: sum.vatPaisa + entry.vatPaisa,
    }),
    { totalPaisa: 0, exemptPaisa: 0, taxablePaisa: 0, vatPaisa: 0 },
  );
}

/** A row of Admin → Bills: a bill or a credit note, its book entry and the order it belongs to. */
export type BookRow = BookEntry & {
  kind: "bill" | "credit-note";
  orderReference: string;
  orderStatus: string;
  buyerPhone: string | null;
  paidBy: string | null;
  /** A credit note's cause: "cancelled:<order>" or "refund:<line>". */
  cause: string | null;
};

/**
 * The month's book beside the money report over the same days (ADR 0131). The report counts delivered orders by
 * when they were paid, less refunds; the book counts every bill issued, less its credit notes. They agree when
 * the bills of delivered orders less the refunds' credit notes equal the report's revenue less its refunds; what
 * is billed but not yet delivered, or cancelled after payment, is told apart. A difference left over is a
 * delivered order paid before the shop issued bills.
 */
export function bookAgreement(rows: readonly BookRow[], report: { revenue: number; refunds: number }) {
  const sum = (predicate: (row: BookRow) => boolean) => rows.filter(predicate).reduce((total, row) => total + row.totalPaisa, 0);
  const delivered = sum((row) => row.kind === "bill" && row.orderStatus === "delivered");
  const refundNotes = -sum((row) => row.kind === "credit-note" && (row.cause ?? "").startsWith("refund:"));
  const awaitingDelivery = sum((row) => row.kind === "bill" && row.orderStatus === "paid");
  // Bills of orders cancelled after payment, and the credit notes that cancelled them (any order's, this month).
  const cancelled = sum(
    (row) => (row.kind === "bill" && row.orderStatus === "cancelled") || (row.kind === "credit-note" && (row.cause ?? "").startsWith("cancelled:")),
  );
  const reportNet = Math.round((report.revenue - report.refunds) * 100);
  return {
    deliveredPaisa: delivered,
    refundNotesPaisa: refundNotes,
    awaitingDeliveryPaisa: awaitingDelivery,
    cancelledPaisa: cancelled,
    reportRevenuePaisa: Math.round(report.revenue * 100),
    reportRefundsPaisa: Math.round(report.refunds * 100),
    differencePaisa: delivered - refundNotes - reportNet,
  };
}
