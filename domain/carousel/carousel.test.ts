import { describe, expect, it } from "vitest";
import { badgeTone, isTransitionLocked, nextIndex, prevIndex, swipeDirection, toStorefrontSlide, wrapIndex } from "./carousel";

describe("carousel navigation", () => {
  it("wraps around both ways", () => {
    expect(nextIndex(0, 5)).toBe(1);
    expect(nextIndex(4, 5)).toBe(0);
    expect(prevIndex(0, 5)).toBe(4);
    expect(prevIndex(3, 5)).toBe(2);
    expect(wrapIndex(-6, 5)).toBe(4);
    expect(wrapIndex(12, 5)).toBe(2);
  });

  it("stays at 0 with one slide or none", () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(prevIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });

  it("locks transitions for 500 ms", () => {
    expect(isTransitionLocked(null, 0)).toBe(false);
    expect(isTransitionLocked(1000, 1000)).toBe(true);
    expect(isTransitionLocked(1000, 1499)).toBe(true);
    expect(isTransitionLocked(1000, 1500)).toBe(false);
  });
});

describe("swipeDirection", () => {
  it("needs 30 px sideways", () => {
    expect(swipeDirection(-29, 0)).toBeNull();
    expect(swipeDirection(-30, 0)).toBe("next");
    expect(swipeDirection(45, 5)).toBe("prev");
  });

  it("ignores mostly vertical movement (a page scroll)", () => {
    expect(swipeDirection(-40, 60)).toBeNull();
    expect(swipeDirection(40, -40)).toBeNull();
  });
});

describe("badgeTone", () => {
  it.each([
    ["Hot Deal", "hot"],
    ["NEW", "new"],
    ["Trending", "trend"],
    ["Limited Offer", "limited"],
    ["Best Seller", "best"],
    ["Festival", "neutral"],
    ["", "neutral"],
    ["Hot new arrival", "hot"],
  ])("%s → %s", (badge, tone) => {
    expect(badgeTone(badge)).toBe(tone);
  });
});

describe("toStorefrontSlide", () => {
  const slide = { _id: "a", image: "/i.svg", title: "T", description: "D", badge: " New ", ctaText: "Buy", ctaLink: "/prices/X" };

  it("keeps the admin's call to action", () => {
    expect(toStorefrontSlide(slide)).toEqual({
      id: "a",
      image: "/i.svg",
      title: "T",
      description: "D",
      badge: "New",
      ctaText: "Buy",
      ctaLink: "/prices/X",
      lang: {},
    });
  });

  it("falls back to a generic label and the price list", () => {
    expect(toStorefrontSlide({ ...slide, ctaText: "", ctaLink: "" })).toMatchObject({ ctaText: "Shop Now", ctaLink: "/prices" });
    expect(toStorefrontSlide({ ...slide, ctaText: "", ctaLink: "" }, "ne")).toMatchObject({ ctaText: "अहिले किन्नुहोस्", lang: { ctaText: undefined } });
  });

  it("on a Nepali page marks English each text the seller wrote no Nepali for, and the badge, which has none", () => {
    const shown = toStorefrontSlide({ ...slide, titleNe: "शीर्षक", descriptionNe: null, ctaTextNe: "" }, "ne");
    expect(shown).toMatchObject({ title: "शीर्षक", description: "D", ctaText: "Buy" });
    expect(shown.lang).toEqual({ title: undefined, description: "en", badge: "en", ctaText: "en" });
    expect(toStorefrontSlide({ ...slide, badge: " " }, "ne").lang.badge).toBeUndefined();
  });
});
