import { toBikramSambat } from "../shared/bikram-sambat-dates";
import type { Locale } from "../shared/locale";

/*
 * Bills (issue 47, ADR 0130): one per paid order, numbered without gaps in the fiscal year it was issued in; a
 * cancellation or refund after payment is a credit note that names the bill, numbered in a series of its own.
 * Sources: docs/research/nepal-bills.md §2–§5.
 */

/** Nepal's VAT rate, in percent (VAT Act 2052, section 7). */
export const VAT_RATE = 13;

/** The month the fiscal year begins in: Shrawan, the 4th of the Bikram Sambat year. */
const FISCAL_YEAR_FIRST_MONTH = 4;

export const BILL_SERIES = ["bill", "credit-note"] as const;
export type BillSeries = (typeof BILL_SERIES)[number];

/** A fiscal year: the Bikram Sambat year it begins in, as written ("2082/83") and in a bill's number ("2082-83"). */
export type FiscalYear = { startYear: number; label: string; key: string };

/** The fiscal year a day (the shop's 'YYYY-MM-DD') falls in: from 1 Shrawan to the last day of Ashadh. */
export function fiscalYearOf(isoDay: string): FiscalYear {
  const { year, month } = toBikramSambat(isoDay);
  const startYear = month >= FISCAL_YEAR_FIRST_MONTH ? year : year - 1;
  const next = String((startYear + 1) % 100).padStart(2, "0");
  return { startYear, label: `${startYear}/${next}`, key: `${startYear}-${next}` };
}

/** A bill's number: its fiscal year and its place in that year's series ("2082-83-17"; a credit note "CN-2082-83-3"). */
export function billNumber(series: BillSeries, fiscalYear: FiscalYear, sequence: number): string {
  return `${series === "credit-note" ? "CN-" : ""}${fiscalYear.key}-${sequence}`;
}

/**
 * The VAT inside a VAT-inclusive amount (listed prices include VAT: VAT Rules, rule 14B), in paisa: the taxable amount
 * is the total over 1.13 rounded to the nearest paisa (half up), and the VAT what is left, so the two add up to the
 * total exactly. Not registered for VAT: all of it is the amount, none VAT.
 */
export function vatInside(totalNpr: number, vatRegistered: boolean): { taxablePaisa: number; vatPaisa: number } {
  const totalPaisa = Math.round(totalNpr * 100);
  if (!vatRegistered) return { taxablePaisa: totalPaisa, vatPaisa: 0 };
  const taxablePaisa = Math.floor((totalPaisa * 100 * 2 + (100 + VAT_RATE)) / (2 * (100 + VAT_RATE)));
  return { taxablePaisa, vatPaisa: totalPaisa - taxablePaisa };
}

/** The shopper's page of a bill, opened with its order's key or its customer's (ADR 0131); in Nepali under /ne. */
export function billPath(number: string, key: string, locale: Locale = "en"): string {
  return `${locale === "ne" ? "/ne" : ""}/bill/${encodeURIComponent(number)}?key=${encodeURIComponent(key)}`;
}

/** The bill's picture, for a chat: the same key; `download` asks the browser to save it. */
export function billImagePath(number: string, key: string, locale: Locale, download = false): string {
  return `/bill/${encodeURIComponent(number)}/image.png?key=${encodeURIComponent(key)}&lang=${locale}${download ? "&download=1" : ""}`;
}

/** Where a bill's QR code leads: anyone with its number and code can check it is the shop's. */
export function billVerifyPath(number: string, code: string, locale: Locale): string {
  return `${locale === "ne" ? "/ne" : ""}/bill/${encodeURIComponent(number)}/verify?code=${encodeURIComponent(code)}`;
}
