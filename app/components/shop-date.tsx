import { formatBsDate, formatDay, formatDecidingDay } from "../../domain/shared/bikram-sambat-dates";
import type { Locale } from "../../domain/shared/locale";

/**
 * A day that decides something, on a page (`formatDecidingDay`, ADR 0092): in Nepali the AD day beside the Bikram
 * Sambat one is written in English, and marked so.
 */
export function ShopDate({ date, locale }: { date: string; locale: Locale }) {
  if (locale !== "ne") return formatDecidingDay(date, locale);
  return (
    <>
      {formatBsDate(date)} (<span lang="en">{formatDay(date, "en")}</span>)
    </>
  );
}
