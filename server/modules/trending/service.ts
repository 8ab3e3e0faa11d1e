import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { TRENDING_ERROR, TRENDING_LIMIT, type TrendingItem, type TrendingResult } from "../../../domain/trending/trending";
import type { Config } from "../../config";
import type { Clock } from "../../db/clock";
import { sampleTrending } from "../../../domain/trending/trending-sample";

export const TRENDING_CACHE_MS = 6 * 60 * 60 * 1000;
// After a failed fetch, pages do not wait on the movie database again for a while.
export const TRENDING_RETRY_MS = 5 * 60 * 1000;
export const TRENDING_TIMEOUT_MS = 4000;
export const POSTER_BASE_URL = "https://image.tmdb.org/t/p/w342";
/**
 * Posters reach shoppers through our server (ADR 0030): their browsers never call the movie database,
 * and the relay serves only the posters of the list it holds, so it is no open proxy.
 */
export const POSTER_PATH = "/trending-posters/";
const POSTER_FILE = /^[A-Za-z0-9_-]{1,100}\.(?:jpe?g|png|webp)$/;
const POSTER_TYPE = /^image\/(?:jpeg|png|webp)$/;
const MAX_POSTER_BYTES = 2 * 1024 * 1024;
// A week's list is some 30 KB.
const MAX_LIST_BYTES = 1024 * 1024;

export type Poster = { bytes: Buffer; type: string };

/**
 * The body of `response`, or null once it passes `limit` bytes: reading stops there, so a server sending
 * without end costs at most the limit (a Content-Length may be missing or false).
 */
async function readAtMost(response: Response, limit: number): Promise<Buffer | null> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      // Closes the connection rather than draining the rest.
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, length);
}

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
    poster:
      r.poster_path && POSTER_FILE.test(r.poster_path.slice(1)) && r.poster_path.startsWith("/") ? `${POSTER_PATH}${r.poster_path.slice(1)}` : null,
    overview: r.overview ?? "",
    releaseDate: r.release_date || r.first_air_date || null,
    mediaType: r.media_type,
    rating: r.vote_average ?? 0,
  };
}

/**
 * The weekly trending movies and TV shows, held for 6 hours. Never throws, and a page never
 * waits on the movie database (ADR 0030): `list` answers at once with what is held (the last good list,
 * or the sample list) and starts a refresh in the background when one is due. Without a key it quietly
 * serves the sample list; the spec's error text shows only once a call has failed and no good list is held.
 */
export function createTrendingService(
  tmdb: Config["tmdb"],
  clock: Clock,
  options: { timeoutMs?: number; log?: Pick<FastifyBaseLogger, "warn"> } = {},
) {
  const timeoutMs = options.timeoutMs ?? TRENDING_TIMEOUT_MS;
  // The refresh serves every page that asks meanwhile, so it logs through the server's logger, not one request's.
  const log = options.log ?? { warn: () => {} };
  let good: { items: TrendingItem[]; at: number } | undefined;
  let failedAt: number | undefined;
  let pending: Promise<void> | undefined;
  /** At most one fetch per poster of the held list; a failed one is asked again next time. */
  const posters = new Map<string, Promise<Poster | null>>();
  const imageBaseUrl = tmdb.imageBaseUrl ?? POSTER_BASE_URL;

  /**
   * `work` with a signal aborted after `timeoutMs`, the body's reading included. A timer of our own rather than
   * AbortSignal.timeout: Node holds that signal weakly, and once fetch has the headers nothing else may hold it,
   * so a collected signal never aborted a body that stopped coming (a test waited its full minute in CI).
   */
  async function withinTime<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException("The movie database took too long", "TimeoutError")), timeoutMs);
    try {
      return await work(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  function fetchPoster(file: string): Promise<Poster | null> {
    // No redirects: the relay asks the movie database's image host and nothing else, never a host
    // (or a loopback address) it is sent on to. The time limit covers the body as well as the headers.
    return withinTime(async (signal) => {
      const response = await fetch(`${imageBaseUrl}/${file}`, { signal, redirect: "error" });
      const type = response.headers.get("content-type") ?? "";
      if (!response.ok || !POSTER_TYPE.test(type) || Number(response.headers.get("content-length") ?? 0) > MAX_POSTER_BYTES) {
        await response.body?.cancel();
        return null;
      }
      const bytes = await readAtMost(response, MAX_POSTER_BYTES);
      return bytes && { bytes, type };
    });
  }

  async function fetchTrending(apiKey: string): Promise<TrendingItem[]> {
    const url = `${tmdb.baseUrl}/trending/all/week?api_key=${encodeURIComponent(apiKey)}`;
    const text = await withinTime(async (signal) => {
      const response = await fetch(url, { signal, headers: { accept: "application/json" }, redirect: "error" });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`the movie database answered ${response.status}`);
      }
      return readAtMost(response, MAX_LIST_BYTES);
    });
    if (!text) throw new Error(`the movie database sent more than ${MAX_LIST_BYTES / 1024 / 1024} MB`);
    const body = responseSchema.parse(JSON.parse(text.toString("utf8")));
    const items = body.results
      .map(toItem)
      .filter((item) => item !== null)
      .slice(0, TRENDING_LIMIT);
    if (items.length === 0) throw new Error("the movie database sent no movies or shows");
    return items;
  }

  function refreshDue(now: number): boolean {
    const mayRetry = failedAt === undefined || now - failedAt >= TRENDING_RETRY_MS;
    return mayRetry && (!good || now - good.at >= TRENDING_CACHE_MS);
  }

  /** Starts a refresh when one is due; one at a time, however many pages ask meanwhile. Settles when it is done. */
  function refresh(): Promise<void> {
    const apiKey = tmdb.apiKey;
    if (!apiKey || pending || !refreshDue(clock().getTime())) return pending ?? Promise.resolve();
    pending = fetchTrending(apiKey)
      .then((items) => {
        good = { items, at: clock().getTime() };
        const kept = new Set(items.map((item) => item.poster));
        for (const file of posters.keys()) if (!kept.has(`${POSTER_PATH}${file}`)) posters.delete(file);
        failedAt = undefined;
      })
      .catch((error: unknown) => {
        failedAt = clock().getTime();
        log.warn({ reason: error instanceof Error ? error.message : String(error) }, "trending list unavailable");
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  return {
    /** What is held now; never waits for the movie database. */
    async list(): Promise<TrendingResult> {
      if (!tmdb.apiKey) return { items: sampleTrending, error: null };
      void refresh();
      if (good) return { items: good.items, error: null };
      // Before the first answer nothing has failed yet: the sample list goes out quietly.
      return { items: sampleTrending, error: failedAt === undefined ? null : TRENDING_ERROR };
    },
    refresh,

    /** A poster of the held list, fetched once and kept; null for any other file or when it cannot be had. */
    poster(file: string): Promise<Poster | null> {
      if (!POSTER_FILE.test(file) || !good?.items.some((item) => item.poster === `${POSTER_PATH}${file}`)) return Promise.resolve(null);
      let poster = posters.get(file);
      if (!poster) {
        poster = fetchPoster(file).catch(() => null);
        posters.set(file, poster);
        void poster.then((found) => {
          if (!found) posters.delete(file);
        });
      }
      return poster;
    },
  };
}
