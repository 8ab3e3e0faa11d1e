import type { Locale } from "./locale";

/*
 * Numbers as a shopper reads them in each language (ADR 0092). Digits come from Intl (`en-IN` and `ne-NP`
 * both group in lakhs: 1,50,000 and १,५०,०००). Days are in bikram-sambat-dates.ts, so that pages without
 * dates do not load the calendar.
 */

/**
 * Browsers that carry no Nepali locale data (Chromium's ICU has none, and resolves "ne-NP" to en-US with
 * Western digits and grouping) fall back to en-IN: the same lakh grouping, and Intl's own Devanagari digits
 * (`numberingSystem: "deva"`). Server and browser then write the same text, whatever ICU each has.
 */
export const NEPALI_LOCALES = ["ne-NP", "en-IN"];
const numberFormats: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 }),
  ne: new Intl.NumberFormat(NEPALI_LOCALES, { maximumFractionDigits: 0, numberingSystem: "deva" }),
};

/** A whole number with lakh grouping: 150000 → "1,50,000" or "१,५०,०००". */
export function formatNumber(value: number, locale: Locale): string {
  return numberFormats[locale].format(value);
}

const plainNumbers: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-IN", { useGrouping: false, maximumFractionDigits: 0 }),
  ne: new Intl.NumberFormat(NEPALI_LOCALES, { useGrouping: false, maximumFractionDigits: 0, numberingSystem: "deva" }),
};

/** A year as written in a date or a copyright line, without grouping: "2026" or "२०२६". */
export function formatYear(year: number, locale: Locale): string {
  return plainNumbers[locale].format(year);
}

const oneDecimal: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-IN", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ne: new Intl.NumberFormat(NEPALI_LOCALES, { minimumFractionDigits: 1, maximumFractionDigits: 1, numberingSystem: "deva" }),
};

/** A figure with one decimal, such as a rating: "4.8" or "४.८". */
export function formatOneDecimal(value: number, locale: Locale): string {
  return oneDecimal[locale].format(value);
}

/** An amount in rupees as price tags are written: "NPR 1,700" or "रु. १,७००". */
export function formatNpr(amount: number, locale: Locale): string {
  return locale === "ne" ? `रु. ${formatNumber(amount, "ne")}` : `NPR ${formatNumber(amount, "en")}`;
}
