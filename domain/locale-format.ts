import bikramSambat from "bikram-sambat";
import type { Locale } from "./locale";

/**
 * Numbers and dates as a shopper reads them in each language (ADR 0092). Digits come from Intl (`en-IN`
 * and `ne-NP` both group in lakhs: 1,50,000 and १,५०,०००); Bikram Sambat dates come from the bikram-sambat
 * package, whose month lengths are the published calendar's, never a table of ours.
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
const plainNepali = new Intl.NumberFormat(NEPALI_LOCALES, { useGrouping: false, numberingSystem: "deva" });

/** A whole number with lakh grouping: 150000 → "1,50,000" or "१,५०,०००". */
export function formatNumber(value: number, locale: Locale): string {
  return numberFormats[locale].format(value);
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

/** A Bikram Sambat date: year, month (1 = Baisakh) and day. */
export interface BsDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A 'YYYY-MM-DD' day of the Gregorian calendar in Bikram Sambat (2026-11-24 → 2083-08-08). */
export function toBikramSambat(isoDay: string): BsDate {
  if (!ISO_DAY.test(isoDay)) throw new Error(`Not a YYYY-MM-DD date: ${isoDay}`);
  return bikramSambat.toBik(isoDay);
}

/** A Bikram Sambat day written in Nepali: "२०८३ मंसिर ८". */
export function formatBsDate(isoDay: string): string {
  const { year, month, day } = toBikramSambat(isoDay);
  return `${plainNepali.format(year)} ${bikramSambat.toDev(year, month, day).month} ${plainNepali.format(day)}`;
}

const englishDay = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });

/** A 'YYYY-MM-DD' day: "24 Nov 2026" in English, "२०८३ मंसिर ८" in Nepali. */
export function formatDay(isoDay: string, locale: Locale): string {
  return locale === "ne" ? formatBsDate(isoDay) : englishDay.format(new Date(`${isoDay}T00:00:00Z`));
}

/**
 * A day that decides something (an expiry, the end of a validity): in Nepali the Bikram Sambat day with
 * the Gregorian one beside it, "२०८३ मंसिर ८ (24 Nov 2026)", as accounts and providers count in AD.
 */
export function formatDecidingDay(isoDay: string, locale: Locale): string {
  return locale === "ne" ? `${formatBsDate(isoDay)} (${formatDay(isoDay, "en")})` : formatDay(isoDay, "en");
}
