// The floor of a page the cache has not seen: React's renderToString of the very element tree a storefront page
// is rendered as, with the data its loaders gave, beside the CPU time Pasal spends on the same page in the same
// process (app.inject: routing, limits, loaders and their queries, React Router, the render, compression and the
// log line; no sockets), with the page cache off so that every request renders. A measurement, not a test:
// `NODE_ENV=production npx tsx bench/render-floor.ts` after `npm run build` (`npm run bench` sets it: React picks its
// build by NODE_ENV when first loaded, and its development build doubles both figures).
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { ServerRouter, type EntryContext, type ServerBuild } from "react-router";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { systemClock } from "../server/db/clock";
import { openDatabase } from "../server/db/database";
import { migrateAndSeed } from "../server/prepare";
import { ensureBuild, fixed, ROOT, table, tempDir } from "./lib";

const RENDERS = Number(process.env.FLOOR_RENDERS ?? 400);
const PAGES = [
  { label: "/prices?q=<new each time>", url: (i: number) => `/prices?q=floor${i}` },
  { label: "a product page", url: (i: number) => `/prices/Netflix%20Premium?v=${i}` },
  { label: "/ne/", url: (i: number) => `/ne/?v=${i}` },
];

/** CPU time (user and system) this process spends in `run`, in milliseconds. */
function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

async function cpuMsAsync(run: () => Promise<void>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

export async function renderFloor(): Promise<Array<{ label: string; floorMs: number; pasalMs: number; ratio: number }>> {
  if (process.env.NODE_ENV !== "production")
    throw new Error("Run with NODE_ENV=production, as the server runs: React's development build is not the one measured.");
  ensureBuild();
  const dir = tempDir("floor");
  const serverBuild = (await import(path.join(ROOT, "build/server/index.js"))) as ServerBuild;
  // What the entry is handed for a page: kept so the same element tree can be rendered alone.
  let captured: { context: EntryContext; url: string; nonce: string } | undefined;
  const entry = serverBuild.entry.module;
  const capturing: ServerBuild = {
    ...serverBuild,
    entry: {
      module: {
        ...entry,
        default: (request, status, headers, context, loadContext) => {
          // The loader data travels in a stream that a render reads once: one branch for this render, one kept.
          const [theirs, kept] = context.serverHandoffStream ? context.serverHandoffStream.tee() : [undefined, undefined];
          const nonce = String((loadContext as { cspNonce?: string }).cspNonce ?? "");
          captured = { context: { ...context, serverHandoffStream: kept }, url: request.url, nonce };
          return entry.default(request, status, headers, { ...context, serverHandoffStream: theirs }, loadContext);
        },
      },
    },
  };
  const config = loadConfig({ DATABASE_URL: path.join(dir, "pasal.db"), MEDIA_DIR: path.join(dir, "media"), PAGE_CACHE_MB: "0" });
  const database = openDatabase(config.database);
  await migrateAndSeed(database.db, systemClock);
  const app = await buildApp({
    config,
    database,
    web: { mode: "production", serverBuild: capturing, clientDir: path.join(ROOT, "build/client") },
    // The log lines are written as `npm start` writes them, to a stream no one reads.
    logStream: fs.createWriteStream("/dev/null"),
  });
  const rows = [];
  try {
    for (const page of PAGES) {
      const ask = (i: number) => app.inject({ method: "GET", url: page.url(i), headers: { "accept-encoding": "br" } });
      // Warm: the JIT, the page's modules, the catalogue's caches.
      for (let i = 0; i < 50; i++) await ask(-1 - i);
      const pasalMs =
        (await cpuMsAsync(async () => {
          for (let i = 0; i < RENDERS; i++) {
            const answer = await ask(i);
            if (answer.statusCode !== 200) throw new Error(`${page.label} answered ${answer.statusCode}`);
          }
        })) / RENDERS;
      const { context, url, nonce } = captured!;
      let data = context.serverHandoffStream;
      const tree = () => {
        let mine = data;
        if (data) [mine, data] = data.tee();
        return createElement(ServerRouter, { context: { ...context, serverHandoffStream: mine }, url, nonce });
      };
      for (let i = 0; i < 50; i++) renderToString(tree());
      const floorMs =
        cpuMs(() => {
          for (let i = 0; i < RENDERS; i++) renderToString(tree());
        }) / RENDERS;
      rows.push({ label: page.label, floorMs, pasalMs, ratio: pasalMs / floorMs });
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await renderFloor();
  console.log(`\n## A page the cache has not seen: CPU per page beside React's render alone (${RENDERS} each, in one process)\n`);
  table(
    ["page", "renderToString alone, ms", "Pasal (app.inject, cache off), ms", "ratio"],
    rows.map((row) => [row.label, fixed(row.floorMs, 2), fixed(row.pasalMs, 2), fixed(row.ratio, 2)]),
  );
}
