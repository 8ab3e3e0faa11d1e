import bikramSambat from "bikram-sambat";
import type { Locale } from "./locale";
import { NEPALI_LOCALES } from "./locale-format";

/**
 * Days as a shopper reads them (ADR 0092): Bikram Sambat on Nepali pages, from the bikram-sambat package,
 * whose month lengths are the published calendar's, never a table of ours; digits from Intl.
 */
const plainNepali = new Intl.NumberFormat(NEPALI_LOCALES, { useGrouping: false, numberingSystem: "deva" });

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

/** The Bikram Sambat month a day falls in, written in Nepali ("२०८३ मंसिर"), and a key that sorts ("2083-08"). */
export function bsMonthOf(isoDay: string): { key: string; label: string } {
  const { year, month } = toBikramSambat(isoDay);
  return {
    key: `${year}-${String(month).padStart(2, "0")}`,
    label: `${plainNepali.format(year)} ${bikramSambat.toDev(year, month, 1).month}`,
  };
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
