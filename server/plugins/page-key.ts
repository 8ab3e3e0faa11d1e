import type { IncomingMessage } from "node:http";
import { filtersToSearchParams, parseFilters, parseOffset } from "../../domain/catalogue/filters";

/**
 * The cache key of a request, from what arrived on the wire (so the server's door and the router agree):
 * the target as the page reads it and every header that changes the origin a page is rendered for.
 */
export function pageKey(request: IncomingMessage): string {
  const { headers } = request;
  const tls = "encrypted" in request.socket && request.socket.encrypted;
  // Each part kept apart (JSON quotes and escapes them): with a plain separator a request could spell its
  // Host and X-Forwarded-Host so that its key is another page's, and plant a page rendered for another origin there.
  return JSON.stringify([
    tls,
    headers["x-forwarded-proto"] ?? "",
    headers["x-forwarded-host"] ?? "",
    headers.host ?? "",
    pageTarget(request.url ?? "/"),
  ]);
}

// The price list (/prices, /price/{cat}, as React Router matches them: any case, a trailing slash) and its
// loader data, in either language (/ne/prices, ADR 0091).
const PRICE_LIST = /^(?:\/ne)?\/(?:prices|price\/[^/]+?)(?:\/|\.data)?$/i;

/**
 * A request target with only the query parameters its page reads, spelled one way: the price list's
 * filters and offset, the loaders React Router asks for in a `.data` request and the routes it asks
 * about in route discovery. Anything else (a random `?x=…`, a chat app's `fbclid`) is dropped, so it
 * neither makes a new cache entry, costing a render each, nor reaches the page, which is rendered for
 * this target (ADR 0010).
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
  // React Router's route discovery, which the page handler answers too (as JSON, never stored).
  if (path === "/__manifest") ["paths", "version"].forEach(copy);
  return kept.size > 0 ? `${path}?${kept}` : path;
}
