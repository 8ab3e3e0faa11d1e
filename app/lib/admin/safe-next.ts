const FALLBACK = "/admin/dashboard";
const BASE = "http://pasal.invalid";

/**
 * Where to go after sign-in: only a page of the admin area, so a crafted link cannot send the admin elsewhere.
 * Any character a same-site path and query may hold is kept (`+`, `:`, `@`, `,`…); backslashes, spaces,
 * control characters and anything that resolves outside /admin/ (schemes, `//host`, `/admin/../..`) are not.
 */
export function safeAdminNext(next: string | null | undefined): string {
  if (!next || !/^\/admin\/[A-Za-z0-9\-._~!$&'()*+,;=:@/?%#]*$/.test(next)) return FALLBACK;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== BASE || !url.pathname.startsWith("/admin/") || /^\/admin\/login(\/|$)/.test(url.pathname)) return FALLBACK;
  return url.pathname + url.search + url.hash;
}

/** The page path a request asked for; client navigations fetch "<path>.data", naming the routes to load in `_routes`. */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  if (url.searchParams.has("_routes")) url.searchParams.delete("_routes");
  return url.pathname.replace(/\.data$/, "") + url.search;
}
