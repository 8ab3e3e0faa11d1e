import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { createRequest } from "@remix-run/node-fetch-server";
import type { FastifyInstance } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Config } from "../config";
import type { SessionUser } from "../modules/auth/service";
import type { Services } from "../services";
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
  /** The signed-in admin of this request (from the session cookie), or null. */
  admin: SessionUser | null;
  /** This response's Content-Security-Policy nonce, for the inline scripts of the page. */
  cspNonce: string;
};

declare module "react-router" {
  interface AppLoadContext extends PasalLoadContext {}
}

const ONE_YEAR = 365 * 24 * 60 * 60;

/** Static files, then every other GET rendered by React Router. */
export async function registerWeb(
  app: FastifyInstance,
  web: WebOptions,
  context: Omit<PasalLoadContext, "admin" | "cspNonce">,
  { https }: { https: boolean },
) {
  if (web.clientDir) {
    if (!fs.existsSync(web.clientDir)) throw new Error(`No browser build in ${web.clientDir}: run npm run build`);
    await app.register(fastifyStatic, {
      root: web.clientDir,
      // One route per file: the rest of the URL space belongs to React Router.
      wildcard: false,
      cacheControl: false,
      index: false,
      setHeaders(res, filePath) {
        const relative = path.relative(web.clientDir!, filePath);
        res.setHeader(
          "cache-control",
          relative.startsWith(`assets${path.sep}`)
            ? `public, max-age=${ONE_YEAR}, immutable`
            : "public, max-age=3600, stale-while-revalidate=86400",
        );
      },
    });
  }

  const handle = createRequestHandler(web.serverBuild, web.mode);

  await app.register(async (pages) => {
    // React Router reads form bodies itself, from the untouched request stream.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));
    pages.route({
      method: ["GET", "HEAD", "POST"],
      url: "/*",
      config: { public: true },
      schema: { hide: true },
      handler: async (request, reply) => {
        const cspNonce = randomBytes(16).toString("base64");
        const response = await handle(createRequest(request.raw, reply.raw), { ...context, admin: request.admin, cspNonce });
        // Vite's development server injects scripts of its own; the policy guards the production build.
        if (web.mode === "production" && response.headers.get("content-type")?.startsWith("text/html")) {
          reply.header("content-security-policy", contentSecurityPolicy(cspNonce, https));
        }
        return reply.send(response);
      },
    });
  });
}
