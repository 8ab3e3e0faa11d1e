import { type Locale, sellerLang, sellerText } from "../shared/locale";
import type { CarouselSlide } from "./schemas";

export type { CarouselData, CarouselInput, CarouselSlide } from "./schemas";

/** A slide as the storefront shows it (id, image, title, description, badge, ctaText). */
export type StorefrontSlide = Pick<CarouselSlide, "image" | "title" | "description" | "badge" | "ctaText" | "ctaLink"> & {
  id: string;
  /**
   * "en" for each text a Nepali page shows in English (ADR 0093): the seller wrote none in Nepali; a badge has no
   * Nepali twin (its colour is read from its English words).
   */
  lang: { title?: "en" | undefined; description?: "en" | undefined; badge?: "en" | undefined; ctaText?: "en" | undefined };
};

// The carousel's pace: a new slide every 5 s, none sooner than half a second after the last, a 30 px swipe.
export const AUTOPLAY_MS = 5000;
export const TRANSITION_LOCK_MS = 500;
export const SWIPE_THRESHOLD_PX = 30;

/** A slide's call to action when the seller left it empty, in each language. */
const DEFAULT_CTA_TEXTS: Record<Locale, string> = { en: "Shop Now", ne: "अहिले किन्नुहोस्" };
export const DEFAULT_CTA_LINK = "/prices";

/** Any index, wrapped into 0..count-1 (navigation wraps around both ways). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export const nextIndex = (index: number, count: number) => wrapIndex(index + 1, count);
export const prevIndex = (index: number, count: number) => wrapIndex(index - 1, count);

/** A change within the lock of the previous one is ignored, so slides never skip mid-transition. */
export function isTransitionLocked(lastChangeAt: number | null, now: number, lockMs = TRANSITION_LOCK_MS): boolean {
  return lastChangeAt !== null && now - lastChangeAt < lockMs;
}

/**
 * A finished touch: far enough sideways (and more sideways than down, so a page scroll is not a swipe)
 * moves on; a swipe to the left shows the next slide.
 */
export function swipeDirection(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): "next" | "prev" | null {
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? "next" : "prev";
}

export const BADGE_TONES = ["hot", "new", "trend", "limited", "best"] as const;
export type BadgeTone = (typeof BADGE_TONES)[number] | "neutral";

/** Spec: the badge colour depends on the words hot, new, trend, limited or best in it; the first listed wins. */
export function badgeTone(badge: string): BadgeTone {
  const text = badge.toLowerCase();
  return BADGE_TONES.find((tone) => text.includes(tone)) ?? "neutral";
}

type SlideContent = Pick<CarouselSlide, "_id" | "image" | "title" | "description" | "badge" | "ctaText" | "ctaLink"> &
  Partial<Pick<CarouselSlide, "titleNe" | "descriptionNe" | "ctaTextNe">>;

/**
 * Server slides as the storefront shows them in `locale` (the seller's Nepali words where given, ADR 0093);
 * an empty CTA falls back to a generic label and the price list.
 */
export function toStorefrontSlide(slide: SlideContent, locale: Locale = "en"): StorefrontSlide {
  const ctaText = sellerText(locale, slide.ctaText.trim(), slide.ctaTextNe?.trim());
  const badge = slide.badge.trim();
  return {
    id: slide._id,
    image: slide.image,
    title: sellerText(locale, slide.title, slide.titleNe),
    description: sellerText(locale, slide.description, slide.descriptionNe),
    badge,
    ctaText: ctaText || DEFAULT_CTA_TEXTS[locale],
    ctaLink: slide.ctaLink.trim() || DEFAULT_CTA_LINK,
    lang: {
      title: sellerLang(locale, slide.titleNe),
      description: sellerLang(locale, slide.descriptionNe),
      badge: badge ? sellerLang(locale, null) : undefined,
      ctaText: ctaText ? sellerLang(locale, slide.ctaTextNe?.trim()) : undefined,
    },
  };
}
