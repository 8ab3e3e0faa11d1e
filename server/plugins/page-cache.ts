import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";

/** A rendered storefront answer (an HTML page or a loader's `.data`), as the shopper would receive it. */
export interface CachedPage {
  headers: [string, string][];
  body: string;
  /** The CSP nonce the body was rendered with; each answer from the cache swaps in a fresh one. */
  nonce: string;
  /** A weak validator of the content (the same for every nonce). */
  etag: string;
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
    sizeCalculation: (page) => Math.max(1, page.body.length),
    ttl: ttlMs,
  });
  // A render that began before a write must not store what it read before that write.
  let generation = 0;

  return {
    get: (key: string) => pages.get(key),
    /** The generation to hand back to `set` once the render it starts has finished. */
    begin: () => generation,
    set(key: string, startedAt: number, page: Omit<CachedPage, "etag">): CachedPage {
      const etag = `W/"${createHash("sha1").update(page.body.replaceAll(page.nonce, "")).digest("base64url")}"`;
      const cached = { ...page, etag };
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
