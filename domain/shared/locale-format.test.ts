import { describe, expect, it } from "vitest";
import { formatBsDate, formatDay, formatDecidingDay, toBikramSambat } from "./bikram-sambat-dates";
import { formatNpr, formatNumber, formatOneDecimal, formatYear } from "./locale-format";

describe("numbers", () => {
  it("group in lakhs in both languages", () => {
    expect(formatNumber(150000, "en")).toBe("1,50,000");
    expect(formatNumber(150000, "ne")).toBe("१,५०,०००");
    expect(formatNumber(12345678, "ne")).toBe("१,२३,४५,६७८");
    expect(formatNumber(300, "ne")).toBe("३००");
  });

  it("are the same where no Nepali locale data is (Chromium): en-IN's grouping with Intl's Devanagari digits", () => {
    const fallback = new Intl.NumberFormat("en-IN", { numberingSystem: "deva" });
    for (const value of [0, 7, 1700, 150000, 12345678]) expect(fallback.format(value)).toBe(formatNumber(value, "ne"));
  });

  it("write a rating with one decimal", () => {
    expect(formatOneDecimal(4.8, "en")).toBe("4.8");
    expect(formatOneDecimal(4.96, "en")).toBe("5.0");
    expect(formatOneDecimal(4.8, "ne")).toBe("४.८");
  });

  it("write a year without grouping: the footer's ©", () => {
    expect(formatYear(2026, "en")).toBe("2026");
    expect(formatYear(2026, "ne")).toBe("२०२६");
  });

  it("write prices with the language's rupee sign", () => {
    expect(formatNpr(1700, "en")).toBe("NPR 1,700");
    expect(formatNpr(1700, "ne")).toBe("रु. १,७००");
    expect(formatNpr(1250000, "ne")).toBe("रु. १२,५०,०००");
  });
});

describe("Bikram Sambat", () => {
  // Published calendar days: new years (mid-April), month firsts and the days before them.
  it.each([
    ["2023-04-14", { year: 2080, month: 1, day: 1 }],
    ["2024-04-12", { year: 2080, month: 12, day: 30 }],
    ["2024-04-13", { year: 2081, month: 1, day: 1 }],
    ["2024-11-16", { year: 2081, month: 8, day: 1 }],
    ["2025-04-14", { year: 2082, month: 1, day: 1 }],
    ["2025-07-16", { year: 2082, month: 3, day: 32 }],
    ["2025-07-17", { year: 2082, month: 4, day: 1 }],
    ["2025-10-18", { year: 2082, month: 7, day: 1 }],
    ["2026-04-13", { year: 2082, month: 12, day: 30 }],
    ["2026-04-14", { year: 2083, month: 1, day: 1 }],
  ])("%s is %o", (iso, bs) => {
    expect(toBikramSambat(iso)).toEqual(bs);
  });

  it("writes a day in Nepali with Devanagari digits", () => {
    expect(formatBsDate("2026-11-24")).toBe("२०८३ मंसिर ८");
    expect(formatBsDate("2026-04-13")).toBe("२०८२ चैत ३०");
    expect(formatBsDate("2026-04-14")).toBe("२०८३ बैशाख १");
  });

  it("refuses what is not a day", () => {
    expect(() => toBikramSambat("24/11/2026")).toThrow(/YYYY-MM-DD/);
  });
});

describe("days", () => {
  it("are Gregorian in English and Bikram Sambat in Nepali", () => {
    expect(formatDay("2026-11-24", "en")).toBe("24 Nov 2026");
    expect(formatDay("2026-11-24", "ne")).toBe("२०८३ मंसिर ८");
  });

  it("show the Gregorian day beside a Nepali day that decides something", () => {
    expect(formatDecidingDay("2026-12-01", "ne")).toBe("२०८३ मंसिर १५ (1 Dec 2026)");
    expect(formatDecidingDay("2026-12-01", "en")).toBe("1 Dec 2026");
  });
});
