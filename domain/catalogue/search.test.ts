import { describe, expect, it } from "vitest";
import { hasEveryWord, nameKey, productPath, type SearchEntry, suggest } from "./search";

const entries: SearchEntry[] = [
  { Name: "Netflix Premium", ImageId: "/n.svg", category: "ott", plans: { "3": 880, "1": 300 } },
  { Name: "Spotify Premium", ImageId: "/s.svg", category: "music", plans: {} },
  { Name: "YouTube Premium", ImageId: "/y.svg", category: "ott", plans: { "1": 250 } },
  { Name: "Premium VPN", ImageId: "/v.svg", category: "vpn", plans: { "12": 2700 } },
  { Name: "A", ImageId: "/a.svg", category: "ott", plans: {} },
];

describe("suggest", () => {
  it("needs two characters", () => {
    expect(suggest(entries, "n")).toEqual([]);
    expect(suggest(entries, " n ")).toEqual([]);
    expect(suggest(entries, "ne").map((s) => s.Name)).toEqual(["Netflix Premium"]);
  });

  it("ignores case and puts names starting with the query first", () => {
    expect(suggest(entries, "PREM").map((s) => s.Name)).toEqual(["Premium VPN", "Netflix Premium", "Spotify Premium", "YouTube Premium"]);
  });

  it("gives at most five, with the shortest plan as the starting price", () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ ...entries[0]!, Name: `Netflix ${i}` }));
    const result = suggest(many, "netflix");
    expect(result).toHaveLength(5);
    expect(result[0]!.startingAt).toEqual({ months: 1, price: 300 });
    expect(suggest(entries, "spotify")[0]!.startingAt).toBeNull();
  });

  it("finds an item by the seller's Nepali name, starting matches first, and answers both names", () => {
    const withNepali: SearchEntry[] = [
      ...entries,
      { Name: "Steam Gift Card", NameNe: "स्टिम गिफ्ट कार्ड", ImageId: "/g.svg", category: "games", plans: { "1": 1000 } },
      { Name: "Google Play Card", NameNe: "गुगल प्ले गिफ्ट कार्ड", ImageId: "/p.svg", category: "games", plans: {} },
    ];
    expect(suggest(withNepali, "गिफ्ट").map((s) => s.Name)).toEqual(["Steam Gift Card", "Google Play Card"]);
    expect(suggest(withNepali, "गुगल").map((s) => s.Name)).toEqual(["Google Play Card"]);
    // Starting with the query in either language puts it first.
    expect(suggest(withNepali, "स्टिम")[0]).toEqual({
      Name: "Steam Gift Card",
      NameNe: "स्टिम गिफ्ट कार्ड",
      ImageId: "/g.svg",
      category: "games",
      startingAt: { months: 1, price: 1000 },
    });
    expect(suggest(withNepali, "card").map((s) => s.Name)).toEqual(["Steam Gift Card", "Google Play Card"]);
    expect(suggest(withNepali, "net")[0]!.NameNe).toBeNull();
  });

  it("finds nothing for an unknown service", () => {
    expect(suggest(entries, "zzz")).toEqual([]);
  });
});

it("encodes product names for their URL", () => {
  expect(productPath("Disney+ Hotstar")).toBe("/prices/Disney%2B%20Hotstar");
});

describe("hasEveryWord", () => {
  it("needs every word of the query, in any order and case, however the words are spaced", () => {
    expect(hasEveryWord("Netflix Premium OTT", "  ott   NETFLIX ")).toBe(true);
    expect(hasEveryWord("Netflix Premium OTT", "netflix spotify")).toBe(false);
    expect(hasEveryWord("Netflix", "   ")).toBe(true);
  });
});

describe("nameKey", () => {
  it("treats names that differ only in case or surrounding spaces as one name", () => {
    expect(nameKey("  Netflix Premium ")).toBe(nameKey("netflix premium"));
  });
});
