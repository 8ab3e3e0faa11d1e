import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { data, type ServerBuild } from "react-router";
import { handleError } from "../../app/entry.server";
import type { WebOptions } from "../../server/plugins/web";

const folders: string[] = [];
/** Removes the test's server builds (after each test: tests/helpers/cleanup.ts). */
export async function removeTestBuilds() {
  while (folders.length) await fs.rm(folders.pop()!, { recursive: true, force: true });
}

const manifestRoute = (id: string, parentId: string | undefined, extra: object) => ({
  id,
  parentId,
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  module: `/assets/${id}.js`,
  ...extra,
});

/**
 * A React Router server build of three pages (home, /prices, a 404 for anything else), each of whose
 * loaders answers with the URL it was rendered for, so the production page handler, the answer cache and
 * the limits around them can be tested without building the storefront. Its entry writes the loader data
 * out as the page (HTML), where the real one renders React; it logs errors as the real one does (handleError).
 */
export async function tinyWeb({
  pricesFirst,
}: { /** Awaited by the price list's loader before it answers: a render held open. */ pricesFirst?: () => Promise<void> } = {}): Promise<WebOptions> {
  const clientDir = await fs.mkdtemp(path.join(os.tmpdir(), "pasal-client-"));
  folders.push(clientDir);
  await fs.mkdir(path.join(clientDir, "images"));
  await fs.writeFile(path.join(clientDir, "images", "placeholder.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  const rendered = ({ request }: { request: Request }) => ({ url: request.url });
  const serverBuild = {
    entry: {
      module: {
        // The storefront's own: what is logged of a failed or refused render, and how.
        handleError,
        default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: { loaderData: unknown } }) => {
          headers.set("content-type", "text/html; charset=utf-8");
          return new Response(`<!DOCTYPE html><pre>${JSON.stringify(context.staticHandlerContext.loaderData)}</pre>`, { status, headers });
        },
      },
    },
    routes: {
      root: { id: "root", parentId: undefined, path: "", module: { default: () => null, loader: () => null } },
      home: { id: "home", parentId: "root", index: true, module: { default: () => null, loader: rendered } },
      prices: {
        id: "prices",
        parentId: "root",
        path: "prices",
        module: {
          default: () => null,
          loader: async (args: { request: Request }) => {
            await pricesFirst?.();
            return rendered(args);
          },
        },
      },
      missing: {
        id: "missing",
        parentId: "root",
        path: "*",
        module: {
          default: () => null,
          loader: () => {
            throw data(null, { status: 404 });
          },
        },
      },
    },
    assets: {
      entry: { module: "/assets/entry.js", imports: [], css: [] },
      routes: {
        root: manifestRoute("root", undefined, { path: "" }),
        home: manifestRoute("home", "root", { index: true }),
        prices: manifestRoute("prices", "root", { path: "prices" }),
        missing: manifestRoute("missing", "root", { path: "*" }),
      },
      url: "/assets/manifest.js",
      version: "test",
    },
    assetsBuildDirectory: clientDir,
    basename: "/",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    publicPath: "/",
  } as unknown as ServerBuild;
  return { mode: "production", serverBuild, clientDir };
}

const root = path.resolve(import.meta.dirname, "../..");
let production: Promise<WebOptions> | undefined;

/**
 * The storefront's own production build (build/, from `npm run build`), served as server/main.ts serves it:
 * for tests of what the real pages and routes answer. Loaded once per test file.
 */
export function productionWeb(): Promise<WebOptions> {
  return (production ??= loadProductionWeb());
}

async function loadProductionWeb(): Promise<WebOptions> {
  const serverFile = path.join(root, "build/server/index.js");
  const clientDir = path.join(root, "build/client");
  if (!existsSync(serverFile) || !existsSync(clientDir)) {
    throw new Error(`No production build in ${path.join(root, "build")}: run npm run build first`);
  }
  const serverBuild = (await import(pathToFileURL(serverFile).href)) as ServerBuild;
  return { mode: "production", serverBuild, clientDir };
}
