import { SHOP_TIME_ZONE, shopToday } from "../shared/shop-time";

// ---------------------------------------------------------------------------------------------
// Months and days where the shop is (ADR 0087)

const isoMonth = /^(\d{4})-(\d{2})$/;
const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

const shopParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Milliseconds the shop's clock is ahead of UTC at `instant`. */
function shopOffsetMs(instant: number): number {
  const parts = Object.fromEntries(shopParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant (ISO, as orders' times are stored) at which `day` (YYYY-MM-DD) begins in the shop. */
export function shopDayStart(day: string): string {
  const [, y, m, d] = isoDay.exec(day)!;
  const midnightUtc = Date.UTC(Number(y), Number(m) - 1, Number(d));
  return new Date(midnightUtc - shopOffsetMs(midnightUtc - shopOffsetMs(midnightUtc))).toISOString();
}

/** The shop's month (YYYY-MM) of a stored instant. */
export function shopMonthOf(instant: string): string {
  return shopToday(new Date(instant)).slice(0, 7);
}

/** `month` moved by `by` months (negative: back). */
export function shiftMonth(month: string, by: number): string {
  const [, y, m] = isoMonth.exec(month)!;
  const index = Number(y) * 12 + Number(m) - 1 + by;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The `count` months ending with `lastMonth`, oldest first. */
export function monthsEndingWith(lastMonth: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => shiftMonth(lastMonth, i - count + 1));
}

export const firstDayOf = (month: string) => `${month}-01`;

/** A day moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days from `from` up to, not including, `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Calendar months back or forth from `day`, clamped to the month's last day: 31 March − 1 month is
 * 28 February. Counted from the same anchor each time, so periods do not drift.
 */
export function shiftDay(day: string, months: number): string {
  const [, y, m, d] = isoDay.exec(day)!;
  const target = shiftMonth(`${y}-${m}`, months);
  const [ty, tm] = target.split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  return `${target}-${String(Math.min(Number(d), lastDay)).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// Provider cost, spread over the days each paid period covers (ADR 0087)

export type CostedAccount = {
  id: string;
  /** NPR paid to the provider for one period. */
  cost: number;
  periodMonths: number;
  /** YYYY-MM-DD: paid up until this day (the next payment is due on it); null when never set. */
  renewalDate: string | null;
  /** The shop's day the account was added to the ledger. */
  createdDay: string;
};

export type Period = { start: string; end: string; cost: number };

/** At most this many periods back from the renewal date (a monthly account 50 years old). */
const MAX_PERIODS = 600;

/**
 * The periods an account has been paid for: back from its renewal date, one period at a time, down to the
 * one covering the day it was added to the ledger. Without a renewal date: one period from that day.
 */
export function accountPeriods(account: CostedAccount): Period[] {
  const { cost, periodMonths, createdDay } = account;
  if (!account.renewalDate) return [{ start: createdDay, end: shiftDay(createdDay, periodMonths), cost }];
  const periods: Period[] = [];
  for (let k = 1; k <= MAX_PERIODS; k++) {
    const start = shiftDay(account.renewalDate, -k * periodMonths);
    periods.unshift({ start, end: shiftDay(account.renewalDate, -(k - 1) * periodMonths), cost });
    if (start <= createdDay) break;
  }
  return periods;
}

/** The part of the periods' cost that falls on the days from `from` up to, not including, `to`; in rupees, not rounded. */
export function costBetween(periods: readonly Period[], from: string, to: string): number {
  let total = 0;
  for (const period of periods) {
    const start = period.start > from ? period.start : from;
    const end = period.end < to ? period.end : to;
    if (start >= end) continue;
    total += (period.cost * daysBetween(start, end)) / daysBetween(period.start, period.end);
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Profit per account: its customers' revenue, spread over the days their seat held them

/** A line's time on one account's seat: its total, its days, and the shop days the seat held it (`heldTo` null: still). */
export type HeldSpan = { lineTotal: number; lineStart: string; lineEnd: string; heldFrom: string; heldTo: string | null };

/**
 * The part of a line's revenue an account earns on the days from `from` up to `to`: the line's total spread
 * evenly over its days, counted on the days its seat held it. In rupees, not rounded.
 */
export function revenueBetween(span: HeldSpan, from: string, to: string): number {
  const length = daysBetween(span.lineStart, span.lineEnd);
  if (length <= 0) return 0;
  const start = [span.lineStart, span.heldFrom, from].reduce((a, b) => (a > b ? a : b));
  const end = [span.lineEnd, span.heldTo ?? span.lineEnd, to].reduce((a, b) => (a < b ? a : b));
  return start < end ? (span.lineTotal * daysBetween(start, end)) / length : 0;
}

/** Days a seat was held within [from, to), counting no day after `today`. */
export function seatDaysBetween(span: Pick<HeldSpan, "heldFrom" | "heldTo">, from: string, to: string, today: string): number {
  const start = span.heldFrom > from ? span.heldFrom : from;
  const end = [span.heldTo ?? addDays(today, 1), to, addDays(today, 1)].reduce((a, b) => (a < b ? a : b));
  return Math.max(0, daysBetween(start, end));
}

/** What the periods paid so far cost: every period begun by `today`. */
export const paidBy = (periods: readonly Period[], today: string): number =>
  periods.filter((period) => period.start <= today).reduce((sum, period) => sum + period.cost, 0);

/**
 * Whole rupees for parts whose exact sum is `total` rounded: largest remainders get the rounding, so the
 * parts of a table add up to its total line.
 */
export function roundParts(values: readonly number[]): number[] {
  const target = Math.round(values.reduce((sum, value) => sum + value, 0));
  const floors = values.map(Math.floor);
  let missing = target - floors.reduce((sum, value) => sum + value, 0);
  const order = values.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder);
  for (const { index } of order) {
    if (missing <= 0) break;
    floors[index]! += 1;
    missing -= 1;
  }
  return floors;
}

// ---------------------------------------------------------------------------------------------
// Revenue rules shared by the SQL and the tests

/** Renewal rate in whole percent, or null for a month in which no line ended. */
export function renewalRate(renewed: number, ended: number): number | null {
  return ended === 0 ? null : Math.round((renewed / ended) * 100);
}

/** Revenue by service: the `top` largest by revenue, the rest summed as "Other". */
export function topWithOther<T extends { service: string; revenue: number; cost: number; margin: number }>(rows: readonly T[], top: number) {
  const sorted = [...rows].sort((a, b) => b.revenue - a.revenue || a.service.localeCompare(b.service));
  if (sorted.length <= top + 1) return sorted.map(({ service, revenue, cost, margin }) => ({ service, revenue, cost, margin }));
  const rest = sorted.slice(top);
  return [
    ...sorted.slice(0, top).map(({ service, revenue, cost, margin }) => ({ service, revenue, cost, margin })),
    {
      service: OTHER_SERVICES,
      revenue: rest.reduce((sum, row) => sum + row.revenue, 0),
      cost: rest.reduce((sum, row) => sum + row.cost, 0),
      margin: rest.reduce((sum, row) => sum + row.margin, 0),
    },
  ];
}
export const OTHER_SERVICES = "Other";
/** The by-service table's last row: what coupons and referral credit took off, so its rows add up to the month. */
export const DISCOUNTS_ROW = "Coupons and referral credit";
/** And what was refunded that month (ADR 0127), to credit or a gateway: the rows then add up to the money report's margin. */
export const REFUNDS_ROW = "Refunds";

// ---------------------------------------------------------------------------------------------
// What the API answers

export const REPORT_MONTHS = 12;
export const TOP_SERVICES = 10;
