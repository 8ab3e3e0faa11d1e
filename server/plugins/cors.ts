import fastifyCors, { type FastifyCorsOptions } from "@fastify/cors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isApiRoute } from "./request-target";

const NOT_SHARED: FastifyCorsOptions = { origin: false };
/** Any site's pages may read what any visitor may read, but never with the visitor's cookies. */
const ANY_ORIGIN_READ: FastifyCorsOptions = { origin: "*", methods: "GET, HEAD" };

/**
 * Cross-origin access to the API (ADR 0009). The shop's original client runs on an origin of its own and
 * calls the API with credentials: an origin listed in CORS_ORIGINS gets credentialed access to every route
 * (the session and same-origin checks still apply; see same-origin.ts). Any other origin may read the
 * public GET routes without credentials and is given nothing else: no allow headers, so the browser
 * keeps the answer from that page, and a preflight for a write is refused.
 */
export async function registerCors(app: FastifyInstance, listedOrigins: readonly string[]) {
  const listed = new Set(listedOrigins);
  const forListed = (origin: string): FastifyCorsOptions => ({
    origin,
    credentials: true,
    methods: "GET, HEAD, POST, PUT, DELETE",
    allowedHeaders: "content-type",
    maxAge: 600,
  });

  function optionsFor(request: FastifyRequest): FastifyCorsOptions {
    const origin = request.headers.origin;
    if (origin === undefined || !isApiRoute(request)) return NOT_SHARED;
    if (listed.has(origin)) return forListed(origin);
    const isRead = request.method === "GET" || request.method === "HEAD";
    return isRead && request.routeOptions.config.public ? ANY_ORIGIN_READ : NOT_SHARED;
  }

  await app.register(fastifyCors, {
    hideOptionsRoute: true,
    delegator: (request, callback) => callback(null, optionsFor(request)),
  });
}
