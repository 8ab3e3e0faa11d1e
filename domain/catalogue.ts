import type { Status } from "./categories";

export { CATEGORIES, CATEGORY_LABELS, STATUSES, type Category, type Status } from "./categories";

export const PLAN_MONTHS = [1, 3, 6, 12] as const;

export const STATUS_LABELS: Record<Status, string> = { shared: "Shared", private: "Private", none: "Empty" };

export type { ApiPrice, CatalogueItem, PriceData, PriceInput } from "./schemas/catalogue";

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

/** Catalogue order: by the admin's Id, numerically (spec §7). */
export function compareById(a: { Id: string }, b: { Id: string }): number {
  return Number(a.Id) - Number(b.Id) || a.Id.localeCompare(b.Id);
}
