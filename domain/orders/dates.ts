/** A day written YYYY-MM-DD (whether it exists is for the caller to check). */

export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Where a renewal delivered on `start` begins: where the line it renews ends, when that is later, so the
 * customer keeps the days left; on `start` when that line has already ended.
 */
export function renewalStart(renewedExpiry: string | null, start: string): string {
  return renewedExpiry !== null && renewedExpiry > start ? renewedExpiry : start;
}

/** Where a renewal of `months` runs to: on from the old end, or from today when the old one has already ended. */
export function renewalRunsTo(expiryDate: string, today: string, months: number): string {
  return addMonths(expiryDate < today ? today : expiryDate, months);
}

/** Calendar months: 31 Jan + 1 month is the last day of February, not 3 March. */
export function addMonths(date: string, months: number): string {
  const [, y, m, d] = ISO_DATE.exec(date)!;
  const monthIndex = Number(m) - 1 + months;
  const year = Number(y) + Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(Number(d), lastDay))).toISOString().slice(0, 10);
}

/** Whole days from `today` to `date` (negative when past). */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export const DEFAULT_RENEWAL_WINDOW_DAYS = 7;
