import rateLimit, { type RateLimitOptions } from "@fastify/rate-limit";
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
