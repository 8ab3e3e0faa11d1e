import { z } from "zod";
import { TRENDING_ERROR, TRENDING_LIMIT, type TrendingItem, type TrendingResult } from "../../../domain/trending";
import type { Config } from "../../config";
import type { Clock } from "../../db/clock";
import { sampleTrending } from "./sample-data";

export const TRENDING_CACHE_MS = 6 * 60 * 60 * 1000;
// After a failed fetch, pages do not wait on the movie database again for a while.
export const TRENDING_RETRY_MS = 5 * 60 * 1000;
export const TRENDING_TIMEOUT_MS = 4000;
export const POSTER_BASE_URL = "https://image.tmdb.org/t/p/w342";

// Lenient on purpose: one odd entry is skipped, it does not cost the whole list.
const resultSchema = z.object({
  id: z.number().int(),
  media_type: z.enum(["movie", "tv"]),
  title: z.string().optional(),
  name: z.string().optional(),
  poster_path: z.string().nullish(),
  overview: z.string().nullish(),
  release_date: z.string().nullish(),
  first_air_date: z.string().nullish(),
  vote_average: z.number().nullish(),
});
const responseSchema = z.object({ results: z.array(z.unknown()) });

function toItem(raw: unknown): TrendingItem | null {
  const parsed = resultSchema.safeParse(raw);
  if (!parsed.success) return null;
  const r = parsed.data;
  const title = (r.title ?? r.name ?? "").trim();
  if (!title) return null;
  return {
    id: r.id,
    title,
    poster: r.poster_path ? `${POSTER_BASE_URL}${r.poster_path}` : null,
    overview: r.overview ?? "",
    releaseDate: r.release_date || r.first_air_date || null,
    mediaType: r.media_type,
    rating: r.vote_average ?? 0,
  };
}

/**
 * The weekly trending movies and TV shows (spec §7), held for 6 hours. Never throws: without a key
 * it quietly serves the sample list; when the database fails it serves the last good list, or the
 * sample list with the spec's error text.
 */
export function createTrendingService(tmdb: Config["tmdb"], clock: Clock, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? TRENDING_TIMEOUT_MS;
  let good: { items: TrendingItem[]; at: number } | undefined;
  let failedAt: number | undefined;
  let pending: Promise<void> | undefined;

  async function fetchTrending(apiKey: string): Promise<TrendingItem[]> {
    const url = `${tmdb.baseUrl}/trending/all/week?api_key=${encodeURIComponent(apiKey)}`;
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`the movie database answered ${response.status}`);
    const body = responseSchema.parse(await response.json());
    const items = body.results.map(toItem).filter((item) => item !== null).slice(0, TRENDING_LIMIT);
    if (items.length === 0) throw new Error("the movie database sent no movies or shows");
    return items;
  }

  // One fetch at a time, shared by every page asking meanwhile.
  function refresh(apiKey: string): Promise<void> {
    pending ??= fetchTrending(apiKey)
      .then((items) => {
        good = { items, at: clock().getTime() };
        failedAt = undefined;
      })
      .catch((error: unknown) => {
        failedAt = clock().getTime();
        console.warn("trending list unavailable:", error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  const current = (): TrendingResult => (good ? { items: good.items, error: null } : { items: sampleTrending, error: TRENDING_ERROR });

  return {
    async list(): Promise<TrendingResult> {
      const apiKey = tmdb.apiKey;
      if (!apiKey) return { items: sampleTrending, error: null };
      const now = clock().getTime();
      const mayRetry = failedAt === undefined || now - failedAt >= TRENDING_RETRY_MS;
      if (good) {
        // A stale list is still worth showing; the page does not wait for its refresh.
        if (now - good.at >= TRENDING_CACHE_MS && mayRetry) void refresh(apiKey);
      } else if (mayRetry) {
        await refresh(apiKey);
      }
      return current();
    },
  };
}
export type TrendingService = ReturnType<typeof createTrendingService>;
