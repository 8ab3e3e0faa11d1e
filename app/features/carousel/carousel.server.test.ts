import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { CarouselSlide } from "../../../domain/carousel/carousel";
import { loadSlides } from "./carousel.server";

const contextWith = (list: () => Promise<CarouselSlide[]>) =>
  ({ services: { carousel: { list } }, log: { warn: vi.fn() } }) as unknown as AppLoadContext;

const englishSlide = { _id: "s1", image: "/a.svg", title: "A", description: "D", badge: "", ctaText: "", ctaLink: "", position: 0, version: 1 };

describe("loadSlides", () => {
  it("shows the admin's slides when there are any", async () => {
    const slide = { ...englishSlide, titleNe: null, descriptionNe: null, ctaTextNe: null };
    expect(
      await loadSlides(
        contextWith(async () => [slide]),
        "en",
      ),
    ).toEqual([{ id: "s1", image: "/a.svg", title: "A", description: "D", badge: "", ctaText: "Shop Now", ctaLink: "/prices", lang: {} }]);
  });

  it("shows the seller's Nepali words on Nepali pages, and the English where there are none", async () => {
    const slide = { ...englishSlide, titleNe: "नयाँ", descriptionNe: null, ctaTextNe: "किन्नुहोस्" };
    const list = async () => [slide];
    expect(await loadSlides(contextWith(list), "ne")).toEqual([
      {
        id: "s1",
        image: "/a.svg",
        title: "नयाँ",
        description: "D",
        badge: "",
        ctaText: "किन्नुहोस्",
        ctaLink: "/prices",
        // The English description is marked so.
        lang: { description: "en" },
      },
    ]);
    expect((await loadSlides(contextWith(list), "en"))[0]).toMatchObject({ title: "A", ctaText: "Shop Now" });
  });

  it("shows the 5 built-in slides, with ids, when the list is empty", async () => {
    const context = contextWith(async () => []);
    const slides = await loadSlides(context, "en");
    // An empty list is the admin's choice, not a failure: the page may be kept.
    expect(context.fellBack).toBeUndefined();
    expect(slides).toHaveLength(5);
    expect(slides.map((s) => s.id)).toEqual(["builtin-slide-1", "builtin-slide-2", "builtin-slide-3", "builtin-slide-4", "builtin-slide-5"]);
    expect(slides[0]).toMatchObject({ title: "Netflix Premium from Rs. 300", badge: "Best Seller", ctaLink: "/prices/Netflix%20Premium" });
    // On a Nepali page they are the English slides, marked so.
    expect((await loadSlides(context, "ne"))[0]!.lang).toEqual({ title: "en", description: "en", badge: "en", ctaText: "en" });
  });

  it("shows the built-in slides when the database fails", async () => {
    const context = contextWith(async () => Promise.reject(new Error("disk on fire")));
    const slides = await loadSlides(context, "en");
    expect(slides).toHaveLength(5);
    // So the page is not kept for every shopper (ADR 0048).
    expect(context.fellBack).toBe(true);
    // In the request's log, with its request id, not on the console.
    expect(context.log.warn).toHaveBeenCalledExactlyOnceWith({ reason: "disk on fire" }, "carousel unavailable, showing the built-in slides");
  });
});
