import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { productionWeb } from "./helpers/web";

/**
 * ADR 0054 (as amended by ADR 0113): no storefront page loads classic zod. Read from the production build: each
 * storefront route's module and the chunks it imports, the entry and the root's included, are what a shopper's
 * browser loads with the page; none may be classic zod, whose minified code keeps its types' names ("ZodString";
 * zod/mini's are "ZodMiniString"). Nor may the chunks their code loads later (a client loader, `import()`).
 * Admin screens may load it.
 */
const web = await productionWeb();
const build = web.serverBuild as ServerBuild;
const clientDir = path.resolve(import.meta.dirname, "../build/client");

function fullPath(id: string): string {
  const route = build.routes[id]!;
  const parent = route.parentId ? fullPath(route.parentId) : "";
  return [parent, route.path ?? ""].filter(Boolean).join("/");
}

const chunkText = new Map<string, string>();
const read = (asset: string) => {
  let text = chunkText.get(asset);
  if (text === undefined) chunkText.set(asset, (text = fs.readFileSync(path.join(clientDir, asset), "utf8")));
  return text;
};
const isClassicZod = (asset: string) => read(asset).includes('"ZodString"');

const storefront = Object.keys(build.routes)
  .map((id) => ({ id, path: `/${fullPath(id)}`, manifest: build.assets.routes[id]! }))
  .filter((route) => !/^\/(ne\/)?admin(\/|$)/.test(route.path));

const entry = [build.assets.entry.module, ...build.assets.entry.imports];
const root = build.assets.routes.root!;
/** What the browser loads with a page: the entry, the root's chunks and the route's. */
const withPage = (route: (typeof storefront)[number]) => [
  ...entry,
  root.module,
  ...(root.imports ?? []),
  route.manifest.module,
  ...(route.manifest.imports ?? []),
];

/** The chunks these import, at once or later (`import("./x.js")`), and theirs in turn. */
function reached(assets: string[], seen = new Set<string>()): Set<string> {
  for (const asset of assets) {
    if (seen.has(asset)) continue;
    seen.add(asset);
    const imported = [...read(asset).matchAll(/(?:\bfrom|\bimport\s*\(?)\s*"\.\/([^"]+\.js)"/g)];
    reached(
      imported.map((match) => path.posix.join(path.posix.dirname(asset), match[1]!)),
      seen,
    );
  }
  return seen;
}

describe("the storefront pages of the production build", () => {
  it("are many, and classic zod is a chunk of the build (so the check below reads what it should)", () => {
    expect(storefront.map((route) => route.path)).toEqual(expect.arrayContaining(["/", "/cart", "/prices"]));
    const chunks = fs.readdirSync(path.join(clientDir, "assets")).filter((name) => name.endsWith(".js"));
    expect(chunks.filter((name) => isClassicZod(`assets/${name}`))).not.toEqual([]);
  });

  it("load no classic zod with any page, only zod/mini where a check runs in the browser", () => {
    const loading = storefront.flatMap((route) => withPage(route).map((asset) => ({ page: route.path, asset })));
    const classic = loading.filter(({ asset }) => isClassicZod(asset));
    expect(classic).toEqual([]);
  });

  it("load none later either: a client loader, and what the pages' code imports when it is needed", () => {
    const later = storefront.flatMap((route) => {
      const now = withPage(route);
      const lazily = [
        ...reached([...now, route.manifest.clientLoaderModule, route.manifest.clientActionModule].filter((asset) => asset !== undefined)),
      ];
      return lazily.filter((asset) => !now.includes(asset)).map((asset) => ({ page: route.path, asset }));
    });
    // The stored cart and the search's answers are read later on every page, with zod/mini.
    expect(later.filter(({ page }) => page === "/").map(({ asset }) => path.basename(asset))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^stored-cart-/), expect.stringMatching(/^search-answer-/)]),
    );
    expect(later.filter(({ asset }) => isClassicZod(asset))).toEqual([]);
  });
});
