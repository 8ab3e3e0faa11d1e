import { isIPv4, isIPv6 } from "node:net";
import rateLimit, { type RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../errors";
import type { Limits, Window } from "./shared-limits";

/** A limit of `max` requests a minute. */
export const perMinute = (max: number) => ({ max, timeWindow: 60_000 });

/** Unknown API paths per address: enough for a person's typos, too few to scan the server. */
export const NOT_FOUND_LIMIT = perMinute(60);

/**
 * Pages rendered for one address, for visitors who are not signed in (a cached page costs nothing and is
 * not counted): a mobile carrier puts many shoppers behind one address, and a shopper filtering the price
 * list asks for a few a second; one client asking for pages nobody asked before (`/?x=1`, `/?x=2`…) gets
 * about an eighth of one core at most (25 ms a render), in bursts of about a second.
 */
export const RENDER_LIMIT = { max: 50, timeWindow: 10_000 };

const LOOPBACK = /^(?:localhost|127(?:\.\d+){3}|::1|::ffff:127(?:\.\d+){3})$/i;

/** Whether an address (or a host to listen on) is this machine's own. */
export function isLoopback(address: string): boolean {
  return LOOPBACK.test(address);
}

/**
 * What every per-address limit counts by: an IPv4 address as it is (an IPv4 address written as IPv6,
 * `::ffff:192.0.2.1`, is that IPv4 address), and an IPv6 address by its /64. A provider gives one customer a
 * whole /64 (RFC 6177), so counting full IPv6 addresses gave one client 2^64 fresh budgets; the /64 is the
 * smallest block that is one customer's.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  // A zone (`fe80::1%eth0`) names the interface, not the client.
  const bare = address.split("%")[0]!;
  if (!isIPv6(bare)) return address;
  return `${ipv6Groups(bare).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, each in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing IPv4 part (`64:ff9b::192.0.2.1`) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((group) => parseInt(group, 16).toString(16));
}

/** Pages that do not exist per address (missing files are not counted): a carrier's many shoppers' old links, not a scan of the site. */
export const PAGE_MISS_LIMIT = perMinute(120);

// Files rather than pages: built assets, public pictures, uploads, trending posters, icons a browser asks for itself.
const STATIC_PATH = /^\/(?:assets|images|media|trending-posters)\/|^\/[^/?]*\.(?:png|jpe?g|gif|webp|avif|svg|ico|css|js|mjs|map|woff2?|ttf)(?:\?|$)/i;

/** Whether a request target asks for a file: its miss is answered without a render and counted against no limit. */
export function isStaticPath(url: string): boolean {
  return STATIC_PATH.test(url);
}

/**
 * One rate limiter for the whole server (keyed by the client's address; see TRUST_PROXY); a route opts in
 * with `config: { rateLimit: limit(...) }`. Counts are shared by every instance on PostgreSQL, in memory on
 * SQLite (`limits`, ADR 0022); ended windows are deleted every minute.
 */
export async function registerRateLimits(app: FastifyInstance, limits: Limits) {
  await app.register(rateLimit, {
    global: false,
    // An IPv6 client counts once for its whole /64.
    keyGenerator: (request) => addressKey(request.ip),
    ...(limits.rateLimitStore ? { store: limits.rateLimitStore } : {}),
    // A count the database cannot take lets the request through: the route then answers as it can (a 404 stays
    // a 404) rather than with a 500 from the limiter.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => new HttpError(429, `Too many requests from your address. Please try again in ${context.after}.`),
  });
}

/**
 * A route's limit, with the sentence its 429 starts with; or, for a refusal a shopper reads, the whole message
 * from the request (for its language) and the seconds to wait. Retry-After is always sent.
 */
export function limit(
  { max, timeWindow }: { max: number; timeWindow: number },
  tooMany: string | ((request: FastifyRequest, seconds: number) => string),
): RateLimitOptions {
  return {
    max,
    timeWindow,
    errorResponseBuilder: (request, context) =>
      new HttpError(
        429,
        typeof tooMany === "string" ? `${tooMany} Please try again in ${context.after}.` : tooMany(request, Math.ceil(context.ttl / 1000)),
      ),
  };
}

export interface WindowCounter {
  /** Seconds until `key` may count again, or 0 when it may. */
  retryAfter(key: string): Promise<number>;
  record(key: string): Promise<void>;
  /** Counts one for `key` and answers as `retryAfter` would have before it: seconds to wait when this one is past the limit, else 0. */
  hit(key: string): Promise<number>;
}

/**
 * Counts events per key (a client's address, an account) in fixed windows, where the per-route limiter
 * cannot count them: misses (answers of 404) and renders of a catch-all route that also answers real pages,
 * sign-in attempts spread over two routes, wrong current passwords per account. `name` keeps its keys apart
 * from other counters' in a shared store.
 */
export function createWindowCounter(
  { max, timeWindow }: { max: number; timeWindow: number },
  limits: Limits,
  name: string,
  options?: { maxKeys?: number },
): WindowCounter {
  const { now } = limits;
  const windows = limits.windows(name, options);
  const wait = (window: Window | undefined) => (window && window.count >= max ? Math.max(1, Math.ceil((window.endsAt - now()) / 1000)) : 0);
  return {
    retryAfter: async (key) => wait(await windows.peek(key)),
    async record(key) {
      await windows.hit(key, timeWindow);
    },
    async hit(key) {
      const window = await windows.hit(key, timeWindow);
      return window.count > max ? wait(window) : 0;
    },
  };
}
