import { type CatalogueItem, CATEGORIES, type Category, CATEGORY_LABELS, compareById, firstPlan } from "./catalogue";
import { MAX_QUERY_LENGTH } from "./categories";
import { hasEveryWord } from "./search";

/** The storefront chips, after 'All'. Other categories (software, games) still filter by URL. */
export const CHIP_CATEGORIES = ["vpn", "ott", "music", "18+"] as const satisfies readonly Category[];

/** "featured" keeps the catalogue order (by Id); prices are compared on the first (shortest) plan. */
export const SORTS = ["featured", "name", "price-asc", "price-desc"] as const;
export type Sort = (typeof SORTS)[number];

export const STATUS_FILTERS = ["shared", "private"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Everything the prices page filters by. The category comes from the path, the rest from the query. */
export type PriceFilters = {
  category: Category | null;
  q: string;
  sort: Sort;
  status: StatusFilter | null;
  min: number | null;
  max: number | null;
  /** Hide items without plans ('Contact for pricing'). */
  pricedOnly: boolean;
};

export const DEFAULT_FILTERS: PriceFilters = {
  category: null,
  q: "",
  sort: "featured",
  status: null,
  min: null,
  max: null,
  pricedOnly: false,
};

type FilterableItem = Pick<CatalogueItem, "Id" | "Name" | "category" | "status" | "plans"> & Partial<Pick<CatalogueItem, "NameNe">>;

/**
 * The `/price/{cat}` parameter: a known category (any case), `null` for 'all',
 * or `undefined` when the path names no category we sell.
 */
export function parseCategory(raw: string | undefined): Category | null | undefined {
  if (raw === undefined) return null;
  const value = raw.trim().toLowerCase();
  if (value === "all" || value === "") return null;
  return (CATEGORIES as readonly string[]).includes(value) ? (value as Category) : undefined;
}

function parseAmount(raw: string | null): number | null {
  // Shoppers write "1,000" as often as "1000".
  const value = raw?.replace(/[,\s]/g, "") ?? "";
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** Reads the query leniently: a value we do not understand is treated as not given. */
export function parseFilters(search: URLSearchParams, category: Category | null = null): PriceFilters {
  const sort = search.get("sort");
  const status = search.get("status")?.toLowerCase();
  let min = parseAmount(search.get("min"));
  let max = parseAmount(search.get("max"));
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return {
    category,
    q: (search.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH),
    sort: (SORTS as readonly string[]).includes(sort ?? "") ? (sort as Sort) : "featured",
    status: (STATUS_FILTERS as readonly string[]).includes(status ?? "") ? (status as StatusFilter) : null,
    min,
    max,
    pricedOnly: ["1", "true", "on", "yes"].includes(search.get("priced")?.toLowerCase() ?? ""),
  };
}

/** The query for the filters (category excluded: it is in the path), without defaults, so shared links stay short. */
export function filtersToSearchParams(filters: PriceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.sort !== "featured") params.set("sort", filters.sort);
  if (filters.status) params.set("status", filters.status);
  if (filters.min !== null) params.set("min", String(filters.min));
  if (filters.max !== null) params.set("max", String(filters.max));
  if (filters.pricedOnly) params.set("priced", "1");
  return params;
}

export function categoryPath(category: Category | null): string {
  return category ? `/price/${encodeURIComponent(category)}` : "/prices";
}

/** The shareable URL of a filtered list. */
export function pricesUrl(filters: PriceFilters): string {
  const query = filtersToSearchParams(filters).toString();
  return query ? `${categoryPath(filters.category)}?${query}` : categoryPath(filters.category);
}

/**
 * The price list arrives a page at a time: the HTML of /prices stays the same size however
 * large the catalogue grows, and the next page loads as the shopper scrolls to the end.
 */
export const PRICES_PAGE_SIZE = 48;

/** A list position from the query: a whole number, 0 when absent or not understood. */
export function parseOffset(search: URLSearchParams): number {
  const value = search.get("offset") ?? "";
  return /^\d{1,7}$/.test(value) ? Number(value) : 0;
}

/** The URL of the page of `listUrl` (a `pricesUrl`) that starts at `offset`. */
export function pageUrl(listUrl: string, offset: number): string {
  return `${listUrl}${listUrl.includes("?") ? "&" : "?"}offset=${offset}`;
}

/** Filters in the drawer that differ from the defaults (search and category are shown elsewhere). */
export function countDrawerFilters(filters: PriceFilters): number {
  return (
    Number(filters.sort !== "featured") +
    Number(filters.status !== null) +
    Number(filters.min !== null) +
    Number(filters.max !== null) +
    Number(filters.pricedOnly)
  );
}

export function isFiltered(filters: PriceFilters): boolean {
  return filters.category !== null || filters.q !== "" || countDrawerFilters(filters) > 0;
}

/** Every word of the query must appear in the name (English or the seller's Nepali) or the category's label, ignoring case. */
const matchesQuery = (item: FilterableItem, q: string) => hasEveryWord(`${item.Name} ${item.NameNe ?? ""} ${CATEGORY_LABELS[item.category]}`, q);

/** The first (shortest) plan's price, as cards show it; null for 'Contact for pricing'. */
export const listedPrice = (item: Pick<CatalogueItem, "plans">) => firstPlan(item.plans)?.price ?? null;

/**
 * The prices page's list: filtered, then sorted. A price range applies to items with a price;
 * items without plans are governed by `pricedOnly` alone, and come last when sorting by price.
 */
export function applyFilters<T extends FilterableItem>(items: readonly T[], filters: PriceFilters): T[] {
  const result = items.filter((item) => {
    if (filters.category && item.category !== filters.category) return false;
    if (filters.status && item.status !== filters.status) return false;
    if (!matchesQuery(item, filters.q)) return false;
    const price = listedPrice(item);
    if (price === null) return !filters.pricedOnly;
    if (filters.min !== null && price < filters.min) return false;
    if (filters.max !== null && price > filters.max) return false;
    return true;
  });

  const byPrice = (direction: 1 | -1) => (a: T, b: T) => {
    const pa = listedPrice(a);
    const pb = listedPrice(b);
    if (pa === null || pb === null) return Number(pa === null) - Number(pb === null) || compareById(a, b);
    return (pa - pb) * direction || compareById(a, b);
  };

  switch (filters.sort) {
    case "name":
      return result.sort((a, b) => a.Name.localeCompare(b.Name, "en", { sensitivity: "base" }) || compareById(a, b));
    case "price-asc":
      return result.sort(byPrice(1));
    case "price-desc":
      return result.sort(byPrice(-1));
    default:
      return result.sort(compareById);
  }
}

/** Spec: '{n} subscription(s) found'. */
export const resultCountLabel = (n: number) => `${n} ${n === 1 ? "subscription" : "subscriptions"} found`;
