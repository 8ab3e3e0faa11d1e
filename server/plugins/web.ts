import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { createRequest } from "@remix-run/node-fetch-server";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { Config } from "../config";
import type { SessionUser } from "../modules/auth/service";
import type { Services } from "../services";
import { cacheControlOfBuiltFile } from "./built-files";
import type { RenderGate } from "./load-shedding";
import { addressKey, createWindowCounter, isLoopback, isStaticPath, PAGE_MISS_LIMIT, RENDER_LIMIT } from "./rate-limits";
import { contentSecurityPolicy } from "./security-headers";

export interface WebOptions {
  /** The React Router server build, or a loader of it (in development, a fresh one per request). */
  serverBuild: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** The browser build (hashed assets and public files); absent in development, where Vite serves them. */
  clientDir?: string;
}

export type PasalLoadContext = {
  services: Services;
  config: Pick<Config, "publicUrl">;
  /** This request's logger (pino, tagged with the request id): loaders log through it, never console. */
  log: FastifyBaseLogger;
  /** The signed-in admin of this request (from the session cookie), or null. */
  admin: SessionUser | null;
  /** This response's Content-Security-Policy nonce, for the inline scripts of the page. */
  cspNonce: string;
  /** The visitor's address (as TRUST_PROXY reads it), for limits counted per address (the order page's wrong keys). */
  clientAddress?: string;
  /**
   * Set by a loader that showed something other than the stored data because it could not be read (the
   * built-in catalogue or slides, default settings, an error state): such a page is never kept, or every
   * shopper would get it until the next admin edit or the cache's backstop.
   */
  fellBack: boolean;
};

// With route middleware on (ADR 0110), loaders get a RouterContextProvider; our fields ride on it, as React
// Router's guide to moving from AppLoadContext shows, so loaders keep reading `context.services`.
declare module "react-router" {
  interface AppLoadContext extends PasalLoadContext {}
  interface RouterContextProvider extends PasalLoadContext {}
}

/** Static files, then every other GET rendered by React Router. */
export async function registerWeb(
  app: FastifyInstance,
  web: WebOptions,
  context: Omit<PasalLoadContext, "admin" | "cspNonce" | "fellBack" | "log">,
  { https, formTargets = [], gate }: { https: boolean; formTargets?: readonly string[]; gate: RenderGate },
) {
  if (web.clientDir) {
    if (!fs.existsSync(web.clientDir)) throw new Error(`No browser build in ${web.clientDir}: run npm run build`);
    await app.register(fastifyStatic, {
      root: web.clientDir,
      // One route per file: the rest of the URL space belongs to React Router.
      wildcard: false,
      cacheControl: false,
      index: false,
      // scripts/compress-assets.mjs leaves .br and .gz twins beside each text asset.
      preCompressed: true,
      setHeaders(res, filePath) {
        res.setHeader("cache-control", cacheControlOfBuiltFile(path.relative(web.clientDir!, filePath)));
      },
    });
  }

  const handle = createRequestHandler(web.serverBuild, web.mode);
  const limits = context.services.limits;
  const misses = createWindowCounter(PAGE_MISS_LIMIT, limits, "page misses");
  const renders = createWindowCounter(RENDER_LIMIT, limits, "renders");
  // A limit that cannot be counted (the database is away) lets the page through: pages still render from
  // the built-in content then, and a 500 for every uncached page would be worse than an uncounted one.
  const failOpen = (counting: Promise<number | void>) =>
    counting.then(
      (wait) => wait ?? 0,
      (error: unknown) => {
        app.log.warn({ err: error }, "could not count a page limit");
        return 0;
      },
    );

  await app.register(async (pages) => {
    // React Router reads form bodies itself, from the untouched request stream.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));
    await gate.register(pages, { onShed: (count) => context.services.orderLimits.countBusyPages(count) });
    pages.route({
      method: ["GET", "HEAD", "POST"],
      url: "/*",
      // The storefront's pages are the same for every shopper; admin pages are not.
      config: { public: true, pageCache: (request) => !isAdminPage(request.url) && !isOrderPage(request.url) },
      schema: { hide: true },
      handler: async (request, reply) => {
        // A file that is not there (a deleted product's picture, an old build's script) is no page: answered
        // without a render, and not counted against the address, which many shoppers may share.
        if (isStaticPath(request.url)) {
          return reply
            .status(404)
            .type("text/plain; charset=utf-8")
            .send(`No such file: ${request.url.split("?")[0]}`);
        }
        // Renders cost the server what cached pages do not: an address (cached pages still flow) may ask for so
        // many a window, and fewer still for pages that do not exist. A signed-in admin is never held back, nor
        // this machine (a proxy left without TRUST_PROXY would otherwise spend one budget for every shopper).
        if (!request.admin) {
          // Route discovery (`/__manifest`, asked for as links show up) reads no data and renders nothing.
          const rendersCounted = !isLoopback(request.ip) && !request.url.startsWith("/__manifest?");
          // Both at once: on PostgreSQL each is a round trip to the database.
          const [missWait, renderWait] = await Promise.all([
            failOpen(misses.retryAfter(addressKey(request.ip))),
            rendersCounted ? failOpen(renders.hit(addressKey(request.ip))) : 0,
          ]);
          const wait = missWait || renderWait;
          if (wait) {
            const what = missWait ? "pages that do not exist" : "pages";
            return reply
              .status(429)
              .header("retry-after", wait)
              .type("text/plain; charset=utf-8")
              .send(`Too many requests for ${what} from your address. Please try again in ${wait} seconds.`);
          }
        }
        // After the address's own limit, so one client's flood is refused as its own before it takes places in the
        // line every shopper shares (a full line is turned away at the server's door, before any of this).
        if (!request.admin && isSharedPage(request.method, request.url) && !(await gate.admit(reply))) return reply;
        if (request.method === "POST" && !(Number(request.headers["content-length"]) <= PAGE_FORM_LIMIT)) {
          const status = request.headers["content-length"] === undefined ? 411 : 413;
          return reply
            .status(status)
            .type("text/plain; charset=utf-8")
            .send(status === 411 ? "Send the form with a Content-Length." : "The form is too large.");
        }

        const cspNonce = randomBytes(16).toString("base64");
        const fields: PasalLoadContext = { ...context, log: request.log, admin: request.admin, cspNonce, fellBack: false, clientAddress: request.ip };
        const loadContext = Object.assign(new RouterContextProvider(), fields);
        const response = await handle(createRequest(request.raw, reply.raw), loadContext);
        if (response.status === 404 && !request.admin) await failOpen(misses.record(addressKey(request.ip)));
        // A form sent to a page that takes none (React Router's 405): say what it does take.
        if (response.status === 405) reply.header("allow", "GET, HEAD");
        const type = response.headers.get("content-type") ?? "";
        // Vite's development server injects scripts of its own; the policy guards the production build.
        if (web.mode === "production" && type.startsWith("text/html"))
          reply.header("content-security-policy", contentSecurityPolicy(cspNonce, https, formTargets));
        // One shopper's order or page, and its key (ADR 0076): kept by no cache, and the address sent to no other site.
        if (isOrderPage(request.url)) reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");
        const stored = response.status === 200 && !loadContext.fellBack && !response.headers.has("set-cookie") && STORED_TYPES.test(type);
        // Not kept: a page that fell back, or one with a cookie of its own.
        if (request.pageCache && !stored) request.pageCache = null;
        // Sent whole, never streamed (no page has data that comes later): a string the page cache stores on the way
        // out, and a body the compression plugin compresses in one step. A stream would be compressed a chunk per
        // turn of the event loop, and a busy instance's turns are long (ADR 0125).
        const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
        delete headers["content-length"];
        if (response.headers.has("set-cookie")) headers["set-cookie"] = response.headers.getSetCookie();
        const body = !response.body ? undefined : stored ? await response.text() : Buffer.from(await response.arrayBuffer());
        return reply.status(response.status).headers(headers).send(body);
      },
    });
  });
}

/**
 * Whether a request asks for a page every anonymous visitor gets the same (what the page cache keeps): the only
 * kind a busy instance turns away (ADR 0125). Not an order page or an admin's, a form, the API, route discovery or
 * a file.
 */
export function isSharedPage(method: string | undefined, url: string): boolean {
  return (method === "GET" || method === "HEAD") && PAGE_TARGET.test(url) && !isStaticPath(url) && !isAdminPage(url) && !isOrderPage(url);
}

/**
 * A target the page route renders, as the server's door sees it before any routing: not the API, the health
 * checks or route discovery, and no file (a last segment with an extension, but for a loader's `.data`).
 */
const PAGE_TARGET = /^(?!\/(?:api|healthz|readyz|__manifest)(?:[/?.]|$))(?:\/[^/?.]*)*(?:\/[^/?]*\.data)?(?:\?.*)?$/;

/** The storefront's forms (the Netflix code request) are a few short fields. */
const PAGE_FORM_LIMIT = 16 * 1024;
const ADMIN_PATH = /^\/admin(?:[/.?]|$)/;

/**
 * Whether a request target's path matches `pattern` as it is or decoded, so however it is spelled (`/%61dmin` is
 * `/admin` to the router). An absolute-form target (`GET http://host/admin`) is judged by its path.
 */
function targetPathMatches(url: string, pattern: RegExp): boolean {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i, "").split("?")[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is no page of ours; the raw path is judged as it is.
  }
  return pattern.test(path) || pattern.test(decoded);
}

/** Whether a request target is an admin page, however its path is spelled. */
export function isAdminPage(url: string): boolean {
  return targetPathMatches(url, ADMIN_PATH);
}
// In either language: `/order/…` and `/ne/order/…` (ADR 0091); a payment's return page, `/payment/…`;
// a customer's page of all their subscriptions, `/my/<key>` (ADR 0104); and a bill and its check, `/bill/…` (ADR 0131).
const ORDER_PATH = /^(?:\/ne)?\/(?:order|payment|my|bill)(?:[/.?]|$)/i;

/** Whether a request target is a shopper's order page (or customer page) or its loader data, however its path is spelled. */
export function isOrderPage(url: string): boolean {
  return targetPathMatches(url, ORDER_PATH);
}
// Pages, and the loader data React Router fetches for in-app navigation.
const STORED_TYPES = /^text\/(?:html|x-script)/;
