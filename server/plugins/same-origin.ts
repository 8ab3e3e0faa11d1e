import type { FastifyInstance } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request that a browser says came from another site is refused, so a page
 * elsewhere cannot act with the admin's cookie. (SameSite=Strict already withholds it; this is the second lock.)
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string | undefined) {
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers["sec-fetch-site"];
    const origin = request.headers.origin;
    const crossSite = fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
    if (crossSite || (origin !== undefined && !isOwnOrigin(origin, request.headers.host, publicUrl))) {
      return reply.status(403).send({ success: false, message: "Requests from other sites are not allowed" });
    }
  });
}

function isOwnOrigin(origin: string, host: string | undefined, publicUrl: string | undefined): boolean {
  try {
    const url = new URL(origin);
    if (publicUrl && url.origin === new URL(publicUrl).origin) return true;
    return host !== undefined && url.host === host;
  } catch {
    return false;
  }
}
