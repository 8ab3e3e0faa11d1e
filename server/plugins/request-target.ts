import type { FastifyInstance, FastifyRequest } from "fastify";

// A host name (letters, digits, dots, hyphens, underscores) or a bracketed IPv6 address, and an optional port.
const HOST = /^(?:[a-z0-9_.~-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Whether a Host header names a server a URL can be made for (`a b`, `x:99999`, `[::1`, `a/b` cannot). */
export function isValidHost(host: string): boolean {
  if (!HOST.test(host)) return false;
  try {
    return new URL(`http://${host}`).pathname === "/";
  } catch {
    return false;
  }
}

/**
 * Requests no page or route can answer are refused first, with a 4xx saying why: a target that is not a
 * path (`*`, which only OPTIONS may ask for, and which then gets the methods the server takes), and a Host
 * header no URL can be made of. Both used to reach the page renderer, which failed with a 500 and a logged
 * stack trace on each (or rendered `*` as the home page).
 */
export function registerRequestTargetCheck(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/")) {
      if (request.url === "*" && request.method === "OPTIONS") {
        return reply.status(204).header("allow", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS").send();
      }
      return reply.status(400).send({ success: false, message: "The request target must be a path starting with /, such as /prices." });
    }
    const host = request.headers.host;
    if (host !== undefined && !isValidHost(host)) {
      return reply.status(400).send({ success: false, message: "The Host header is not a valid host name, such as shop.example or 127.0.0.1:3000." });
    }
  });
}

/** Whether the route that will answer this request (whatever spelling reached it) is one of the API's. */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith("/api/") ?? false;
}
