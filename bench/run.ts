// `npm run bench [-- start http bundle lighthouse growth ledger instances]`: Pasal's speed beside a reference
// measured in the same run (bare Node, nginx serving the same bytes, the framework's own bundle, the
// smallest catalogue, one instance). It prints figures; it never fails on a slow machine. See bench/README.md.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { setTimeout as sleep } from "node:timers/promises";
import { CHECKOUT_LIMIT } from "../server/modules/orders/routes";
import { createPostgresDatabase, freePort } from "../tests/instances/cluster";
import { addLedger } from "./ledger";
import { addOrderHistory, HISTORY_SIZE } from "./customers";
import { createCatalogueDatabase } from "./catalogue";
import { renderFloor } from "./render-floor";
import {
  BENCH_ADMIN,
  brotliBytes,
  cpuSteal,
  ensureBuild,
  fixed,
  getRaw,
  kb,
  medianFetchMs,
  requireCommands,
  ROOT,
  rssMb,
  startBareNode,
  startNginx,
  startPasal,
  startPasalAsShipped,
  startPasalOn,
  startProcess,
  table,
  tempDir,
  verdict,
  wrk,
  wrkInBackground,
  wrkTogether,
  type NginxPage,
  type Server,
  type WrkResult,
} from "./lib";

/** The JS `/` loaded before the storefront spoke Nepali (commit 774bcd8, measured as below), the base of ADR 0091's 4 KB limit. */
const ENGLISH_ONLY_HOME_JS = 132_643;

const SECTIONS = ["start", "http", "crowd", "bundle", "lighthouse", "growth", "ledger", "instances"] as const;
type Section = (typeof SECTIONS)[number];
const asked = process.argv.slice(2).filter((arg) => (SECTIONS as readonly string[]).includes(arg)) as Section[];
const run = new Set<Section>(asked.length ? asked : SECTIONS);

const PORTS = { pasal: 3301, nginx: 3302, bare: 3303, growth: 3304, shipped: 3311, loggingOff: 3312, nginxHttp: 3313, crowd: 3314 };
/** The crowd: connections asking for pages no one asked before, for this long, while shoppers use the rest of the shop. */
const FLOOD_CONNECTIONS = 200;
/** CROWD_SECONDS=600 for the ten minutes over which memory must stay flat. */
const FLOOD_SECONDS = Number(process.env.CROWD_SECONDS ?? 20);
/**
 * The load's first seconds (a minute, or half a shorter run), over which V8's heap grows to its working size under
 * 10,000 answers a second (20–30 s on the 2-core machine): memory at the end is compared with what it is then.
 */
const WARM_UP_SECONDS = Math.min(60, FLOOD_SECONDS / 2);
/** The protected routes' target under the flood (ADR 0125). */
const PROTECTED_P99_MS = 100;
const PRODUCT = "/prices/Netflix%20Premium";
/**
 * What the HTTP benchmark asks for, with its target ratio to nginx at the settings `npm start` ships:
 * answers the page cache holds, and a price list searched for a word no one asked for before (rendered each time).
 */
const HTTP_TARGETS: Array<{ path: string; label: string; target: number; freshQuery?: string }> = [
  { path: "/api/prices", label: "/api/prices", target: 0.6 },
  { path: "/", label: "/", target: 0.5 },
  { path: "/ne/", label: "/ne/", target: 0.5 },
  { path: "/prices", label: "/prices", target: 0.5 },
  { path: PRODUCT, label: PRODUCT, target: 0.5 },
  { path: "/updates", label: "/updates", target: 0.5 },
  { path: "/prices", label: "/prices?q=<new each time>", target: 0.1, freshQuery: "q" },
];
/** p99 latency at 50 connections, at shipped settings, for the answers the page cache holds. */
const P99_TARGET_MS = 50;
/** What a browser asks for: Pasal answers with its brotli copy, and nginx and bare Node send those very bytes. */
const AS_A_BROWSER = { "accept-encoding": "br" };
/** Where nginx and bare Node serve the bytes of a price list rendered for a query (any query: they match the path). */
const RENDERED_COPY = "/__rendered";
/** Initial JS of `/` and `/ne/` on 2026-11-25 (132.7 KB, bench/RESULTS.md), which must not grow. */
const HOME_JS_LIMIT = 135_887;
// `/ne/` beside `/`: the Nepali shop scores what the English one does (ADR 0091).
const LIGHTHOUSE_PAGES = ["/", "/ne/", "/prices", PRODUCT, "/cart"];
/** The pages that must score at least 97 (the order page, placed for the run, among them); others 95. */
const LIGHTHOUSE_97 = new Set(["/", "/ne/", "/prices", PRODUCT, "order"]);
/** A text found in Chart.js's code and nowhere else in the build. */
const CHART_JS_MARKER = "Canvas is already in use. Chart with ID";
/** Audits per page (and per nginx copy); LIGHTHOUSE_RUNS=1 for a quick look. */
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const GROWTH_SIZES = [30, 500, 5000];
const SEARCHES = ["net", "spo", "pri", "vpn", "you", "max", "gold", "duo", "adobe", "ch"];
/** A PostgreSQL server the instances section may create a database on. */
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const EDITS = 50;
const INSTANCE_PATHS = ["/api/prices", PRODUCT];
const THROUGHPUT_ROUNDS = 3;

const targets: Array<{ what: string; figure: string; ok: boolean }> = [];
const target = (what: string, figure: string, ok: boolean) => targets.push({ what, figure, ok });

ensureBuild();
console.log(
  `Pasal benchmarks, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}`,
);
console.log(`wrk on core 0, the measured server on core 1.\n`);

const work = tempDir("run");
let pasal: Server | undefined;
let nginx: Server | undefined;
try {
  if (run.has("start")) pasal = await startSection();
  if (run.has("http")) await httpSection();
  if (run.has("crowd")) await crowdSection();
  if (run.has("bundle") || run.has("lighthouse")) {
    pasal ??= await startPasal(path.join(work, "pasal.db"), PORTS.pasal);
    const audited = run.has("lighthouse") ? [...LIGHTHOUSE_PAGES, await placeOrder(pasal.url)] : [];
    const pages = await capture(pasal.url, audited);
    if (pages.length && requireCommands("nginx")) nginx = await startNginx(pages, PORTS.nginx, pasal.url);
    if (run.has("bundle")) await bundleSection(pasal);
    if (run.has("lighthouse")) lighthouseSection(pasal, nginx, audited);
  }
  await nginx?.stop();
  await pasal?.stop();
  pasal = undefined;
  if (run.has("growth")) {
    await growthSection();
    await reportsGrowth();
  }
  if (run.has("ledger")) await ledgerGrowth();
  if (run.has("instances")) await instancesSection();
} finally {
  await nginx?.stop();
  await pasal?.stop();
  fs.rmSync(work, { recursive: true, force: true });
}

console.log("\n## Targets\n");
table(
  ["target", "measured", ""],
  targets.map((t) => [t.what, t.figure, verdict(t.ok)]),
);

async function startSection(): Promise<Server> {
  console.log("## Start and memory\n");
  const bareScript = `require("node:http").createServer((q, s) => s.end("ok")).listen(${PORTS.bare}, "127.0.0.1")`;
  const bare = await startProcess(["node", "-e", bareScript], { port: PORTS.bare, readyPath: "/" });
  await sleep(2000);
  const bareRss = rssMb(bare.pid);
  await bare.stop();

  const database = path.join(work, "pasal.db");
  const first = await startPasal(database, PORTS.pasal);
  await first.stop();
  const restarts: number[] = [];
  let server: Server | undefined;
  for (let i = 0; i < 3; i++) {
    await server?.stop();
    server = await startPasal(database, PORTS.pasal);
    restarts.push(server.readyMs);
  }
  const ready = restarts.sort((a, b) => a - b)[1]!;
  await sleep(2000);
  const idle = rssMb(server!.pid);
  table(
    ["process", "ready (ms)", "idle RSS (MB)", "ready ratio to bare Node"],
    [
      ["bare Node http server (reference)", fixed(bare.readyMs, 0), fixed(bareRss), "1.0"],
      ["Pasal, new database (migrate, seed, first admin)", fixed(first.readyMs, 0), "", fixed(first.readyMs / bare.readyMs)],
      ["Pasal, existing database (median of 3)", fixed(ready, 0), fixed(idle), fixed(ready / bare.readyMs)],
    ],
  );
  target("ready ≤ 1 s (existing SQLite database)", `${fixed(ready, 0)} ms`, ready <= 1000);
  target("idle memory ≤ 150 MB", `${fixed(idle)} MB`, idle <= 150);
  return server!;
}

/** A page as the tables name it: an order page without its key. */
function label(page: string) {
  return page.startsWith("/order/") ? `${page.split("?")[0]} (an order page)` : page;
}

/** An order of one Netflix Premium line, placed as a shopper does; the path and query of its page (the key in it). */
async function placeOrder(base: string): Promise<string> {
  const { allPrices } = (await (await fetch(`${base}/api/prices`)).json()) as { allPrices: Array<{ _id: string; Name: string }> };
  const netflix = allPrices.find((item) => item.Name === "Netflix Premium")!;
  const response = await fetch(`${base}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ items: [{ _id: netflix._id, months: 1, devices: 2 }], channel: "whatsapp" }),
  });
  if (!response.ok) throw new Error(`placing an order answered ${response.status}: ${await response.text()}`);
  const page = new URL(((await response.json()) as { orderUrl: string }).orderUrl, base);
  return page.pathname + page.search;
}

/** The bytes Pasal answers for each page Lighthouse audits, for nginx to serve as files (nginx matches the path only). */
async function capture(base: string, paths: string[]): Promise<NginxPage[]> {
  return Promise.all(
    paths.map(async (urlPath) => {
      const response = await fetch(base + urlPath);
      if (!response.ok) throw new Error(`${urlPath} answered ${response.status}`);
      return {
        path: decodeURI(urlPath.split("?")[0]!),
        contentType: response.headers.get("content-type")!,
        body: Buffer.from(await response.arrayBuffer()),
      };
    }),
  );
}

/**
 * Pasal as `npm start` runs it, and the same with logging off (LOG_LEVEL=warn), beside nginx and bare Node
 * serving the very bytes Pasal sent, each in turn on the server core. Asked for as a browser asks
 * (brotli), so every server sends the same compressed bytes.
 */
async function httpSection() {
  console.log("\n## HTTP (wrk: 1 thread, 50 connections, 10 s after a 2 s warm-up; Accept-Encoding: br, the same bytes from each server)\n");
  if (!requireCommands("nginx", "wrk", "taskset")) return;
  const dir = tempDir("http");
  const servers: Server[] = [];
  const loadBefore = os.loadavg();
  const steal = cpuSteal();
  try {
    const database = path.join(dir, "pasal.db");
    // One after the other on one database: the first migrates and seeds, so both answer the same bytes.
    const shipped = await startPasalAsShipped(database, PORTS.shipped);
    servers.push(shipped);
    const loggingOff = await startPasalAsShipped(database, PORTS.loggingOff, { LOG_LEVEL: "warn" });
    servers.push(loggingOff);
    const pages: NginxPage[] = [];
    const cacheStates = new Map<string, string>();
    for (const { path: urlPath, freshQuery, label } of HTTP_TARGETS) {
      const copy = freshQuery
        ? await getRaw(`${shipped.url}${urlPath}?${freshQuery}=zz-${randomBytes(4).toString("hex")}`, AS_A_BROWSER)
        : await keptCopy(shipped, urlPath);
      cacheStates.set(label, String(copy.headers["x-page-cache"] ?? "-"));
      pages.push({
        path: freshQuery ? RENDERED_COPY : decodeURI(urlPath),
        contentType: copy.headers["content-type"]!,
        encoding: copy.headers["content-encoding"],
        body: copy.body,
      });
      if (!freshQuery) await keptCopy(loggingOff, urlPath);
    }
    const nginx = await startNginx(pages, PORTS.nginxHttp, shipped.url);
    servers.push(nginx);
    const bare = await startBareNode(pages, PORTS.bare);
    servers.push(bare);
    for (const page of pages) {
      const urlPath = encodeURI(page.path);
      for (const reference of [nginx, bare]) {
        const body = (await getRaw(reference.url + urlPath, AS_A_BROWSER)).body;
        if (!body.equals(page.body)) throw new Error(`the reference servers do not serve the bytes of ${page.path}`);
      }
    }

    const rows: string[][] = [];
    for (const { path: urlPath, label, target: wanted, freshQuery } of HTTP_TARGETS) {
      const options = { headers: AS_A_BROWSER, ...(freshQuery ? { freshQuery } : {}) };
      const referencePath = freshQuery ? RENDERED_COPY : urlPath;
      const theirs = wrk(nginx.url + referencePath, { pid: nginx.pid, ...options });
      const node = wrk(bare.url + referencePath, { pid: bare.pid, ...options });
      const ours = wrk(shipped.url + urlPath, { pid: shipped.pid, count: shipped.logLines, ...options });
      const off = wrk(loggingOff.url + urlPath, { pid: loggingOff.pid, ...options });
      const ratio = ours.requestsPerSecond / theirs.requestsPerSecond;
      const ratioOff = off.requestsPerSecond / theirs.requestsPerSecond;
      // With a core each, the throughput ratio a quiet machine shows; unlike requests per second, it holds on a busy one.
      const cpuRatio = theirs.cpuMicrosPerRequest / ours.cpuMicrosPerRequest;
      const linesPerRequest = ours.counted / ours.requests;
      rows.push([
        label,
        fixed(theirs.requestsPerSecond, 0),
        fixed(node.requestsPerSecond, 0),
        fixed(ours.requestsPerSecond, 0),
        fixed(ratio, 2),
        fixed(off.requestsPerSecond, 0),
        fixed(ratioOff, 2),
        [theirs, node, ours, off].map((result) => fixed(result.cpuMicrosPerRequest, 0)).join(" / "),
        `${fixed(cpuRatio, 2)} / ${fixed(theirs.cpuMicrosPerRequest / off.cpuMicrosPerRequest, 2)}`,
        `${fixed(ours.p50Ms, 2)} / ${fixed(ours.p99Ms, 2)}`,
        fixed(off.p99Ms, 2),
        fixed(theirs.p99Ms, 2),
        String(ours.errors + off.errors + theirs.errors + node.errors),
        fixed(linesPerRequest, 2),
        cacheStates.get(label)!,
      ]);
      target(
        `${label} ≥ ${wanted} of nginx at shipped settings (by CPU time per request), 0 errors`,
        `${fixed(cpuRatio, 2)} (by requests per second ${fixed(ratio, 2)}), ${ours.errors} errors`,
        cpuRatio >= wanted && ours.errors === 0,
      );
      if (!freshQuery) {
        target(`${label} p99 < ${P99_TARGET_MS} ms at 50 connections, shipped settings`, `${fixed(ours.p99Ms, 2)} ms`, ours.p99Ms < P99_TARGET_MS);
        target(`${label}: one log line per request at shipped settings`, fixed(linesPerRequest, 2), Math.abs(linesPerRequest - 1) <= 0.01);
      }
    }
    table(
      [
        "path",
        "nginx req/s",
        "bare Node req/s",
        "Pasal req/s",
        "ratio to nginx",
        "logging off req/s",
        "ratio to nginx",
        "CPU µs per request: nginx / bare Node / Pasal / logging off",
        "CPU ratio to nginx: Pasal / logging off",
        "Pasal p50 / p99 ms",
        "logging off p99 ms",
        "nginx p99 ms",
        "errors",
        "log lines per request",
        "page cache",
      ],
      rows,
    );
    console.log(
      `\nPasal's resident memory after the HTTP benchmark: ${fixed(rssMb(shipped.pid))} MB (logging off: ${fixed(rssMb(loggingOff.pid))} MB)`,
    );
  } finally {
    for (const server of servers.reverse()) await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg();
  console.log(
    `CPU steal (time the hypervisor gave to others) during the HTTP benchmark: ${fixed(cpuSteal(steal.counters).share * 100)}%; above a few per cent, figures of one run vary widely.`,
  );
  console.log(
    `Load average (1 min) before and after: ${fixed(loadBefore[0]!, 2)} and ${fixed(loadAfter[0]!, 2)} on ${os.cpus().length} cores. Above about 1, other programs took the server's core by turns: compare the CPU ratios, not requests per second.`,
  );
}

/**
 * A page the cache has not seen, and a crowd of them (ADR 0125): first the CPU of one such page beside React's
 * render of the same tree alone; then Pasal as `npm start` runs it while one client keeps FLOOD_CONNECTIONS
 * connections asking for fresh queries: 10 other connections on the cached home page (wrk), and a shopper's
 * and the seller's requests one after another (checkout, the order page, an asset, the admin's Orders screen),
 * each timed; the pages turned away as the admin is told; and the resident memory through it all.
 */
async function crowdSection() {
  console.log("\n## A crowd of pages the cache has not seen\n");
  const floor = await renderFloor();
  table(
    ["page (cache off)", "renderToString of its tree alone, ms CPU", "Pasal in-process (app.inject), ms CPU", "ratio"],
    floor.map((row) => [row.label, fixed(row.floorMs, 2), fixed(row.pasalMs, 2), fixed(row.ratio, 2)]),
  );
  for (const row of floor) target(`${row.label}: CPU of an uncached page ≤ 1.5× its render alone`, fixed(row.ratio, 2), row.ratio <= 1.5);
  if (!requireCommands("wrk", "taskset")) return;

  const dir = tempDir("crowd");
  const server = await startPasalAsShipped(path.join(dir, "pasal.db"), PORTS.crowd);
  try {
    await keptCopy(server, "/");
    const orderPage = await placeOrder(server.url);
    const cookie = await benchAdminCookie(server);
    const { allPrices } = (await (await fetch(`${server.url}/api/prices`)).json()) as { allPrices: Array<{ _id: string; Name: string }> };
    const netflix = allPrices.find((item) => item.Name === "Netflix Premium")!._id;
    const asset = /\/assets\/[^"]+\.js/.exec(await (await fetch(server.url)).text())![0];
    const rss: number[] = [rssMb(server.pid)];
    const protectedTimes = new Map<string, number[]>();
    const protectedErrors = new Map<string, number>();
    const ask = async (name: string, url: string, init?: RequestInit) => {
      const started = performance.now();
      const response = await fetch(server.url + url, init).catch(() => undefined);
      await response?.arrayBuffer();
      protectedTimes.set(name, [...(protectedTimes.get(name) ?? []), performance.now() - started]);
      if (!response || response.status >= 400) protectedErrors.set(name, (protectedErrors.get(name) ?? 0) + 1);
    };
    const flood = wrkInBackground(`${server.url}/prices`, {
      connections: FLOOD_CONNECTIONS,
      seconds: FLOOD_SECONDS,
      headers: AS_A_BROWSER,
      freshQuery: "q",
      lowPriority: true,
    });
    await sleep(3000);
    const home = wrkInBackground(`${server.url}/`, { connections: 10, seconds: FLOOD_SECONDS - 6, headers: AS_A_BROWSER });
    const until = Date.now() + (FLOOD_SECONDS - 6) * 1000;
    const warmedAt = Date.now() + (WARM_UP_SECONDS - 3) * 1000;
    let warmRss = Number.NaN;
    let nextCheckout = 0;
    while (Date.now() < until) {
      await ask("order page", orderPage);
      await ask("asset", asset, { headers: AS_A_BROWSER });
      await ask("admin's Orders screen", "/admin/orders", { headers: { cookie } });
      // Fewer than this address may send a minute (CHECKOUT_LIMIT; the order page's own order counts too), and under
      // the shop's ceiling (30 a minute): neither limit must be what refuses them.
      if (Date.now() >= nextCheckout) {
        nextCheckout = Date.now() + Math.ceil(CHECKOUT_LIMIT.timeWindow / (CHECKOUT_LIMIT.max - 2));
        await ask("checkout", "/api/orders", {
          method: "POST",
          headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
          body: JSON.stringify({ items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp" }),
        });
      }
      rss.push(rssMb(server.pid));
      if (Number.isNaN(warmRss) && Date.now() >= warmedAt) warmRss = rss.at(-1)!;
      await sleep(200);
    }
    const [floodResult, homeResult] = await Promise.all([flood, home]);
    rss.push(rssMb(server.pid));
    await sleep(3000);
    const refusals = (await (await fetch(`${server.url}/api/admin/order-limits/refusals`, { headers: { cookie } })).json()) as {
      items: Array<{ kind: string; refused: number }>;
    };
    const { instance } = (await (await fetch(`${server.url}/api/admin/instance`, { headers: { cookie } })).json()) as {
      instance: { pageCache: { pages: number; bytes: number; maxBytes: number } };
    };
    const shed = refusals.items.find((item) => item.kind === "busy-pages")?.refused ?? 0;
    const p99 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!;
    table(
      ["what", "answers", "p99 ms", "max ms", "errors"],
      [
        [
          `flood: ${FLOOD_CONNECTIONS} connections of fresh queries`,
          `${fixed(floodResult.requestsPerSecond, 0)}/s`,
          fixed(floodResult.p99Ms, 1),
          "",
          `${floodResult.errors} (503s among them)`,
        ],
        [
          "the cached home page, 10 connections",
          `${fixed(homeResult.requestsPerSecond, 0)}/s`,
          fixed(homeResult.p99Ms, 1),
          "",
          String(homeResult.errors),
        ],
        ...[...protectedTimes].map(([name, times]) => [
          name,
          String(times.length),
          fixed(p99(times), 1),
          fixed(Math.max(...times), 1),
          String(protectedErrors.get(name) ?? 0),
        ]),
      ],
    );
    console.log(`\nPages turned away while busy, as the admin's refusals banner counts them: ${shed.toLocaleString("en-IN")}`);
    const mb = (bytes: number) => fixed(bytes / 1024 / 1024, 1);
    console.log(
      `The page cache after the load (GET /api/admin/instance): ${instance.pageCache.pages} pages, ${mb(instance.pageCache.bytes)} MB of its ${mb(instance.pageCache.maxBytes)} MB`,
    );
    console.log(
      `Resident memory (MB) every ~1 s: ${rss
        .filter((_, i) => i % 5 === 0)
        .map((mb) => fixed(mb, 0))
        .join(
          " ",
        )} (first ${fixed(rss[0]!, 0)}, after ${WARM_UP_SECONDS} s of load ${fixed(warmRss, 0)}, peak ${fixed(Math.max(...rss), 0)}, last ${fixed(rss.at(-1)!, 0)})`,
    );
    target(
      `resident memory after ${FLOOD_SECONDS} s of the load ≤ 1.25× what it was after ${WARM_UP_SECONDS} s`,
      `${fixed(rss.at(-1)! / warmRss, 2)}×`,
      rss.at(-1)! / warmRss <= 1.25,
    );
    target(
      `cached home p99 < ${PROTECTED_P99_MS} ms and 0 errors under ${FLOOD_CONNECTIONS} connections of fresh queries`,
      `${fixed(homeResult.p99Ms, 1)} ms, ${homeResult.errors} errors`,
      homeResult.p99Ms < PROTECTED_P99_MS && homeResult.errors === 0,
    );
    for (const [name, times] of protectedTimes) {
      const errors = protectedErrors.get(name) ?? 0;
      target(
        `${name} p99 < ${PROTECTED_P99_MS} ms and 0 errors under the flood`,
        `${fixed(p99(times), 1)} ms, ${errors} errors`,
        p99(times) < PROTECTED_P99_MS && errors === 0,
      );
    }
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The answer a browser gets for `urlPath` once the page cache holds it and its brotli copy is made (in the
 * background after the first render), as Pasal sent it.
 */
async function keptCopy(server: Server, urlPath: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await getRaw(server.url + urlPath, AS_A_BROWSER);
    if (answer.status !== 200) throw new Error(`${urlPath} answered ${answer.status}`);
    if (answer.headers["x-page-cache"] === "hit" && answer.headers["content-encoding"] === "br") return answer;
    await sleep(20);
  }
  throw new Error(`${urlPath} was not served from the page cache with its brotli copy`);
}

async function bundleSection(server: Server) {
  console.log("\n## Bundle (initial JS and CSS each page loads, gzip -9 bytes)\n");
  const build = (await import(path.join(ROOT, "build/server/index.js"))) as {
    assets: {
      url: string;
      entry: { module: string; imports: string[] };
      routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
    };
  };
  const isAdmin = (id: string) => id.startsWith("admin-") || id.startsWith("routes/admin/");
  const filesOf = (ids: string[]) => new Set(ids.flatMap((id) => [build.assets.routes[id]!.module, ...(build.assets.routes[id]!.imports ?? [])]));
  const routeIds = Object.keys(build.assets.routes);
  const storefront = filesOf(routeIds.filter((id) => !isAdmin(id)));
  const adminOnly = [...filesOf(routeIds.filter(isAdmin))].filter((file) => !storefront.has(file));
  const framework = [build.assets.entry.module, ...build.assets.entry.imports];

  const gzipped = new Map<string, number>();
  const size = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(path.join(ROOT, "build/client", file)), { level: 9 }).length);
    return gzipped.get(file)!;
  };
  const sum = (files: string[]) => files.reduce((total, file) => total + size(file), 0);
  const frameworkBytes = sum(framework);

  // The admin's chart library (ADR 0088): the chunks that carry it, found by a message only Chart.js has.
  const assetsDir = path.join(ROOT, "build/client/assets");
  const chartChunks = fs
    .readdirSync(assetsDir)
    .filter((file) => file.endsWith(".js") && fs.readFileSync(path.join(assetsDir, file), "utf8").includes(CHART_JS_MARKER))
    .map((file) => `/assets/${file}`);
  const chartOnPages: string[] = [];

  const rows: string[][] = [];
  const jsOf = new Map<string, number>();
  // Each Nepali page (ADR 0091) beside its English twin: the same chunks, each message in both languages.
  for (const page of ["/", "/ne/", "/prices", "/ne/prices", PRODUCT, `/ne${PRODUCT}`, "/cart", "/updates", "/all-content", "/help"]) {
    const html = await (await fetch(server.url + page)).text();
    // The route manifest's own file is named in the page, but with lazy route discovery (React Router's default)
    // the browser never loads it: routes are asked for at /__manifest as links show up.
    const referenced = [...new Set([...html.matchAll(/["'](\/assets\/[^"']+\.(js|css))["']/g)].map((m) => m[1]!))].filter(
      (file) => file !== build.assets.url,
    );
    const js = referenced.filter((file) => file.endsWith(".js"));
    const css = referenced.filter((file) => file.endsWith(".css"));
    const admin = js.filter((file) => adminOnly.includes(file));
    rows.push([page, kb(sum(js)), String(js.length), kb(sum(css)), fixed(sum(js) / frameworkBytes, 2), admin.length ? admin.join(" ") : "none"]);
    jsOf.set(page, sum(js));
    if (page === "/" || page === "/ne/")
      target(`${page} initial JS ≤ ${HOME_JS_LIMIT} B gzip, 2026-11-25's`, `${kb(sum(js))} (${sum(js)} B)`, sum(js) <= HOME_JS_LIMIT);
    if (page === "/") {
      target("/ initial JS ≤ 120 KB gzip", kb(sum(js)), sum(js) <= 120 * 1024);
      target("/ initial CSS ≤ 20 KB gzip", kb(sum(css)), sum(css) <= 20 * 1024);
      target(
        `/ initial JS at most 4 KB gzip over the shop before Nepali (${kb(ENGLISH_ONLY_HOME_JS)} at 774bcd8, ADR 0091)`,
        `${kb(sum(js))}, ${fixed((sum(js) - ENGLISH_ONLY_HOME_JS) / 1024, 1)} KB more`,
        sum(js) - ENGLISH_ONLY_HOME_JS <= 4 * 1024,
      );
    }
    if (admin.length) target(`no admin code on ${page}`, admin.join(" "), false);
    if (referenced.some((file) => chartChunks.includes(file))) chartOnPages.push(page);
  }
  const chartInStorefront = chartChunks.filter((file) => storefront.has(file));
  target(
    "no Chart.js in any storefront page's assets (admin reports only)",
    chartChunks.length === 0
      ? "no Chart.js chunk found in the build"
      : `${chartChunks.join(" ")} (${kb(sum(chartChunks))} gzip): on ${chartOnPages.length ? chartOnPages.join(", ") : "no storefront page"}`,
    chartChunks.length > 0 && chartOnPages.length === 0 && chartInStorefront.length === 0,
  );
  const english = jsOf.get("/")!;
  const nepali = jsOf.get("/ne/")!;
  target("/ne/ initial JS the same as / (within 1%)", `${kb(nepali)} against ${kb(english)}`, Math.abs(nepali - english) <= english / 100);
  table(["page", "JS gzip", "JS files", "CSS gzip", "JS ratio to framework", "admin-only chunks"], rows);
  console.log(`\nReference: React, React DOM and React Router (entry.client and its imports) = ${kb(frameworkBytes)} gzip.`);
  console.log(`Admin-only chunks in the build: ${adminOnly.length} (${kb(sum(adminOnly))} gzip), none of them loaded by a storefront page above.`);
  if (!rows.some((row) => row[5] !== "none"))
    target("no admin code in any storefront route", `${adminOnly.length} admin-only chunks, 0 loaded`, true);
}

function lighthouseSection(server: Server, reference: Server | undefined, pages: string[]) {
  console.log(`\n## Lighthouse 12 (mobile defaults, Debian's Chromium; the median of ${LIGHTHOUSE_RUNS} runs)\n`);
  const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(chrome)) {
    console.log(`  skipped: needs Chromium at ${chrome} (apt-get install chromium, or set CHROME_PATH)`);
    return;
  }
  const flags = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
  type Scores = { performance: number; accessibility: number; bestPractices: number; seo: number; lcp: number; tbt: number; cls: number };
  // Lighthouse now and then loses its trace on a busy machine: one more try, then the page is reported as failed.
  const audit = (url: string): Scores | undefined => {
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        return auditOnce(url);
      } catch (error) {
        console.log(`  ${(error as Error).message.split("\n")[0]}${attempt === 1 ? " (trying again)" : ""}`);
      }
    }
    return undefined;
  };
  const auditOnce = (url: string): Scores => {
    const out = path.join(work, "lighthouse.json");
    const result = spawnSync(
      "npx",
      [
        "--yes",
        "lighthouse@12",
        url,
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        `--chrome-flags=${flags}`,
        "--only-categories=performance,accessibility,best-practices,seo",
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, encoding: "utf8" },
    );
    if (result.status !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse failed on ${url}: ${result.stderr.trim().split("\n").at(-1)}`);
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    fs.rmSync(out);
    const score = (category: string) => Math.round(report.categories[category].score * 100);
    const ms = (id: string) => report.audits[id].numericValue as number;
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcp: ms("largest-contentful-paint"),
      tbt: ms("total-blocking-time"),
      cls: report.audits["cumulative-layout-shift"].numericValue as number,
    };
  };
  // One Lighthouse run moves by a few points from the next (Lighthouse's own advice is a median of
  // several): each page is audited LIGHTHOUSE_RUNS times, taking turns with its nginx copy, and the run
  // with the median performance score is reported.
  const median = (runs: Array<Scores | undefined>): Scores | undefined => {
    const done = runs.filter((run): run is Scores => run !== undefined).sort((a, b) => a.performance - b.performance);
    return done[Math.floor(done.length / 2)];
  };
  const rows: string[][] = [];
  for (const page of pages) {
    const ourRuns: Array<Scores | undefined> = [];
    const theirRuns: Array<Scores | undefined> = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      ourRuns.push(audit(server.url + page));
      if (reference) theirRuns.push(audit(reference.url + page));
    }
    const ours = median(ourRuns);
    const theirs = median(theirRuns);
    if (!ours) {
      rows.push([label(page), "failed", "", "", "", "", theirs ? String(theirs.performance) : "n/a", "n/a"]);
      continue;
    }
    rows.push([
      label(page),
      String(ours.performance),
      String(ours.accessibility),
      String(ours.bestPractices),
      String(ours.seo),
      `${fixed(ours.lcp, 0)} / ${fixed(ours.tbt, 0)} / ${fixed(ours.cls, 3)}`,
      theirs ? String(theirs.performance) : "n/a",
      theirs ? fixed(ours.performance / theirs.performance, 2) : "n/a",
    ]);
    const wanted = LIGHTHOUSE_97.has(page.startsWith("/order/") ? "order" : page) ? 97 : 95;
    target(`Lighthouse performance ≥ ${wanted} on ${label(page)}`, String(ours.performance), ours.performance >= wanted);
    // An order page is kept out of search engines on purpose (noindex, ADR 0076): Lighthouse's SEO score counts that against it.
    const indexed = !page.startsWith("/order/");
    const others = [ours.accessibility, ours.bestPractices, ...(indexed ? [ours.seo] : [])];
    target(
      `accessibility, best practices${indexed ? ", SEO" : ""} = 100 on ${label(page)}`,
      others.join(" / "),
      others.every((s) => s === 100),
    );
  }
  table(["page", "perf", "a11y", "best pr.", "SEO", "LCP ms / TBT ms / CLS", "nginx copy perf", "ratio"], rows);
  console.log("\nThe nginx copy serves the same HTML and assets as static files (anything else from Pasal): the page as fast as its bytes allow.");
}

async function growthSection() {
  console.log("\n## Growth (the same measurements at 30, 500 and 5,000 catalogue items)\n");
  const rows: string[][] = [];
  let first: { bytes: number; render: number; pricesRps: number; apiRps: number } | undefined;
  let previous = 0;
  for (const size of GROWTH_SIZES) {
    const dir = tempDir(`growth-${size}`);
    try {
      const database = path.join(dir, "pasal.db");
      await createCatalogueDatabase(database, size);
      const server = await startPasal(database, PORTS.growth);
      try {
        const prices = await fetch(`${server.url}/prices`);
        const html = Buffer.from(await prices.arrayBuffer());
        const brotli = await brotliBytes(`${server.url}/prices`);
        // A query no one asked before: rendered, not served from the page cache. It must be one the page
        // reads (a price ceiling above every price), or the cache key leaves it out (ADR 0010).
        const render = await medianFetchMs((i) => `${server.url}/prices?max=${900_000_000 + size * 100 + i}`, 21);
        const apiBrotli = await brotliBytes(`${server.url}/api/prices`);
        const apiMs = await medianFetchMs(() => `${server.url}/api/prices`, 21);
        const searchMs = await medianFetchMs((i) => `${server.url}/api/search?q=${SEARCHES[i % SEARCHES.length]}`, 101);
        const canLoad = spawnSync("sh", ["-c", "command -v wrk && command -v taskset"]).status === 0;
        const pricesRps = canLoad ? wrk(`${server.url}/prices`, { seconds: 5 }).requestsPerSecond : Number.NaN;
        const apiRps = canLoad ? wrk(`${server.url}/api/prices`, { seconds: 5 }).requestsPerSecond : Number.NaN;
        first ??= { bytes: html.length, render, pricesRps, apiRps };
        if (size !== GROWTH_SIZES.at(-1)) previous = html.length;
        rows.push([
          size.toLocaleString("en"),
          `${kb(html.length)} (${fixed(html.length / first.bytes, 2)}×)`,
          kb(brotli),
          `${fixed(render, 1)} (${fixed(render / first.render, 2)}×)`,
          `${fixed(pricesRps, 0)} (${fixed(pricesRps / first.pricesRps, 2)}×)`,
          kb(apiBrotli),
          fixed(apiMs, 1),
          `${fixed(apiRps, 0)} (${fixed(apiRps / first.apiRps, 2)}×)`,
          fixed(searchMs, 2),
        ]);
        if (size === GROWTH_SIZES.at(-1)) {
          // 30 items fit on the first page; from 500 on, the first page holds 48 cards whatever the size.
          target(
            "/prices HTML stays flat as the catalogue grows (5,000 vs 500 items)",
            `${fixed(html.length / previous, 2)}×`,
            html.length / previous <= 1.05,
          );
          target("search suggestions under one frame (16 ms) at 5,000 items", `${fixed(searchMs, 2)} ms`, searchMs < 16);
        }
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  table(
    [
      "items",
      "/prices HTML",
      "brotli",
      "render ms (uncached)",
      "/prices req/s (cached)",
      "/api/prices brotli",
      "/api/prices ms",
      "/api/prices req/s",
      "/api/search ms",
    ],
    rows,
  );
  console.log("\nRatios (×) are to the 30-item catalogue, measured in the same run. Times are medians of sequential requests from this process.");
}

/** Signs the bench admin in (made just after the server listens: asks until it is there); the cookie header. */
async function benchAdminCookie(server: Server): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify(BENCH_ADMIN),
    });
    if (login.ok)
      return login.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    await sleep(100);
  }
  throw new Error("the bench admin could not sign in");
}

/** Customers and money over 50,000 customers and 75,000 orders: each report and list within 300 ms. */
async function reportsGrowth() {
  console.log(
    `\n### Customers and reports (${HISTORY_SIZE.customers.toLocaleString("en")} customers, ${HISTORY_SIZE.orders.toLocaleString("en")} orders over 14 months, ${HISTORY_SIZE.accounts} provider accounts, ${HISTORY_SIZE.soldKeys.toLocaleString("en")} keys sold)\n`,
  );
  const dir = tempDir("reports");
  try {
    const database = path.join(dir, "pasal.db");
    await createCatalogueDatabase(database, 30);
    const { phone } = await addOrderHistory(database);
    const server = await startPasal(database, PORTS.growth);
    try {
      const asAdmin = { headers: { cookie: await benchAdminCookie(server) } };
      const month = new Date().toISOString().slice(0, 7);
      const routes = [
        "/api/admin/reports/dashboard",
        "/api/admin/reports/money",
        `/api/admin/reports/services?month=${month}`,
        "/api/admin/reports/customers",
        "/api/admin/reports/renewals",
        "/api/admin/customers",
        "/api/admin/customers?sort=spent&dir=desc",
        "/api/admin/customers?q=Customer%204999",
        "/api/admin/customers?q=98100049",
        `/api/admin/customers/${phone}`,
      ];
      const rows: string[][] = [];
      for (const route of routes) {
        const ms = await medianFetchMs(() => server.url + route, 11, asAdmin);
        rows.push([route, fixed(ms, 1)]);
        target(`${route} within 300 ms at ${HISTORY_SIZE.orders.toLocaleString("en")} orders`, `${fixed(ms, 1)} ms`, ms <= 300);
      }
      const csvMs = await medianFetchMs(() => `${server.url}/api/admin/reports/orders.csv?month=${month}`, 5, asAdmin);
      rows.push([`/api/admin/reports/orders.csv?month=${month}`, fixed(csvMs, 1)]);
      const reportsPage = await medianFetchMs(() => `${server.url}/admin/reports`, 5, asAdmin);
      rows.push(["/admin/reports (the whole screen, rendered)", fixed(reportsPage, 1)]);
      table(["route", "median ms"], rows);
      console.log("\nSQLite, medians of sequential requests from this process, each figure computed afresh (nothing cached).");
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The seller's ledger at 2,000 accounts, 10,000 seats and 50,000 keys beside the same shop without it:
 * listing accounts, proposing a seat, computing availability (a /prices render after a ledger change), and
 * the cached storefront, which must not slow down at all.
 */
async function ledgerGrowth() {
  console.log("\n### The seller's ledger (2,000 accounts, 10,000 seats of which 6,000 held, 50,000 licence keys)\n");
  const key = randomBytes(32);
  const rows: string[][] = [];
  let baseline: { render: number; pricesRps: number; cachedMs: number } | undefined;
  for (const withLedger of [false, true]) {
    const dir = tempDir(`ledger-${withLedger}`);
    try {
      const database = path.join(dir, "pasal.db");
      await createCatalogueDatabase(database, 30);
      const { freeLineId } = withLedger ? await addLedger(database, key) : { freeLineId: "" };
      const server = await startPasal(database, PORTS.growth, { SECRETS_KEY: key.toString("base64") });
      try {
        // The first admin is made just after the server listens: ask until it is there.
        let cookie = "";
        for (let attempt = 0; attempt < 50 && !cookie; attempt++) {
          const login = await fetch(`${server.url}/api/auth/login`, {
            method: "POST",
            headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
            body: JSON.stringify(BENCH_ADMIN),
          });
          if (login.ok)
            cookie = login.headers
              .getSetCookie()
              .map((c) => c.split(";")[0])
              .join("; ");
          else await sleep(100);
        }
        const asAdmin = { headers: { cookie } };
        const render = await medianFetchMs((i) => `${server.url}/prices?max=${900_000_000 + (withLedger ? 500 : 0) + i}`, 21);
        const listMs = await medianFetchMs(() => `${server.url}/api/admin/accounts`, 11, asAdmin);
        // A search reaching through the seats to the customers on them, and the accounts needing attention.
        const searchMs = await medianFetchMs(() => `${server.url}/api/admin/accounts?q=customer%205999`, 11, asAdmin);
        const attentionMs = await medianFetchMs(() => `${server.url}/api/admin/accounts?attention=true`, 11, asAdmin);
        const proposeMs = withLedger ? await medianFetchMs(() => `${server.url}/api/admin/lines/${freeLineId}/seat`, 21, asAdmin) : Number.NaN;
        // A ledger change drops the availability map; the next page computes it again.
        const availabilityMs = await medianFetchMs((i) => `${server.url}/prices?max=${800_000_000 + (withLedger ? 500 : 0) + i}`, 11);
        const cachedMs = await medianFetchMs(() => `${server.url}/prices`, 201);
        const canLoad = spawnSync("sh", ["-c", "command -v wrk && command -v taskset"]).status === 0;
        const pricesRps = canLoad ? wrk(`${server.url}/prices`, { seconds: 5 }).requestsPerSecond : Number.NaN;
        baseline ??= { render, pricesRps, cachedMs };
        rows.push([
          withLedger ? "with the ledger" : "without (reference)",
          fixed(listMs, 1),
          fixed(searchMs, 1),
          fixed(attentionMs, 1),
          fixed(proposeMs, 1),
          `${fixed(render, 1)} (${fixed(render / baseline.render, 2)}×)`,
          fixed(availabilityMs, 1),
          `${fixed(cachedMs, 2)} (${fixed(cachedMs / baseline.cachedMs, 2)}×)`,
          `${fixed(pricesRps, 0)} (${fixed(pricesRps / baseline.pricesRps, 2)}×)`,
        ]);
        if (withLedger) {
          target("a page of accounts under 100 ms at 2,000 accounts", `${fixed(listMs, 1)} ms`, listMs < 100);
          target("searching accounts under 100 ms at 2,000 accounts", `${fixed(searchMs, 1)} ms`, searchMs < 100);
          target("proposing a seat under 50 ms at 10,000 seats", `${fixed(proposeMs, 1)} ms`, proposeMs < 50);
          target(
            "cached /prices as fast with the ledger (within 10 %)",
            `${fixed(cachedMs / baseline.cachedMs, 2)}× the time`,
            cachedMs / baseline.cachedMs <= 1.1,
          );
        }
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  table(
    [
      "shop",
      "/api/admin/accounts ms (first page)",
      "search ms (a customer on a seat)",
      "needs attention ms",
      "seat proposal ms",
      "/prices render ms (uncached)",
      "/prices render ms (availability cached)",
      "/prices ms (cached)",
      "/prices req/s (cached)",
    ],
    rows,
  );
  console.log(
    "\nThe first uncached render after the start computes availability (one grouped query over seats and keys); later renders reuse it until a ledger change.",
  );
}

async function instancesSection() {
  console.log(
    `\n## Several instances on one PostgreSQL database (${EDITS} edits; wrk, 50 connections in all, 10 s after a 2 s warm-up, median of ${THROUGHPUT_ROUNDS} turns)\n`,
  );
  if (!POSTGRES_URL) {
    console.log("Skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server on which the benchmark may create a database.");
    return;
  }
  const database = await createPostgresDatabase(POSTGRES_URL, "pasal_bench");
  const mediaDir = tempDir("instances-media");
  const servers: Server[] = [];
  try {
    // One after the other: the first migrates, seeds and creates the admin.
    for (let i = 0; i < 2; i++) servers.push(await startPasalOn(database.url, mediaDir, await freePort()));
    const [a, b] = servers as [Server, Server];
    await editToVisible(a, b);
    if (requireCommands("wrk", "taskset")) await twoAgainstOne(a, b);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
}

/**
 * An admin edits a price through A; from the moment A answers, A and B are asked again and again until
 * they show it. A, which took the write, is the reference: what a single instance shows at once.
 */
async function editToVisible(a: Server, b: Server) {
  const login = await fetch(`${a.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  type Item = { _id: string; Name: string; category: string; status: string; plans: Record<string, number> } & Record<string, unknown>;
  const { allPrices } = (await (await fetch(`${a.url}/api/prices`)).json()) as { allPrices: Item[] };
  const item = allPrices.find((price) => price.Name === "Netflix Premium")!;
  const { _id, category, status, plans, Id, Name, Info, ImageId, Note, SpecialLink } = item;
  const text = (url: string) => fetch(url).then((response) => response.text());
  /** Milliseconds from `since` to the first answer of `url` that `shows`. */
  const seen = async (url: string, shows: (body: string) => boolean, since: number) => {
    for (;;) {
      const body = await text(url);
      if (shows(body)) return performance.now() - since;
      if (performance.now() - since > 30_000) throw new Error(`${url} did not show the edit within 30 s`);
    }
  };
  const samples: Record<"aApi" | "aPage" | "bApi" | "bPage", number[]> = { aApi: [], aPage: [], bApi: [], bPage: [] };
  for (let i = 0; i < EDITS; i++) {
    const price = 7001 + i;
    // Both instances' caches hold the old price, as a busy shop's would: the page and the list were asked for.
    for (const server of [a, b]) for (const urlPath of ["/api/prices", PRODUCT, PRODUCT]) await text(server.url + urlPath);
    const response = await fetch(`${a.url}/api/prices/${_id}`, {
      method: "PUT",
      headers: { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ Id, Name, Info, ImageId, Note, SpecialLink, Category: category, Status: status, plans: { ...plans, "1": price } }),
    });
    const answered = performance.now();
    if (!response.ok) throw new Error(`the edit answered ${response.status}: ${await response.text()}`);
    const inList = (body: string) => body.includes(`"1":${price}`);
    const onPage = new RegExp(String(price).replace(/^(\d)/, "$1,?"));
    const [aApi, aPage, bApi, bPage] = await Promise.all([
      seen(`${a.url}/api/prices`, inList, answered),
      seen(`${a.url}${PRODUCT}`, (body) => onPage.test(body), answered),
      seen(`${b.url}/api/prices`, inList, answered),
      seen(`${b.url}${PRODUCT}`, (body) => onPage.test(body), answered),
    ]);
    samples.aApi.push(aApi);
    samples.aPage.push(aPage);
    samples.bApi.push(bApi);
    samples.bPage.push(bPage);
  }
  const percentile = (values: number[], p: number) =>
    [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
  const row = (what: string, values: number[], reference: number[]) => [
    what,
    fixed(percentile(values, 50), 1),
    fixed(percentile(values, 99), 1),
    fixed(Math.max(...values), 1),
    fixed(percentile(values, 50) / percentile(reference, 50), 1),
  ];
  table(
    ["edit through A, visible through", "p50 ms", "p99 ms", "max ms", "p50 ratio to A's"],
    [
      row("A, `/api/prices` (reference: the instance that wrote)", samples.aApi, samples.aApi),
      row(`A, \`${PRODUCT}\` (HTML, reference)`, samples.aPage, samples.aPage),
      row("B, `/api/prices`", samples.bApi, samples.aApi),
      row(`B, \`${PRODUCT}\` (HTML)`, samples.bPage, samples.aPage),
    ],
  );
  const worst = Math.max(percentile(samples.bApi, 99), percentile(samples.bPage, 99));
  target("an edit is visible through every instance within 1 s (p99)", `${fixed(worst, 1)} ms`, worst <= 1000);
}

/**
 * The same load (two wrk runs of 25 connections at once) on one instance, then split between two, all
 * of them pinned to the server core: requests per second, and the CPU time per request of all instances.
 */
async function twoAgainstOne(a: Server, b: Server) {
  console.log("");
  const rows: string[][] = [];
  const median = (results: WrkResult[], pick: (result: WrkResult) => number) => results.map(pick).sort((x, y) => x - y)[(results.length - 1) >> 1]!;
  for (const urlPath of INSTANCE_PATHS) {
    const ones: WrkResult[] = [];
    const twos: WrkResult[] = [];
    // Taking turns, so that other work on the machine falls on both alike.
    for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
      ones.push(await wrkTogether([a.url + urlPath, a.url + urlPath], { pids: [a.pid], connections: 25 }));
      twos.push(await wrkTogether([a.url + urlPath, b.url + urlPath], { pids: [a.pid, b.pid], connections: 25 }));
    }
    const summary = (results: WrkResult[]) => ({
      requestsPerSecond: median(results, (result) => result.requestsPerSecond),
      cpuMicrosPerRequest: median(results, (result) => result.cpuMicrosPerRequest),
      p99Ms: median(results, (result) => result.p99Ms),
      errors: results.reduce((sum, result) => sum + result.errors, 0),
    });
    const one = summary(ones);
    const two = summary(twos);
    const cpuRatio = two.cpuMicrosPerRequest / one.cpuMicrosPerRequest;
    rows.push([
      urlPath,
      fixed(one.requestsPerSecond, 0),
      fixed(two.requestsPerSecond, 0),
      fixed(two.requestsPerSecond / one.requestsPerSecond, 2),
      `${fixed(one.cpuMicrosPerRequest, 0)} / ${fixed(two.cpuMicrosPerRequest, 0)}`,
      fixed(cpuRatio, 2),
      `${fixed(one.p99Ms, 2)} / ${fixed(two.p99Ms, 2)}`,
      String(one.errors + two.errors),
    ]);
  }
  table(
    [
      "path",
      "one instance req/s (reference)",
      "two instances req/s",
      "ratio",
      "CPU µs per request: one / two",
      "CPU ratio",
      "p99 ms: one / two",
      "errors",
    ],
    rows,
  );
  console.log(
    "\nBoth instances share the server core, as the one instance had it alone: the ratio of requests per second shows what splitting the load costs; the CPU per request says what a core added per instance would return (1.0: all of it). No edits are made while wrk runs. Figures for a report, not a target: two processes taking turns on one core cost each other some CPU whatever they run.",
  );
}
