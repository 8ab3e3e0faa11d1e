import type { AppLoadContext } from "react-router";

/**
 * The site's absolute base URL for canonical links and link previews: PUBLIC_URL when set
 * (behind a proxy the request's host may be an internal one), else the request's own origin.
 */
export function publicOrigin(request: Request, context: AppLoadContext): string {
  return context.config.publicUrl ?? new URL(request.url).origin;
}
