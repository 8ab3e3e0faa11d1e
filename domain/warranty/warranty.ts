import { addDays } from "../ledger/settings";
import { shopToday } from "../shared/shop-time";

/*
 * Warranty (issue 46, ADR 0128): an item promises to replace what stops working for N days from delivery, or for
 * the line's whole term (the default), or not at all (0). A line keeps the promise it was sold with.
 */

/** The longest warranty the seller may give, in days: ten years. */
export const WARRANTY_DAYS_MAX = 3650;

/** An item's warranty as the seller sets it: a number of days from delivery, 0 for none, null for the line's whole term. */
export type WarrantyDays = number | null;

/** A delivered line's warranty: replaced free up to and including `until`, or while it lasts when it has no end. */
export type LineWarranty = { until: string | null };

/**
 * The warranty of a delivered line: from the later of its delivery day and its start (a renewal delivered early is
 * covered from where it starts), for the item's days, never past the line's end. Null when it has none: the item
 * gives none, the line is refunded, or not delivered.
 */
export function lineWarranty(line: {
  warrantyDays: WarrantyDays;
  startDate: string | null;
  expiryDate: string | null;
  deliveredAt: string | null;
  refunded: boolean;
}): LineWarranty | null {
  if (line.warrantyDays === 0 || line.refunded || !line.deliveredAt) return null;
  if (line.warrantyDays === null) return { until: line.expiryDate };
  const delivered = shopToday(new Date(line.deliveredAt));
  const from = line.startDate && line.startDate > delivered ? line.startDate : delivered;
  const until = addDays(from, line.warrantyDays);
  return { until: line.expiryDate && line.expiryDate < until ? line.expiryDate : until };
}

/** Whether a problem reported on `day` (the shop's date) falls inside the warranty. */
export function coveredOn(warranty: LineWarranty | null, day: string): boolean {
  return warranty !== null && (warranty.until === null || day <= warranty.until);
}
