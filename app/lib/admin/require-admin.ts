import { data, redirect, type AppLoadContext } from "react-router";
import { requestedPath } from "./safe-next";

export const SESSION_ENDED = "Your session has ended. Please sign in again.";

/**
 * The first line of every admin loader and action: the signed-in admin, or a refusal. A page is sent to
 * sign-in with the way back; its data (`<path>.data`, fetched by the browser for navigations, fetchers and
 * form posts) is answered 401, which the screen's error boundary turns into the same trip to sign-in.
 * Each loader checks for itself: React Router runs a screen's loader beside the layout's, or alone when the
 * layout's data is kept, so the layout's check does not guard the screens under it.
 */
export function requireAdmin(context: AppLoadContext, request: Request): NonNullable<AppLoadContext["admin"]> {
  if (context.admin) return context.admin;
  if (new URL(request.url).pathname.endsWith(".data")) throw data({ message: SESSION_ENDED }, { status: 401 });
  throw redirect(`/admin/login?next=${encodeURIComponent(requestedPath(request))}`);
}

/** `requireAdmin`, as the audit log names who did it: the admin's email and the address they came from (ADR 0100). */
export function requireAdminActor(context: AppLoadContext, request: Request): { email: string; address: string | null } {
  return { email: requireAdmin(context, request).email, address: context.clientAddress ?? null };
}
