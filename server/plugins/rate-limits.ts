import rateLimit, { type RateLimitOptions } from "@fastify/rate-limit";
import { LRUCache } from "lru-cache";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../errors";

/** Unknown paths per address: enough for a person's typos, too few to scan the server. */
export const NOT_FOUND_LIMIT = { max: 60, timeWindow: 60_000 };

/**
 * One rate limiter for the whole server (keyed by the client's address; see TRUST_PROXY); a route opts in
 * with `config: { rateLimit: limit(...) }`. Counts live in memory.
 */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new HttpError(429, `Too many requests from your address. Please try again in ${context.after}.`),
  });
}

/** A route's limit, with the sentence its 429 starts with. */
export function limit({ max, timeWindow }: { max: number; timeWindow: number }, tooMany: string): RateLimitOptions {
  return {
    max,
    timeWindow,
    errorResponseBuilder: (_request, context) => new HttpError(429, `${tooMany} Please try again in ${context.after}.`),
  };
}

/**
 * Counts events per key (a client's address, an account) in fixed windows, where the per-route limiter
 * cannot count them: misses (answers of 404) of a catch-all route that also answers real pages, sign-in
 * attempts spread over two routes, wrong current passwords per account. Keys beyond `maxKeys` push
 * out the least recently seen, so a flood of keys costs bounded memory.
 */
export function createWindowCounter({ max, timeWindow }: { max: number; timeWindow: number }, now: () => number = Date.now, maxKeys = 50_000) {
  const windows = new LRUCache<string, { startedAt: number; count: number }>({ max: maxKeys });
  const current = (key: string) => {
    const window = windows.get(key);
    return window && now() - window.startedAt < timeWindow ? window : undefined;
  };
  return {
    /** Seconds until `key` may count again, or 0 when it may. */
    retryAfter(key: string): number {
      const window = current(key);
      return window && window.count >= max ? Math.ceil((window.startedAt + timeWindow - now()) / 1000) : 0;
    },
    record(key: string) {
      const window = current(key);
      if (window) window.count++;
      else windows.set(key, { startedAt: now(), count: 1 });
    },
  };
}
