import type { IncomingMessage } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import { filtersToSearchParams, parseFilters, parseOffset } from "../../domain/filters";
import { weakEtag } from "../modules/cache";
import { SAFE_METHODS } from "./same-origin";

/**
 * A public answer (a storefront page, a loader's `.data`, the price list) as every anonymous visitor
 * receives it: the same bytes and headers for each, so it can be sent without the router (ADR 0008).
 */
export interface CachedAnswer {
  /** Every header of the answer but those of one exchange (date, request id, length, encoding). */
  headers: Readonly<Record<string, string>>;
  /** The same as name, value, name, value…: the form Node writes quickest. */
  headerList: readonly string[];
  body: Buffer;
  /** Compressed once, in the background; until a copy exists the answer goes out as it is. */
  encoded: { br?: Buffer; gzip?: Buffer };
  /** A weak validator of the body. */
  etag: string;
}

export interface AnswerCacheOptions {
  /** Bytes held at most (bodies and their compressed copies); the least recently used answers go first. */
  maxBytes?: number;
  /** A backstop for what changes with time rather than with an admin's edit (trending list, "Coming Soon", the year). */
  ttlMs?: number;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Anonymous public answers per request target, dropped whole on every admin write (ADR 0008). Pages are
 * the same for every shopper because per-visitor state (cart, theme, 18+ confirmation) lives in the browser.
 */
export function createAnswerCache({ maxBytes = 32 * 1024 * 1024, ttlMs = 5 * 60_000 }: AnswerCacheOptions = {}) {
  const answers = new LRUCache<string, CachedAnswer>({
    maxSize: maxBytes,
    sizeCalculation: (answer) => answer.body.length + (answer.encoded.br?.length ?? 0) + (answer.encoded.gzip?.length ?? 0) || 1,
    ttl: ttlMs,
  });
  // A render that began before a write must not store what it read before that write.
  let generation = 0;

  async function compress(key: string, answer: CachedAnswer) {
    // Brotli 6 makes a 68 KB page 8.6 KB in about 1 ms; 9 saves 1% more and takes 18 ms, 11 saves 9% and takes 100 ms.
    const [br, gz] = await Promise.all([
      brotli(answer.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length } }),
      gzip(answer.body, { level: 9 }),
    ]);
    if (answers.peek(key) !== answer) return;
    answer.encoded.br = br;
    answer.encoded.gzip = gz;
    // Set again so the budget counts the compressed copies.
    answers.set(key, answer);
  }

  return {
    get: (key: string) => answers.get(key),
    /** The generation to hand back to `set` once the work it starts has finished. */
    begin: () => generation,
    /** The answer as it will be kept; kept only when no write came since `startedAt` and it fits. */
    set(key: string, startedAt: number, { headers, body }: { headers: Record<string, string>; body: string }): CachedAnswer {
      const bytes = Buffer.from(body);
      const etag = weakEtag(body);
      const all = { ...headers, etag };
      const answer: CachedAnswer = { headers: all, headerList: Object.entries(all).flat(), body: bytes, encoded: {}, etag };
      if (startedAt === generation && bytes.length <= maxBytes / 8) {
        answers.set(key, answer);
        if (bytes.length >= COMPRESS_FROM_BYTES) void compress(key, answer).catch(() => undefined);
      }
      return answer;
    },
    clear() {
      generation++;
      answers.clear();
    },
    get size() {
      return answers.size;
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

/**
 * Whatever an admin changes may show on any page, so every admin write drops every kept answer twice: when
 * it arrives (no render begun before it is kept) and when its answer ends, however it ends (sent, refused,
 * or its client gone first, when Fastify's onResponse never runs), so nothing rendered while it ran is kept.
 * Registered after the auth guard, which tells who the request is from.
 */
export function registerAnswerCacheClearing(app: FastifyInstance, answers: AnswerCache) {
  app.addHook("preHandler", async (request, reply) => {
    if (!request.admin || SAFE_METHODS.has(request.method)) return;
    answers.clear();
    reply.raw.once("close", () => answers.clear());
  });
}

/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The cache key of a request, from what arrived on the wire (so the front door and the router agree):
 * the target as the page reads it and every header that changes the origin a page is rendered for.
 */
export function answerKey(request: IncomingMessage): string {
  const { headers } = request;
  const tls = "encrypted" in request.socket && request.socket.encrypted;
  // Each part kept apart (JSON quotes and escapes them): with a plain separator a request could spell its
  // Host and X-Forwarded-Host so that its key is another page's, and plant an answer rendered for another origin there.
  return JSON.stringify([tls, headers["x-forwarded-proto"] ?? "", headers["x-forwarded-host"] ?? "", headers.host ?? "", pageTarget(request.url ?? "/")]);
}

// The price list (/prices, /price/{cat}, as React Router matches them: any case, a trailing slash) and its loader data.
const PRICE_LIST = /^\/(?:prices|price\/[^/]+?)(?:\/|\.data)?$/i;

/**
 * A request target with only the query parameters its page reads, spelled one way: the price list's
 * filters and offset, the loaders React Router asks for in a `.data` request and the routes it asks
 * about in route discovery. Anything else (a
 * random `?x=…`, a chat app's `fbclid`) is dropped, so it neither makes a new cache entry, costing a
 * render each, nor reaches the page, which is rendered for this target (ADR 0010).
 */
export function pageTarget(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const path = url.slice(0, queryAt);
  const query = new URLSearchParams(url.slice(queryAt + 1));
  const kept = PRICE_LIST.test(path) ? filtersToSearchParams(parseFilters(query)) : new URLSearchParams();
  const offset = PRICE_LIST.test(path) ? parseOffset(query) : 0;
  if (offset > 0) kept.set("offset", String(offset));
  const copy = (name: string) => {
    const value = query.get(name);
    if (value !== null) kept.set(name, value);
  };
  if (path.endsWith(".data")) copy("_routes");
  // React Router's route discovery, which the page handler answers too (as JSON, never kept).
  if (path === "/__manifest") ["paths", "version"].forEach(copy);
  return kept.size > 0 ? `${path}?${kept}` : path;
}

/** Whether an Accept-Encoding header allows `coding`: listed with a q above 0, or not listed and covered by `*`. */
function accepts(acceptEncoding: string, coding: "br" | "gzip"): boolean {
  let wildcard = false;
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((piece) => piece.trim());
    const refused = params.some((param) => /^q\s*=\s*0(?:\.0*)?$/.test(param));
    if (name === coding) return !refused;
    if (name === "*") wildcard = !refused;
  }
  return wildcard;
}

/**
 * How to send `answer` for an Accept-Encoding: a compressed copy (brotli, then gzip), the bytes as they
 * are when the client takes no compression we make, or null while the copy it would take is not made yet
 * (the router then compresses this one answer on the fly).
 */
export function pickEncoding(answer: CachedAnswer, acceptEncoding: string | undefined): { encoding: "br" | "gzip" | null; body: Buffer } | null {
  if (!acceptEncoding) return { encoding: null, body: answer.body };
  const br = accepts(acceptEncoding, "br");
  const gzip = accepts(acceptEncoding, "gzip");
  if (br && answer.encoded.br) return { encoding: "br", body: answer.encoded.br };
  if (gzip && answer.encoded.gzip) return { encoding: "gzip", body: answer.encoded.gzip };
  if ((br || gzip) && answer.body.length >= COMPRESS_FROM_BYTES) return null;
  return { encoding: null, body: answer.body };
}
