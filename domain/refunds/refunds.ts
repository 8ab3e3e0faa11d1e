/*
 * Refunds (issue 46, ADR 0127): a delivered line the shop cannot replace is refunded for the days it has left, at what
 * was paid for it, to the gateway that took the payment where its API refunds (Khalti) or to store credit.
 */

export const REFUND_DESTINATIONS = ["credit", "khalti"] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

const DAY_MS = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * What a line paid for: its share of what the order was paid (after coupons and referral credit, store credit
 * included), in proportion to its list price among the order's lines, rounded down to a rupee.
 */
export function linePaid(lineTotal: number, orderLinesTotal: number, orderPaid: number): number {
  if (orderLinesTotal <= 0) return 0;
  return Math.floor((lineTotal * orderPaid) / orderLinesTotal);
}

/**
 * The days left of a line from `today` (today itself is used, so it is not left) over all its days, at what it was
 * paid: rounded down to a rupee, so the shop never gives back more than was paid. 0 for a line ended or not started.
 */
export function proRataRefund(
  line: { paid: number; startDate: string; expiryDate: string },
  today: string,
): { amount: number; daysLeft: number; days: number } {
  const total = days(line.startDate, line.expiryDate);
  const from = today > line.startDate ? today : line.startDate;
  const left = Math.max(0, Math.min(total, days(from, line.expiryDate) - (today >= line.startDate ? 1 : 0)));
  if (total <= 0 || left <= 0) return { amount: 0, daysLeft: 0, days: Math.max(total, 0) };
  return { amount: Math.floor((line.paid * left) / total), daysLeft: left, days: total };
}
