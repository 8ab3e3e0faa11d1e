import { describe, expect, it } from "vitest";
import type { CatalogueItem } from "./catalogue";
import {
  applyFilters,
  countDrawerFilters,
  DEFAULT_FILTERS,
  filtersToSearchParams,
  isFiltered,
  pageUrl,
  parseCategory,
  parseFilters,
  parseOffset,
  type PriceFilters,
  pricesUrl,
  resultCountLabel,
} from "./filters";

type Item = Pick<CatalogueItem, "Id" | "Name" | "category" | "status" | "plans">;

const items: Item[] = [
  { Id: "1", Name: "Netflix Premium", category: "ott", status: "shared", plans: { "1": 300, "3": 880 } },
  { Id: "2", Name: "Spotify Premium", category: "music", status: "private", plans: { "1": 300, "12": 3000 } },
  { Id: "10", Name: "NordVPN", category: "vpn", status: "shared", plans: { "3": 800, "1": 250 } },
  { Id: "3", Name: "Internet Download Manager", category: "software", status: "none", plans: {} },
  { Id: "4", Name: "apple music", category: "music", status: "private", plans: { "6": 1350 } },
  { Id: "5", Name: "Adult Pass", category: "18+", status: "shared", plans: { "1": 500 } },
];

const names = (list: Item[]) => list.map((i) => i.Name);
const filters = (over: Partial<PriceFilters>): PriceFilters => ({ ...DEFAULT_FILTERS, ...over });

describe("parseCategory", () => {
  it("accepts known categories in any case, 'all' and no category", () => {
    expect(parseCategory("ott")).toBe("ott");
    expect(parseCategory("OTT")).toBe("ott");
    expect(parseCategory("18+")).toBe("18+");
    expect(parseCategory("games")).toBe("games");
    expect(parseCategory("all")).toBeNull();
    expect(parseCategory(undefined)).toBeNull();
  });

  it("marks unknown categories", () => {
    expect(parseCategory("cooking")).toBeUndefined();
  });
});

describe("parseFilters", () => {
  it("reads every filter from the query", () => {
    const f = parseFilters(new URLSearchParams("q=  net   prem &sort=price-desc&status=Private&min=1,000&max=5000&priced=1"), "ott");
    expect(f).toEqual({ category: "ott", q: "net prem", sort: "price-desc", status: "private", min: 1000, max: 5000, pricedOnly: true });
  });

  it("ignores what it does not understand and uses the defaults", () => {
    const f = parseFilters(new URLSearchParams("sort=cheapest&status=empty&min=-5&max=abc&priced=maybe"));
    expect(f).toEqual(DEFAULT_FILTERS);
  });

  it("swaps a minimum above the maximum", () => {
    expect(parseFilters(new URLSearchParams("min=900&max=100"))).toMatchObject({ min: 100, max: 900 });
  });

  it("caps the query length", () => {
    expect(parseFilters(new URLSearchParams({ q: "x".repeat(500) })).q).toHaveLength(100);
  });
});

describe("pages", () => {
  it("reads the offset leniently", () => {
    expect(parseOffset(new URLSearchParams("offset=96"))).toBe(96);
    for (const bad of ["", "offset=-1", "offset=1.5", "offset=abc", "offset=99999999"]) expect(parseOffset(new URLSearchParams(bad))).toBe(0);
  });

  it("adds the offset to a list URL with or without a query", () => {
    expect(pageUrl("/prices", 48)).toBe("/prices?offset=48");
    expect(pageUrl("/price/ott?sort=name", 96)).toBe("/price/ott?sort=name&offset=96");
  });
});

describe("URLs", () => {
  it("keep only what differs from the defaults", () => {
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe("");
    expect(pricesUrl(DEFAULT_FILTERS)).toBe("/prices");
    expect(pricesUrl(filters({ category: "ott", q: "net flix", sort: "name", min: 0, pricedOnly: true }))).toBe(
      "/price/ott?q=net+flix&sort=name&min=0&priced=1",
    );
    expect(pricesUrl(filters({ category: "18+" }))).toBe("/price/18%2B");
  });

  it("round-trip through parseFilters", () => {
    const f = filters({ category: "music", q: "apple", sort: "price-asc", status: "private", min: 100, max: 2000, pricedOnly: true });
    expect(parseFilters(filtersToSearchParams(f), "music")).toEqual(f);
  });
});

describe("applyFilters", () => {
  it("keeps catalogue order (by Id) when not sorting", () => {
    expect(names(applyFilters(items, DEFAULT_FILTERS))).toEqual([
      "Netflix Premium",
      "Spotify Premium",
      "Internet Download Manager",
      "apple music",
      "Adult Pass",
      "NordVPN",
    ]);
  });

  it("filters by category and status", () => {
    expect(names(applyFilters(items, filters({ category: "music" })))).toEqual(["Spotify Premium", "apple music"]);
    expect(names(applyFilters(items, filters({ status: "shared" })))).toEqual(["Netflix Premium", "Adult Pass", "NordVPN"]);
  });

  it("searches every word in the name or category, ignoring case", () => {
    expect(names(applyFilters(items, filters({ q: "PREMIUM net" })))).toEqual(["Netflix Premium"]);
    expect(names(applyFilters(items, filters({ q: "music" })))).toEqual(["Spotify Premium", "apple music"]);
    expect(applyFilters(items, filters({ q: "nothing like this" }))).toEqual([]);
  });

  it("finds an item by the seller's Nepali name too, and still by its English one", () => {
    const withNepali = [
      ...items,
      { Id: "20", Name: "Steam Gift Card", NameNe: "स्टिम गिफ्ट कार्ड", category: "games" as const, status: "none" as const, plans: {} },
    ];
    expect(names(applyFilters(withNepali, filters({ q: "गिफ्ट कार्ड" })))).toEqual(["Steam Gift Card"]);
    expect(names(applyFilters(withNepali, filters({ q: "steam" })))).toEqual(["Steam Gift Card"]);
    expect(applyFilters(withNepali, filters({ q: "नेटफ्लिक्स" }))).toEqual([]);
  });

  it("sorts by name and by the first plan's price, unpriced items last", () => {
    expect(names(applyFilters(items, filters({ sort: "name" })))).toEqual([
      "Adult Pass",
      "apple music",
      "Internet Download Manager",
      "Netflix Premium",
      "NordVPN",
      "Spotify Premium",
    ]);
    expect(names(applyFilters(items, filters({ sort: "price-asc" })))).toEqual([
      "NordVPN",
      "Netflix Premium",
      "Spotify Premium",
      "Adult Pass",
      "apple music",
      "Internet Download Manager",
    ]);
    expect(names(applyFilters(items, filters({ sort: "price-desc" })))).toEqual([
      "apple music",
      "Adult Pass",
      "Netflix Premium",
      "Spotify Premium",
      "NordVPN",
      "Internet Download Manager",
    ]);
  });

  it("applies a price range to priced items and can hide unpriced ones", () => {
    expect(names(applyFilters(items, filters({ min: 300, max: 500 })))).toEqual([
      "Netflix Premium",
      "Spotify Premium",
      "Internet Download Manager",
      "Adult Pass",
    ]);
    expect(names(applyFilters(items, filters({ min: 300, max: 500, pricedOnly: true })))).toEqual([
      "Netflix Premium",
      "Spotify Premium",
      "Adult Pass",
    ]);
  });

  it("does not change the list it is given", () => {
    const copy = [...items];
    applyFilters(items, filters({ sort: "name" }));
    expect(items).toEqual(copy);
  });
});

describe("labels and counts", () => {
  it("counts the drawer's filters and knows when anything is filtered", () => {
    expect(countDrawerFilters(DEFAULT_FILTERS)).toBe(0);
    expect(countDrawerFilters(filters({ sort: "name", status: "shared", min: 1, max: 2, pricedOnly: true }))).toBe(5);
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered(filters({ q: "net" }))).toBe(true);
    expect(isFiltered(filters({ category: "vpn" }))).toBe(true);
  });

  it("says subscription or subscriptions", () => {
    expect(resultCountLabel(0)).toBe("0 subscriptions found");
    expect(resultCountLabel(1)).toBe("1 subscription found");
    expect(resultCountLabel(29)).toBe("29 subscriptions found");
  });
});
