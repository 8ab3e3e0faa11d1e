import { data, redirect, type AppLoadContext, type MiddlewareFunction } from "react-router";
import { requestedPath } from "./safe-next";

export const SESSION_ENDED = "Your session has ended. Please sign in again.";

/**
 * The admin layout's middleware (ADR 0110): every request for an admin screen, its data, its loader alone
 * or its action passes here first, so a screen added under the layout is guarded without a line of its own.
 * A page is sent to sign-in with the way back; its data (`<path>.data`, fetched by the browser for
 * navigations, fetchers and form posts) is answered 401, which the screen's error boundary turns into the
 * same trip to sign-in. Middleware runs on every server request of the routes it covers, even when the
 * layout's own loader does not (`shouldRevalidate`, `?_routes=` of one screen).
 */
export const requireAdmin: MiddlewareFunction<Response> = ({ context, request }) => {
  refuseWithoutSession(context, request);
  // An admin the shop made without a name (the first one) is asked for it before anything else (ADR 0119).
  if (!context.admin!.name && request.method === "GET") throw redirect(`${WELCOME_PATH}?next=${encodeURIComponent(requestedPath(request))}`);
};

/** A signed-in admin, named or not: for the page that asks for the name, outside the layout. */
export const requireSession: MiddlewareFunction<Response> = ({ context, request }) => refuseWithoutSession(context, request);

function refuseWithoutSession(context: Readonly<AppLoadContext>, request: Request) {
  if (context.admin) return;
  if (new URL(request.url).pathname.endsWith(".data")) throw data({ message: SESSION_ENDED }, { status: 401 });
  throw redirect(`/admin/login?next=${encodeURIComponent(requestedPath(request))}`);
}

/** Where an admin without a name says it, outside the admin layout. */
export const WELCOME_PATH = "/admin/welcome";

/** The signed-in admin, in a loader or action under the admin layout, whose middleware let the request in. */
export function signedInAdmin(context: AppLoadContext): NonNullable<AppLoadContext["admin"]> {
  // Only reached when a route was put outside the layout: refused, never answered as someone.
  if (!context.admin) throw data({ message: SESSION_ENDED }, { status: 401 });
  return context.admin;
}

/** The signed-in admin as the audit log names who did it: the admin's email and the address they came from (ADR 0100). */
export function adminActor(context: AppLoadContext): { email: string; address: string | null } {
  return { email: signedInAdmin(context).email, address: context.clientAddress ?? null };
}
