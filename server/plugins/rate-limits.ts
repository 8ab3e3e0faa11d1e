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
 * Counts events per address in fixed windows, where the per-route limiter cannot count them: misses
 * (answers of 404) of a catch-all route that also answers real pages, or sign-in attempts spread over two
 * routes. Addresses beyond `maxAddresses` push out the least recently seen, so a flood of addresses
 * costs bounded memory.
 */
export function createAddressCounter({ max, timeWindow }: { max: number; timeWindow: number }, now: () => number = Date.now, maxAddresses = 50_000) {
  const windows = new LRUCache<string, { startedAt: number; misses: number }>({ max: maxAddresses });
  const current = (address: string) => {
    const window = windows.get(address);
    return window && now() - window.startedAt < timeWindow ? window : undefined;
  };
  return {
    /** Seconds until `address` may miss again, or 0 when it may. */
    retryAfter(address: string): number {
      const window = current(address);
      return window && window.misses >= max ? Math.ceil((window.startedAt + timeWindow - now()) / 1000) : 0;
    },
    record(address: string) {
      const window = current(address);
      if (window) window.misses++;
      else windows.set(address, { startedAt: now(), misses: 1 });
    },
  };
}
