import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import { SESSION_ABSOLUTE_MS, type SessionUser } from "./service";
import { isApiRoute } from "../../plugins/request-target";
import type { Services } from "../../services";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A route under /api opts out of the admin guard with `config: { public: true }`. */
    public?: boolean;
  }
  interface FastifyRequest {
    admin: SessionUser | null;
  }
}

export function sessionCookieName(config: Pick<Config, "secureCookies">) {
  // __Host- makes the browser refuse the cookie unless it is Secure, host-only and Path=/.
  return config.secureCookies ? "__Host-pasal_session" : "pasal_session";
}

type CookieConfig = Pick<Config, "secureCookies" | "corsOrigins">;

/**
 * Strict keeps the cookies off every request another site starts. Over https with origins listed in
 * CORS_ORIGINS they must reach the API from those sites' pages too, so they go as SameSite=None (ADR 0009):
 * writes still need our Origin or a listed one, and other sites still cannot read a credentialed answer.
 */
function sameSite(config: CookieConfig) {
  return config.secureCookies && config.corsOrigins.length > 0 ? ("none" as const) : ("strict" as const);
}

export function sessionCookie(config: CookieConfig) {
  const name = sessionCookieName(config);
  const options = {
    path: "/",
    httpOnly: true,
    sameSite: sameSite(config),
    secure: config.secureCookies,
  };
  return {
    read: (request: FastifyRequest) => request.cookies[name],
    set: (reply: FastifyReply, token: string) => reply.setCookie(name, token, { ...options, maxAge: SESSION_ABSOLUTE_MS / 1000 }),
    clear: (reply: FastifyReply) => reply.clearCookie(name, options),
  };
}

/** Marks a browser that has signed in before, so an attacker's failures elsewhere cannot lock it out. */
export function deviceCookie(config: CookieConfig) {
  const name = config.secureCookies ? "__Host-pasal_device" : "pasal_device";
  return {
    read: (request: FastifyRequest) => request.cookies[name],
    set: (reply: FastifyReply, token: string) =>
      reply.setCookie(name, token, {
        path: "/",
        httpOnly: true,
        sameSite: sameSite(config),
        secure: config.secureCookies,
        maxAge: 365 * 24 * 60 * 60,
      }),
  };
}

export const UNAUTHORIZED_MESSAGE = "Sign in as an admin to do this";

/**
 * Why a page on another origin is not signed in although its admin did sign in: its browser sent no cookie
 * (a request without credentials mode, as the spec's client's writes are, or third-party cookies blocked).
 * No setting of the shop's changes that; serving the page from the shop's origin does (ADR 0013).
 */
export const NO_COOKIE_FROM_ANOTHER_ORIGIN_MESSAGE =
  "Sign in as an admin to do this. This request came from a page on another origin, and the browser sent no session cookie with it: serve the page from the shop's own origin, with /api passed on to the shop (docs/deploy.md, \"The original client on the shop's origin\")";

/** A browser's request from a page on an origin other than the API's own (Sec-Fetch-Site, which browsers send on every request). */
const fromAnotherOrigin = (request: FastifyRequest) => ["same-site", "cross-site"].includes(String(request.headers["sec-fetch-site"]));

/**
 * Deny by default: every /api route needs an admin session unless it declares `public: true`.
 * A route added later is guarded without anyone remembering to guard it. The decision uses the route
 * the router matched, never the raw request target: `/%61pi/admin/…` or `http://x/api/admin/…` reach
 * the same handler as `/api/admin/…` and must meet the same guard.
 */
export function registerAuthGuard(app: FastifyInstance, services: Pick<Services, "auth">, config: Config) {
  const cookie = sessionCookie(config);
  app.decorateRequest("admin", null);

  app.addHook("onRequest", async (request, reply) => {
    const token = cookie.read(request);
    if (token) request.admin = await services.auth.authenticate(token);
    if (!isApiRoute(request) || request.is404 || request.routeOptions.config.public) return;
    if (!request.admin) {
      const message = !token && fromAnotherOrigin(request) ? NO_COOKIE_FROM_ANOTHER_ORIGIN_MESSAGE : UNAUTHORIZED_MESSAGE;
      return reply.status(401).send({ success: false, message });
    }
  });
}
