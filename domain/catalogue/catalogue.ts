import type { Status } from "./categories";

export { CATEGORIES, CATEGORY_LABELS, STATUSES, type Category, type Status } from "./categories";

export const PLAN_MONTHS = [1, 3, 6, 12] as const;

export const STATUS_LABELS: Record<Status, string> = { shared: "Shared", private: "Private", none: "Empty" };

export type { ApiPrice, CatalogueItem, PriceData, PriceInput } from "./schemas";

/** Plans as [months, price] pairs, shortest first. */
export function planEntries(plans: Record<string, number>): Array<[months: number, price: number]> {
  return Object.entries(plans)
    .map(([m, p]) => [Number(m), p] as [number, number])
    .sort((a, b) => a[0] - b[0]);
}

/** The cheapest way in: the shortest plan, as shown on cards and suggestions. */
export function firstPlan(plans: Record<string, number>): { months: number; price: number } | null {
  const [first] = planEntries(plans);
  return first ? { months: first[0], price: first[1] } : null;
}

/** Catalogue order: by the admin's Id, numerically. */
export function compareById(a: { Id: string }, b: { Id: string }): number {
  return Number(a.Id) - Number(b.Id) || a.Id.localeCompare(b.Id);
}

/**
 * What customers hold of an item, and what it still has (ADR 0100): licence keys delivered and in stock, seats
 * held by its lines, paid orders of it waiting for delivery. An item holding any of these is not deleted: it
 * is hidden from the shop instead, and all of these stay.
 */
export type ItemHoldings = { deliveredKeys: number; keysInStock: number; seatsInUse: number; paidOrders: number };

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Why an item cannot be deleted, one reason a holding; none when it can be. */
export function holdingReasons(held: ItemHoldings): string[] {
  return [
    held.deliveredKeys > 0 && `${count(held.deliveredKeys, "licence key", "licence keys")} delivered to customers`,
    held.seatsInUse > 0 && `${count(held.seatsInUse, "seat", "seats")} in use`,
    held.paidOrders > 0 && `${count(held.paidOrders, "paid order", "paid orders")} waiting for delivery`,
    held.keysInStock > 0 && `${count(held.keysInStock, "key", "keys")} in stock`,
  ].filter((reason): reason is string => Boolean(reason));
}

/** The refusal of a Delete, with what to do instead. */
export const itemDeleteRefusal = (name: string, reasons: readonly string[]) =>
  `${name} cannot be deleted: ${reasons.join(", ")}. Hide it from the shop instead: it is no longer sold, and its orders, keys and seats stay.`;
