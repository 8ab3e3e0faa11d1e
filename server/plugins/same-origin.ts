import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A GET that changes the caller's own state (signing out) must come from our pages as a write must. */
    checkOrigin?: boolean;
    /** Another server calls it, not a browser, and proves itself another way (Telegram's webhook and its secret). */
    serverCaller?: boolean;
  }
}

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const FOREIGN_REQUEST_MESSAGE = "Requests that change something must come from this shop's own pages (send an Origin header naming this site)";

/**
 * A state-changing request is refused unless it shows it comes from our own pages: an Origin header
 * naming this site, or `Sec-Fetch-Site: same-origin`. Browsers send one or both on every POST, PUT and
 * DELETE, so our pages always pass; a page elsewhere cannot act with the admin's cookie (SameSite=Strict
 * already withholds it; this is the second lock), and neither can a request that says nothing. A page on an
 * origin listed in CORS_ORIGINS counts as ours (ADR 0009): its Origin header names it.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string | undefined, corsOrigins: readonly string[] = []) {
  const listed = new Set(corsOrigins);
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) && !request.routeOptions.config.checkOrigin) return;
    if (request.routeOptions.config.serverCaller) return;
    const origin = request.headers.origin;
    if (origin !== undefined && listed.has(origin)) return;
    if (!comesFromOurPages(request, publicUrl)) {
      return reply.status(403).send({ success: false, message: FOREIGN_REQUEST_MESSAGE });
    }
  });
}

function comesFromOurPages(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  const origin = request.headers.origin;
  if (fetchSite !== undefined && fetchSite !== "same-origin") return false;
  if (origin !== undefined) return isOwnOrigin(origin, request, publicUrl);
  return fetchSite === "same-origin";
}

function isOwnOrigin(origin: string, request: FastifyRequest, publicUrl: string | undefined): boolean {
  try {
    const url = new URL(origin);
    if (publicUrl && url.origin === new URL(publicUrl).origin) return true;
    // The Host header read with the origin's scheme, so `localhost:80` and `localhost` compare alike. The
    // scheme itself is not compared: behind a TLS proxy this server may see http for an https page.
    const host = request.headers.host;
    return host !== undefined && host !== "" && url.host === new URL(`${url.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
