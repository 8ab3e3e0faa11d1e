export const CATEGORIES = ["ott", "music", "vpn", "software", "games", "18+"] as const;
export type Category = (typeof CATEGORIES)[number];

export const STATUSES = ["shared", "private", "none"] as const;
export type Status = (typeof STATUSES)[number];

export const PLAN_MONTHS = [1, 3, 6, 12] as const;
export const MAX_PLAN_MONTHS = 36;
export const MAX_PLAN_PRICE = 10_000_000;

/** Labels the admin sees; the API takes them case-insensitively. */
export const CATEGORY_LABELS: Record<Category, string> = {
  ott: "OTT",
  music: "Music",
  vpn: "VPN",
  software: "Software",
  games: "Games",
  "18+": "18+",
};

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

