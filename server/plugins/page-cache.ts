import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { pageKey, pageTarget } from "./page-key";
import { answerAtTheDoor } from "./request-log";
import { SAFE_METHODS } from "./same-origin";
import { byScriptHashes } from "./script-hashes";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A GET route whose answer is the same for every anonymous visitor opts in to the page cache
     * (ADR 0015): `true`, or a test of the request for a route that answers private pages too.
     */
    pageCache?: boolean | ((request: FastifyRequest) => boolean);
  }
  interface FastifyRequest {
    /** Where this request's answer is stored, if it may be: set by the page cache, cleared by a route that fell back. */
    pageCache: { key: string; startedAt: number } | null;
  }
}

/**
 * A page (a storefront page, a loader's `.data`, the price list) as every anonymous visitor receives it:
 * the same bytes and headers for each, so it can be served without the router.
 */
export interface StoredPage {
  /** Every header of the page but those of one exchange (date, request id, length, encoding). */
  headers: Readonly<Record<string, string>>;
  /**
   * The head of each answer made of this page, built once (ADR 0102): name, value, name, value… (the form Node
   * writes quickest), the request id's value at index 1, set for each answer just before it is written.
   */
  heads: { identity: string[]; br?: string[]; gzip?: string[]; notModified: string[] };
  body: Buffer;
  /**
   * Compressed once, in the background, when a browser that takes the coding asks for the page again (ADR 0102);
   * until a copy exists the router compresses each answer on the fly.
   */
  encoded: { br?: Buffer; gzip?: Buffer };
  /** A weak validator of the body. */
  etag: string;
}

export interface PageCacheOptions {
  /** Bytes held at most (bodies and their compressed copies); the least recently used pages go first. */
  maxBytes?: number;
  /**
   * A backstop for what changes with time rather than with an admin's edit (trending list, "Coming Soon", the
   * year); on PostgreSQL, the bound on a page whose change signal was lost (ADR 0020).
   */
  ttlMs?: number;
  /** The clock `ttlMs` is counted by, in milliseconds (performance.now by default). */
  now?: () => number;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Query pages asked for once that the cache remembers, to keep each from its second asking (a key is about 100 bytes). */
const ASKED_ONCE_REMEMBERED = 10_000;

/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/** A weak HTTP validator of a body: equal bodies, equal tags. */
export const weakEtag = (body: string | Buffer) => `W/"${createHash("sha1").update(body).digest("base64url")}"`;

/**
 * Anonymous public pages per request target, dropped whole on every admin write and every change signal
 * from another instance (ADR 0008, 0015, 0019). Pages
 * are the same for every shopper because per-visitor state (cart, theme, 18+ confirmation) lives in the browser.
 */
export function createPageCache({ maxBytes = 32 * 1024 * 1024, ttlMs = 5 * 60_000, now }: PageCacheOptions = {}) {
  const pages = new LRUCache<string, StoredPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.body.length + (page.encoded.br?.length ?? 0) + (page.encoded.gzip?.length ?? 0) || 1,
    ttl: ttlMs,
    ...(now ? { perf: { now } } : {}),
    // A page past its time stays until it is rendered again or pushed out: a busy instance serves it meanwhile.
    noDeleteOnStaleGet: true,
  });
  // A render that began before a write must not store what it read before that write.
  let generation = 0;
  /**
   * Pages of a query (a search, a filter of the price list, a loader's data) asked for once: such a page is kept
   * from its second asking on. A flood of queries nobody repeats then neither pushes the shop's pages out of the
   * cache nor fills it (ADR 0125); a filter shoppers use is kept from its second shopper on.
   */
  const askedOnce = new LRUCache<string, true>({ max: ASKED_ONCE_REMEMBERED });
  /** The copies being made, so each is made once. */
  const compressing = new WeakMap<StoredPage, Set<Coding>>();

  async function compress(key: string, page: StoredPage, coding: Coding) {
    // Brotli 6 makes a 68 KB page 8.6 KB in about 1 ms; 9 saves 1% more and takes 18 ms, 11 saves 9% and takes 100 ms.
    const copy =
      coding === "br"
        ? await brotli(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length } })
        : await gzip(page.body, { level: 9 });
    if (pages.peek(key) !== page) return;
    page.encoded[coding] = copy;
    page.heads[coding] = answerHead(page.headers, ["content-encoding", coding, "content-length", String(copy.length)]);
    // Stored again so the budget counts the compressed copies.
    pages.set(key, page);
  }

  return {
    get: (key: string) => pages.get(key),
    /**
     * The page stored for `key` even when past its time (`ttlMs`): what a busy instance serves rather than turn the
     * page away (ADR 0125). Never one an admin's write cleared.
     */
    stale: (key: string) => pages.peek(key, { allowStale: true }),
    /** The generation to hand back to `store` once the render it starts has finished. */
    begin: () => generation,
    /**
     * The page as it will be stored; stored only when no write came since `startedAt`, it fits, and, for a page of
     * a query, when it is asked for the second time.
     */
    store(key: string, startedAt: number, { headers, body }: { headers: Record<string, string>; body: string }): StoredPage {
      const bytes = Buffer.from(body);
      const etag = weakEtag(body);
      const all = { ...headers, etag };
      const heads = { identity: answerHead(all, ["content-length", String(bytes.length)]), notModified: answerHead(all, []) };
      const page: StoredPage = { headers: all, heads, body: bytes, encoded: {}, etag };
      if (startedAt !== generation || bytes.length > maxBytes / 8) return page;
      if (key.includes("?") && !askedOnce.has(key)) askedOnce.set(key, true);
      else pages.set(key, page);
      return page;
    },
    /**
     * Starts making, in the background, the copy of a stored page that `acceptEncoding` would take, once: called
     * when a browser asks for a page whose copy is not there (`pickEncoding` answered null). A page rendered once
     * and never asked for again (a search no one repeats) costs no compression beyond its own answer's.
     */
    makeCopy(key: string, page: StoredPage, acceptEncoding: string | undefined) {
      const coding = acceptEncoding ? preferredCoding(acceptEncoding) : null;
      if (!coding || page.encoded[coding] || page.body.length < COMPRESS_FROM_BYTES) return;
      const started = compressing.get(page) ?? new Set<Coding>();
      if (started.has(coding)) return;
      compressing.set(page, started.add(coding));
      // A copy that could not be made is asked for again by the next browser.
      void compress(key, page, coding).catch(() => started.delete(coding));
    },
    clear() {
      generation++;
      pages.clear();
    },
    get size() {
      return pages.size;
    },
    /** Bytes held (bodies and their compressed copies), and the most it may hold. */
    get bytes() {
      return { held: pages.calculatedSize, most: maxBytes };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

const CODINGS = ["br", "gzip"] as const;
type Coding = (typeof CODINGS)[number];

/**
 * How to send `page` for an Accept-Encoding: a compressed copy (brotli, then gzip), the bytes as they
 * are when the client takes no compression we make, or null while the copy it would take is not made yet
 * (the router then compresses this one answer on the fly).
 */
export function pickEncoding(page: StoredPage, acceptEncoding: string | undefined): { encoding: Coding | null; body: Buffer } | null {
  const encoding = acceptEncoding ? preferredCoding(acceptEncoding) : null;
  if (!encoding) return { encoding: null, body: page.body };
  const copy = page.encoded[encoding];
  if (copy) return { encoding, body: copy };
  // Small pages have no copies; larger ones are being compressed.
  return page.body.length >= COMPRESS_FROM_BYTES ? null : { encoding: null, body: page.body };
}

/** Browsers send a handful of Accept-Encoding values: each is read once (a bounded few: a client may send any). */
const codingOf = new Map<string, Coding | null>();
const CODINGS_REMEMBERED = 256;

/** The coding we make that an Accept-Encoding prefers, or null when it takes neither. */
export function preferredCoding(acceptEncoding: string): Coding | null {
  const known = codingOf.get(acceptEncoding);
  if (known !== undefined) return known;
  // The negotiator reads `*` as its first choice even when the header refuses that one by name
  // (`br;q=0, *`), so a coding refused by name is not offered to it.
  const offered = CODINGS.filter((coding) => !refusedByName(acceptEncoding, coding));
  const coding = (negotiate(acceptEncoding, offered) as Coding | undefined) ?? null;
  if (codingOf.size >= CODINGS_REMEMBERED) codingOf.clear();
  codingOf.set(acceptEncoding, coding);
  return coding;
}

const REFUSED = { br: /(?:^|,)\s*br\s*;\s*q\s*=\s*0(?:\.0*)?\s*(?:,|$)/i, gzip: /(?:^|,)\s*gzip\s*;\s*q\s*=\s*0(?:\.0*)?\s*(?:,|$)/i };
const refusedByName = (acceptEncoding: string, coding: Coding) => REFUSED[coding].test(acceptEncoding);

/**
 * The head of an answer made of a stored page: the request id first (its value, at index 1, set for each answer),
 * the page's headers, what says it came from the cache, then `tail` (its coding and length).
 */
export function answerHead(headers: Readonly<Record<string, string>>, tail: string[], { fromTheCache = true } = {}): string[] {
  return [
    "x-request-id",
    "",
    ...Object.entries(headers).flat(),
    ...(fromTheCache ? ["x-page-cache", "hit"] : []),
    "vary",
    "accept-encoding, origin",
    ...tail,
  ];
}

/**
 * Writes a stored page (or its 304) as the router would, in the encoding `pickEncoding` chose for the
 * request; the status sent. The head was built when the page was stored: only the request id changes.
 */
export function writePage(
  request: IncomingMessage,
  response: ServerResponse,
  page: StoredPage,
  { encoding, body }: { encoding: Coding | null; body: Buffer },
  requestId: string,
): number {
  const notModified = request.headers["if-none-match"] === page.etag;
  const head = notModified ? page.heads.notModified : encoding ? page.heads[encoding]! : page.heads.identity;
  // Node reads the list while writeHead runs and keeps none of it: one list per page serves every answer.
  head[1] = requestId;
  if (notModified) {
    response.writeHead(304, head).end();
    return 304;
  }
  response.writeHead(200, head).end(body);
  return 200;
}

/**
 * The page cache at the server's door: serves a stored page to an anonymous GET before Fastify's routing,
 * hooks and reply machinery, which cost several times the write itself (ADR 0015 has the figures). A
 * visitor carrying a session cookie always goes in: admins never get a stored page; so does a call from
 * another site's page (it names its Origin), whose answer carries CORS headers that stored pages lack.
 * True when it served the request.
 */
export function pageCacheDoor(
  cache: PageCache,
  {
    sessionCookieNames,
    log,
    busy,
  }: {
    sessionCookieNames: readonly string[];
    log: () => FastifyBaseLogger | undefined;
    /**
     * Whether the instance is too busy to render the request's page now, and the answer that turns it away, before
     * Fastify (ADR 0125). A page the cache holds past its time is served as it is instead.
     */
    busy?: { now: (request: IncomingMessage) => boolean; turnAway: (request: IncomingMessage, response: ServerResponse) => void };
  },
) {
  const signedIn = new RegExp(`(?:^|;)\\s*(?:${sessionCookieNames.join("|")})=`);
  return function serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "GET" || request.headers.origin !== undefined) return false;
    const cookie = request.headers.cookie;
    if (cookie !== undefined && signedIn.test(cookie)) return false;
    const key = cache.size === 0 ? undefined : pageKey(request);
    let page = key === undefined ? undefined : cache.get(key);
    const fresh = page !== undefined;
    if (!page) {
      if (!busy?.now(request)) return false;
      page = key === undefined ? undefined : cache.stale(key);
      if (!page) {
        busy.turnAway(request, response);
        return true;
      }
    }
    let chosen = pickEncoding(page, request.headers["accept-encoding"]);
    // Its compressed copy is not made yet: the router answers (and compresses) this one while it is made; a page
    // past its time, which the router would render again, goes as it is.
    if (!chosen && fresh) {
      cache.makeCopy(key!, page, request.headers["accept-encoding"]);
      return false;
    }
    chosen ??= { encoding: null, body: page.body };
    answerAtTheDoor(request, response, log(), (requestId) => writePage(request, response, page, chosen, requestId), { pageCache: "hit" });
    return true;
  };
}

/**
 * The page cache in Fastify: a route with `config.pageCache` is served from it when its page is stored
 * and, when not, its answer is stored on the way out if it is a 200 sent as a string without a cookie.
 * Admins, and answers with CORS headers (another site's call, ADR 0013), are answered afresh.
 * A stored HTML page allows its own inline scripts by their hashes instead of the nonce it was rendered
 * with (a nonce would have to change per answer, and the bytes could not be kept). Every admin write
 * empties the cache. Registered before the compression and ETag plugins, which must see what it stores.
 */
export function registerPageCache(app: FastifyInstance, cache: PageCache) {
  app.decorateRequest("pageCache", null);

  // After every onRequest hook, the auth guard's among them: who the request is from is known.
  app.addHook("preHandler", async (request, reply) => {
    if (request.admin && !SAFE_METHODS.has(request.method)) return clearOnWrite(request, reply);
    const optIn = request.routeOptions.config.pageCache;
    // An answer another site's page may read carries CORS headers (set by now) that a stored page lacks.
    if (!optIn || request.method !== "GET" || request.admin || reply.hasHeader("access-control-allow-origin")) return;
    if (typeof optIn === "function" && !optIn(request)) return;
    const key = pageKey(request.raw);
    const stored = cache.get(key);
    if (stored) return servePage(request, reply, stored, () => cache.makeCopy(key, stored, request.headers["accept-encoding"]));
    request.pageCache = { key, startedAt: cache.begin() };
    // Fastify reads the target as asked for (the access line's) on first use: before it changes below.
    void request.originalUrl;
    // A stored page is rendered for its key's target, so a parameter the key leaves out cannot show in it.
    request.raw.url = pageTarget(request.raw.url ?? "/");
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const into = request.pageCache;
    if (!into || reply.statusCode !== 200 || typeof payload !== "string" || reply.hasHeader("set-cookie")) return payload;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !PER_EXCHANGE.has(name)) headers[name] = String(value);
    }
    headers["cache-control"] = "no-cache";
    const policy = headers["content-security-policy"];
    if (policy && headers["content-type"]?.startsWith("text/html")) headers["content-security-policy"] = byScriptHashes(policy, payload);
    const page = cache.store(into.key, into.startedAt, { headers, body: payload });
    reply.headers({ ...page.headers, "x-page-cache": "miss", vary: "accept-encoding, origin" });
    return payload;
  });

  /**
   * Whatever an admin changes may show on any page, so an admin write empties the cache twice: when it
   * arrives (no render begun before it is stored) and when its answer ends, however it ends (sent,
   * refused, or its client gone first, when Fastify's onResponse never runs), so nothing rendered while
   * it ran is stored.
   */
  function clearOnWrite(_request: FastifyRequest, reply: FastifyReply) {
    cache.clear();
    reply.raw.once("close", () => cache.clear());
  }
}

/** Headers of one exchange, never stored. */
const PER_EXCHANGE = new Set([
  "content-length",
  "content-encoding",
  "date",
  "etag",
  "x-request-id",
  "x-page-cache",
  "vary",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

/**
 * A stored page found in the preHandler: written whole when its encoding is at hand, otherwise sent so the
 * compression plugin compresses this answer while `makeCopy` makes the page's copy.
 */
function servePage(request: FastifyRequest, reply: FastifyReply, page: StoredPage, makeCopy: () => void) {
  const chosen = pickEncoding(page, request.headers["accept-encoding"]);
  if (chosen) {
    reply.hijack();
    writePage(request.raw, reply.raw, page, chosen, request.id);
    return reply;
  }
  makeCopy();
  reply.headers(page.headers).header("x-page-cache", "hit").header("vary", "accept-encoding, origin");
  if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
  return reply.send(page.body);
}
