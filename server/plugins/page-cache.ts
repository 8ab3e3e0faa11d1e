import { LRUCache } from "lru-cache";
import { weakEtag } from "../modules/cache";

/** A rendered storefront answer (an HTML page or a loader's `.data`), as the shopper would receive it. */
export interface CachedPage {
  headers: Record<string, string>;
  /** An HTML page, which goes out with a policy for its nonce; otherwise loader data, sent as it is. */
  html: boolean;
  /** The body as UTF-8, cut where the CSP nonce it was rendered with stood: each answer joins it with a fresh one. */
  parts: Buffer[];
  /** A weak validator of the content (the same for every nonce). */
  etag: string;
}

export interface RenderedPage {
  headers: [string, string][];
  body: string;
  nonce: string;
}

export interface PageCacheOptions {
  /** Bytes of bodies held at most; the least recently used pages go first. */
  maxBytes?: number;
  /** A backstop for what changes with time rather than with an admin's edit (trending list, "Coming Soon", the year). */
  ttlMs?: number;
}

/**
 * Anonymous storefront answers per URL, dropped whole on every admin write (ADR 0008). The HTML is the
 * same for every shopper because per-visitor state (cart, theme, 18+ confirmation) lives in the browser.
 */
export function createPageCache({ maxBytes = 32 * 1024 * 1024, ttlMs = 5 * 60_000 }: PageCacheOptions = {}) {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, page.parts.reduce((bytes, part) => bytes + part.length, 0)),
    ttl: ttlMs,
  });
  // A render that began before a write must not store what it read before that write.
  let generation = 0;

  return {
    get: (key: string) => pages.get(key),
    /** The generation to hand back to `set` once the render it starts has finished. */
    begin: () => generation,
    set(key: string, startedAt: number, page: RenderedPage): CachedPage {
      const html = page.headers.some(([name, value]) => name === "content-type" && value.startsWith("text/html"));
      const pieces = html ? page.body.split(page.nonce) : [page.body];
      const cached: CachedPage = {
        // Computed once here, so a hit is a copy of bytes: no string work, no re-encoding.
        headers: Object.fromEntries(page.headers.filter(([name]) => name !== "content-length")),
        html,
        parts: pieces.map((piece) => Buffer.from(piece)),
        etag: weakEtag(pieces.join("")),
      };
      if (startedAt === generation && page.body.length <= maxBytes / 8) pages.set(key, cached);
      return cached;
    },
    clear() {
      generation++;
      pages.clear();
    },
    get size() {
      return pages.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The page's bytes with `nonce` wherever the rendered one stood. */
export function withNonce(page: CachedPage, nonce: string): Buffer {
  if (page.parts.length === 1) return page.parts[0]!;
  const nonceBytes = Buffer.from(nonce);
  return Buffer.concat(page.parts.flatMap((part, i) => (i === 0 ? [part] : [nonceBytes, part])));
}
