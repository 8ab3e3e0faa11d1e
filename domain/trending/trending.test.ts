import { describe, expect, it } from "vitest";
import { formatBsDate } from "../shared/bikram-sambat-dates";
import { formatRating, mediaTypeLabel, platformFor, releaseLabel, toTrendingCard } from "./trending";

describe("platformFor", () => {
  it("picks by id modulo 6", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 13].map(platformFor)).toEqual([
      "Netflix",
      "Prime Video",
      "Disney+",
      "Hulu",
      "HBO Max",
      "Apple TV+",
      "Netflix",
      "Prime Video",
    ]);
    expect(platformFor(693134)).toBe("Disney+");
  });
});

describe("formatRating", () => {
  it("shows one decimal", () => {
    expect(formatRating(8.456)).toBe("8.5");
    expect(formatRating(7)).toBe("7.0");
    expect(formatRating(0)).toBe("0.0");
    expect(formatRating(Number.NaN)).toBe("0.0");
  });
});

describe("mediaTypeLabel", () => {
  it("says Movie or TV", () => {
    expect(mediaTypeLabel("movie")).toBe("Movie");
    expect(mediaTypeLabel("tv")).toBe("TV");
  });
});

describe("releaseLabel", () => {
  const now = new Date("2026-11-21T12:00:00Z");

  it("formats a past date", () => {
    expect(releaseLabel("2024-03-01", now)).toBe("1 Mar 2024");
    expect(releaseLabel("2025-12-12", now)).toBe("12 Dec 2025");
  });

  it("says Coming Soon for a missing, unreadable or future date", () => {
    expect(releaseLabel(null, now)).toBe("Coming Soon");
    expect(releaseLabel("", now)).toBe("Coming Soon");
    expect(releaseLabel("soon", now)).toBe("Coming Soon");
    expect(releaseLabel("2026-13-01", now)).toBe("Coming Soon");
    expect(releaseLabel("2026-12-12", now)).toBe("Coming Soon");
  });

  it("counts today in Nepal as released", () => {
    expect(releaseLabel("2026-11-21", now)).toBe("21 Nov 2026");
    // 20:00 UTC is already the next day in Kathmandu (UTC+5:45).
    expect(releaseLabel("2026-11-22", new Date("2026-11-21T20:00:00Z"))).toBe("22 Nov 2026");
    expect(releaseLabel("2026-11-22", new Date("2026-11-21T18:00:00Z"))).toBe("Coming Soon");
  });
});

describe("toTrendingCard", () => {
  it("adds the labels a card shows", () => {
    const card = toTrendingCard(
      { id: 7, title: "X", poster: null, overview: "", releaseDate: "2020-01-05", mediaType: "tv", rating: 8.04 },
      new Date("2026-01-01T00:00:00Z"),
    );
    expect(card).toMatchObject({ platform: "Prime Video", ratingLabel: "8.0", typeLabel: "TV", releaseLabel: "5 Jan 2020", releaseBs: null });
  });

  it("writes the Bikram Sambat day for Nepali pages when given the calendar, and none for a title still to come", () => {
    const item = { id: 7, title: "X", poster: null, overview: "", releaseDate: "2026-11-22", mediaType: "tv" as const, rating: 8 };
    const now = new Date("2026-11-23T00:00:00Z");
    expect(toTrendingCard(item, now, formatBsDate).releaseBs).toBe("२०८३ मंसिर ६");
    expect(toTrendingCard({ ...item, releaseDate: "2026-12-30" }, now, formatBsDate).releaseBs).toBeNull();
  });
});
