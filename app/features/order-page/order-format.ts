import type { Locale } from "../../../domain/shared/locale";
import { formatBsDate } from "../../../domain/shared/bikram-sambat-dates";
import { formatNumber, NEPALI_LOCALES } from "../../../domain/shared/locale-format";
import type { OrderStatus } from "../../../domain/orders/statuses";
import { SHOP_TIME_ZONE, shopToday } from "../../../domain/shared/shop-time";
import { m } from "../../paraglide/messages";

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const nepaliClock = new Intl.DateTimeFormat(NEPALI_LOCALES, {
  timeZone: SHOP_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  numberingSystem: "deva",
});

/**
 * An ISO time as the shop's customers read it, in Nepal time: "25 Nov 2026, 11:45", or on a Nepali page
 * the Bikram Sambat day and the clock in Devanagari digits, "२०८३ मंसिर ९, ११:४५".
 */
export const shopTime = (iso: string, locale: Locale = "en") => {
  const at = new Date(iso);
  return locale === "ne" ? `${formatBsDate(shopToday(at))}, ${nepaliClock.format(at)}` : timeFormat.format(at);
};

export function daysLeftLabel(daysLeft: number, locale: Locale = "en"): string {
  const days = (n: number) => formatNumber(n, locale);
  if (daysLeft > 1) return m.days_left_many({ days: days(daysLeft) });
  if (daysLeft === 1) return m.days_left_one();
  if (daysLeft === 0) return m.days_left_today();
  return daysLeft === -1 ? m.days_ended_one() : m.days_ended_many({ days: days(-daysLeft) });
}

const STEP_TEXT: Record<OrderStatus, () => string> = {
  new: m.step_new,
  contacted: m.step_contacted,
  paid: m.step_paid,
  delivered: m.step_delivered,
  cancelled: m.step_cancelled,
};
/** An order's status as the timeline names it: "Received", "Paid"… */
export const stepText = (status: OrderStatus): string => STEP_TEXT[status]();

/** An order's status as a coloured pill, on its page and in a customer's list of orders. */
export const STATUS_TONES: Record<OrderStatus, string> = {
  new: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  contacted: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  paid: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  delivered: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  cancelled: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};
