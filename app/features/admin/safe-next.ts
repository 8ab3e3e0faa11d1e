/** Where to go after sign-in: only a page of the admin area, so a crafted link cannot send the admin elsewhere. */
export function safeAdminNext(next: string | null | undefined): string {
  if (!next || !/^\/admin\/[A-Za-z0-9/_?=&%.-]*$/.test(next) || next.startsWith("//") || /^\/admin\/login\b/.test(next)) {
    return "/admin/dashboard";
  }
  return next;
}

/** The page path a request asked for; client navigations fetch "<path>.data". */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname.replace(/\.data$/, "") + url.search;
}
