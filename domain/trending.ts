/** Spec §3, §7, §9: the movie database's weekly trending list, as the storefront shows it. */

import { shopToday } from "./shop-time";

export const TRENDING_LIMIT = 12;
export const WHATS_NEW_WIDE = 5;
export const WHATS_NEW_NARROW = 4;
export const TRENDING_ERROR = "Failed to load newest content. Please try again later.";

export const PLATFORMS = ["Netflix", "Prime Video", "Disney+", "Hulu", "HBO Max", "Apple TV+"] as const;
export type Platform = (typeof PLATFORMS)[number];

export type MediaType = "movie" | "tv";

export type TrendingItem = {
  id: number;
  title: string;
  /** An image URL, or null when the database has no poster. */
  poster: string | null;
  overview: string;
  /** YYYY-MM-DD, or null when unknown. */
  releaseDate: string | null;
  mediaType: MediaType;
  rating: number;
};

export type TrendingResult = { items: TrendingItem[]; error: string | null };

/** What a card needs, computed once on the server so the browser renders the same text. */
export type TrendingCard = TrendingItem & {
  platform: Platform;
  ratingLabel: string;
  typeLabel: "Movie" | "TV";
  releaseLabel: string;
};

/** Spec: the platform label is chosen by id modulo 6. */
export function platformFor(id: number): Platform {
  return PLATFORMS[((Math.trunc(id) % PLATFORMS.length) + PLATFORMS.length) % PLATFORMS.length]!;
}

export function formatRating(rating: number): string {
  return (Number.isFinite(rating) ? rating : 0).toFixed(1);
}

export function mediaTypeLabel(type: MediaType): "Movie" | "TV" {
  return type === "tv" ? "TV" : "Movie";
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2026-12-12' → '12 Dec 2026'; 'Coming Soon' when the date is missing, unreadable or after today. */
export function releaseLabel(date: string | null, now: Date): string {
  const match = date ? isoDate.exec(date) : null;
  if (!match) return "Coming Soon";
  const [, y, m, d] = match;
  const month = MONTHS[Number(m) - 1];
  if (!month || Number(d) < 1 || Number(d) > 31) return "Coming Soon";
  if (date! > shopToday(now)) return "Coming Soon";
  return `${Number(d)} ${month} ${y}`;
}

export function toTrendingCard(item: TrendingItem, now: Date): TrendingCard {
  return {
    ...item,
    platform: platformFor(item.id),
    ratingLabel: formatRating(item.rating),
    typeLabel: mediaTypeLabel(item.mediaType),
    releaseLabel: releaseLabel(item.releaseDate, now),
  };
}
