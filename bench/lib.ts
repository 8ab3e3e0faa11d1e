// Shared pieces of the benchmarks: the production server in a child process pinned to a core, nginx
// serving captured bytes, wrk and its output, and the tables the figures are printed in.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const BENCH_ADMIN = { email: "bench@pasal.local", password: "bench-password-123" };

/** The load generator runs on core 0 and the measured server on core 1 (the machines have 2 cores). */
export const CLIENT_CPU = "0";
export const SERVER_CPU = "1";

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `pasal-bench-${label}-`));
}

export function ensureBuild() {
  if (["build/server/index.js", "dist/server.js"].every((file) => fs.existsSync(path.join(ROOT, file)))) return;
  console.log("No production build yet: running npm run build...");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function requireCommands(...commands: string[]): boolean {
  const missing = commands.filter((command) => spawnSync("sh", ["-c", `command -v ${command}`]).status !== 0);
  if (missing.length === 0) return true;
  console.log(`  skipped: needs ${missing.join(", ")} (Debian: apt-get install ${missing.join(" ")})`);
  return false;
}

export interface Server {
  url: string;
  pid: number;
  /** Milliseconds from spawning the process to the first 200 of its ready URL. */
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * Spawns `command` pinned to the server core and waits for `readyPath` to answer 200. Its standard output is
 * discarded, or read by `stdout` (a pipe's writing end) as a log collector would read it. `env` is added to this
 * process's environment, or is the whole of it with `cleanEnv`.
 */
export async function startProcess(
  command: string[],
  {
    port,
    env = {},
    cleanEnv = false,
    readyPath = "/healthz",
    stdout = "ignore",
  }: { port: number; env?: Record<string, string>; cleanEnv?: boolean; readyPath?: string; stdout?: "ignore" | Writable },
): Promise<Server> {
  const started = performance.now();
  const child = spawn("taskset", ["-c", SERVER_CPU, ...command], {
    cwd: ROOT,
    env: cleanEnv ? env : { ...process.env, ...env },
    stdio: ["ignore", stdout, "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(" ")} exited: ${stderr.trim()}`);
    try {
      if ((await fetch(url + readyPath)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 30_000) throw new Error(`${command.join(" ")} did not answer within 30 s: ${stderr.trim()}`);
    await sleep(5);
  }
  return { url, pid: child.pid!, readyMs: performance.now() - started, stop: () => stopProcess(child) };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** The production server (dist/server.js) on its own SQLite file and media folder. */
export function startPasal(databaseFile: string, port: number, extraEnv: Record<string, string> = {}): Promise<Server> {
  return startPasalOn(databaseFile, path.join(path.dirname(databaseFile), "media"), port, extraEnv);
}

/** The production server on a database (a SQLite file or a PostgreSQL URL) and a media folder. */
export function startPasalOn(databaseUrl: string, mediaDir: string, port: number, extraEnv: Record<string, string> = {}): Promise<Server> {
  return startProcess(["node", "dist/server.js"], {
    port,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: mediaDir,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      NODE_ENV: "production",
      // Nothing routes by its readiness: a stop between sections need not drain.
      SHUTDOWN_DRAIN_MS: "0",
      ...extraEnv,
    },
  });
}

/**
 * Pasal as `npm start` runs it: `node scripts/start.mjs` with nothing in its environment but where its database,
 * media, port and first admin are (every other setting at its default: logging at `info`, the page cache,
 * compression), its standard output read by a log collector (`logLines`) on the client core. The one setting
 * changed is SHUTDOWN_DRAIN_MS=0, which only shortens the stop between sections. `extraEnv` changes one more
 * (LOG_LEVEL=warn: the same process with logging off).
 */
export async function startPasalAsShipped(
  databaseFile: string,
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<Server & { logLines: () => number }> {
  const counter = logLineCounter();
  const server = await startProcess(["node", "scripts/start.mjs"], {
    port,
    cleanEnv: true,
    stdout: counter.input,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      PORT: String(port),
      DATABASE_URL: databaseFile,
      MEDIA_DIR: path.join(path.dirname(databaseFile), "media"),
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      SHUTDOWN_DRAIN_MS: "0",
      ...extraEnv,
    },
  });
  return {
    ...server,
    logLines: counter.lines,
    stop: async () => {
      await server.stop();
      await counter.stop();
    },
  };
}

/**
 * A log collector: a process on the client core reading a pipe and counting its lines (what `journald` or a
 * container runtime does with a server's standard output, short of storing it). `lines()`: lines read so far.
 */
function logLineCounter() {
  const countFile = path.join(tempDir("log"), "lines");
  fs.writeFileSync(countFile, "0");
  const script = `
    const fs = require("node:fs");
    let lines = 0;
    process.stdin.on("data", (chunk) => { for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++; });
    // Written aside, then renamed: a reader never sees a half-written count.
    const save = () => { fs.writeFileSync(${JSON.stringify(countFile + ".new")}, String(lines)); fs.renameSync(${JSON.stringify(countFile + ".new")}, ${JSON.stringify(countFile)}); };
    setInterval(save, 100);
    process.stdin.on("end", () => { save(); process.exit(0); });`;
  const reader = spawn("taskset", ["-c", CLIENT_CPU, "node", "-e", script], { stdio: ["pipe", "ignore", "inherit"] });
  return {
    input: reader.stdin!,
    lines: () => Number(fs.readFileSync(countFile, "utf8")),
    stop: () =>
      new Promise<void>((resolve) => {
        if (reader.exitCode !== null) return resolve();
        reader.once("exit", () => resolve());
        reader.stdin!.end();
      }),
  };
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

export interface NginxPage {
  /** The decoded path nginx matches, e.g. "/prices/Netflix Premium". */
  path: string;
  contentType: string;
  body: Buffer;
  /** The body's Content-Encoding, when it is sent compressed as it is (`br`: the bytes Pasal sent a browser). */
  encoding?: string;
}

/**
 * nginx, one worker pinned to the server core, serving each captured page as a static file at its
 * own path, then the built assets; anything else goes to `fallback` (Pasal), so a browser can run
 * the static copy of a page in full.
 */
export async function startNginx(pages: NginxPage[], port: number, fallback: string): Promise<Server> {
  const dir = tempDir("nginx");
  fs.mkdirSync(path.join(dir, "pages"));
  fs.mkdirSync(path.join(dir, "tmp"));
  const locations = pages.map((page, i) => {
    const file = path.join(dir, "pages", `page-${i}`);
    fs.writeFileSync(file, page.body);
    const encoding = page.encoding ? ` add_header Content-Encoding ${page.encoding};` : "";
    return `    location = "${page.path}" { default_type "${page.contentType}";${encoding} root ${dir}/pages; try_files /page-${i} =404; }`;
  });
  const conf = `worker_processes 1;
master_process off;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  # What a browser is sent (wrk asks for no compression, so the HTTP benchmark gets the plain bytes).
  gzip on;
  gzip_comp_level 6;
  gzip_types text/css application/javascript application/json text/x-script image/svg+xml;
  gzip_static on;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${path.join(ROOT, "build/client")};
    location = /healthz { return 200 "ok"; }
${locations.join("\n")}
    location / { try_files $uri @pasal; }
    location @pasal { proxy_pass ${fallback}; }
  }
}
`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  return startProcess(["nginx", "-p", dir, "-c", path.join(dir, "nginx.conf")], { port });
}

/**
 * Node's own http module and nothing else, pinned like the others, answering each captured page's bytes
 * from memory: what any Node server could reach at best, between nginx and Pasal.
 */
export function startBareNode(pages: NginxPage[], port: number): Promise<Server> {
  const dir = tempDir("bare-node");
  const files = pages.map((page, i) => {
    const file = path.join(dir, `page-${i}`);
    fs.writeFileSync(file, page.body);
    return { path: page.path, contentType: page.contentType, encoding: page.encoding, file };
  });
  fs.writeFileSync(path.join(dir, "pages.json"), JSON.stringify(files));
  const script = `
    const fs = require("node:fs");
    const pages = new Map(JSON.parse(fs.readFileSync(${JSON.stringify(path.join(dir, "pages.json"))}, "utf8"))
      .map((p) => [p.path, { head: { "content-type": p.contentType, ...(p.encoding ? { "content-encoding": p.encoding } : {}) }, body: fs.readFileSync(p.file) }]));
    const server = require("node:http").createServer((q, s) => {
      if (q.url === "/healthz") return s.end("ok");
      // As nginx matches a location: by the path, whatever the query.
      const query = q.url.indexOf("?");
      const page = pages.get(decodeURI(query === -1 ? q.url : q.url.slice(0, query)));
      if (!page) return s.writeHead(404).end();
      s.writeHead(200, { ...page.head, "content-length": page.body.length }).end(page.body);
    });
    // Idle connections stay open as long as Pasal's and nginx's do (Node's own default of 5 s would close
    // the benchmark's pooled connection while wrk measures the other servers).
    server.keepAliveTimeout = 72000;
    server.listen(${port}, "127.0.0.1");`;
  return startProcess(["node", "-e", script], { port });
}

/** CPU time the hypervisor took from this machine (steal), as a share of all CPU time, since `since`. */
export function cpuSteal(since?: number[]): { share: number; counters: number[] } {
  const counters = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const delta = since ? counters.map((value, i) => value - (since[i] ?? 0)) : counters;
  const total = delta.reduce((sum, value) => sum + value, 0);
  // /proc/stat's cpu line: user nice system idle iowait irq softirq steal guest guest_nice
  return { share: total > 0 ? (delta[7] ?? 0) / total : 0, counters };
}

export interface WrkResult {
  requestsPerSecond: number;
  /** Requests answered in the measured run. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Socket errors plus answers other than 2xx and 3xx. */
  errors: number;
  /** The server's CPU time per request answered (NaN without its pid). */
  cpuMicrosPerRequest: number;
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === "us" ? n / 1000 : unit === "ms" ? n : unit === "s" ? n * 1000 : n * 60_000;
}

/** CPU time a process has used so far, in microseconds (Linux: user and system clock ticks). */
function cpuMicros(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

interface WrkOptions {
  seconds?: number;
  connections?: number;
  headers?: Record<string, string>;
  /** Asks for the URL's path with `?<name>=<a value never asked before>` each time (a page the cache does not hold). */
  freshQuery?: string;
  /**
   * Runs at the lowest CPU priority: a flood, which on its own would take the client core from the clients measured
   * beside it (theirs would then be the latency of a starved client, not of the server). An attacker's own machine
   * is not the shoppers'.
   */
  lowPriority?: boolean;
}

/** wrk's Lua: each request's query a value no request of this run or an earlier one asked for. */
const FRESH_QUERY_SCRIPT = `
local prefix, name, n = "", "q", 0
function init(args) prefix = args[1]; name = args[2] end
function request()
  n = n + 1
  return wrk.format(nil, wrk.path .. "?" .. name .. "=" .. prefix .. "-" .. n)
end
`;
let freshQueryScript: string | undefined;

const wrkArgs = (url: string, duration: number, { connections = 50, headers = {}, freshQuery }: WrkOptions) => {
  if (freshQuery && !freshQueryScript) {
    freshQueryScript = path.join(tempDir("wrk"), "fresh-query.lua");
    fs.writeFileSync(freshQueryScript, FRESH_QUERY_SCRIPT);
  }
  return [
    "-c",
    CLIENT_CPU,
    "wrk",
    "-t1",
    `-c${connections}`,
    `-d${duration}s`,
    "--latency",
    ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    ...(freshQuery ? ["-s", freshQueryScript!] : []),
    url,
    // Arguments of the Lua script's init: a prefix of this run's own, so no value repeats across runs.
    ...(freshQuery ? ["--", `zz${randomBytes(4).toString("hex")}`, freshQuery] : []),
  ];
};

/** wrk's report, with the server's CPU time (`cpuUsed`, µs; NaN when not measured) spread over its requests. */
function parseWrk(out: string, cpuUsed: number): WrkResult {
  const latency = (percent: string) => {
    const match = new RegExp(`\\s${percent}%\\s+([\\d.]+)(us|ms|s|m)`).exec(out);
    return match ? toMs(match[1]!, match[2]!) : Number.NaN;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p50Ms: latency("50"),
    p99Ms: latency("99"),
    errors: (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0) + Number(non2xx?.[1] ?? 0),
    requests: requestsIn(out),
    cpuMicrosPerRequest: cpuUsed / requestsIn(out),
  };
}

const requestsIn = (out: string) => Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN);

/** Waits without giving the event loop back (wrk runs synchronously too). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * wrk pinned to the client core: 1 thread, 50 connections, after a 2 s warm-up. `pid`: the server's
 * process, whose CPU time per request is then measured too. Unlike requests per second, it hardly moves
 * when other programs share the machine, so it compares servers on a busy one.
 */
export function wrk(
  url: string,
  { pid, seconds = 10, count, ...options }: WrkOptions & { pid?: number; count?: () => number } = {},
): WrkResult & { counted: number } {
  const run = (duration: number) => {
    const result = spawnSync("taskset", wrkArgs(url, duration, options), { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr}`);
    return result.stdout;
  };
  // `count` (a server's log lines) is read once what the server wrote has settled (the collector saves its count every 100 ms).
  const settled = () => {
    if (!count) return Number.NaN;
    pause(400);
    return count();
  };
  run(2);
  const countBefore = settled();
  const cpuBefore = pid === undefined ? 0 : cpuMicros(pid);
  const out = run(seconds);
  const cpuUsed = pid === undefined ? Number.NaN : cpuMicros(pid) - cpuBefore;
  return { ...parseWrk(out, cpuUsed), counted: settled() - countBefore };
}

/** One wrk run (no warm-up) while the caller does other things: its report once it ends. */
export function wrkInBackground(url: string, { seconds = 10, lowPriority = false, ...options }: WrkOptions = {}): Promise<WrkResult> {
  return new Promise((resolve, reject) => {
    const args = wrkArgs(url, seconds, options);
    const child = lowPriority
      ? spawn("nice", ["-n", "19", "taskset", ...args], { stdio: ["ignore", "pipe", "pipe"] })
      : spawn("taskset", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout!.on("data", (chunk) => (out += chunk));
    child.stderr!.on("data", (chunk) => (err += chunk));
    child.once("exit", (code) => (code === 0 ? resolve(parseWrk(out, Number.NaN)) : reject(new Error(`wrk failed: ${err}`))));
  });
}

/**
 * Several wrk runs at once, all on the client core (each 1 thread, `connections` each), after a 2 s
 * warm-up: the load of one wrk shared among several servers. Requests per second are the sum; CPU time
 * per request is that of every process in `pids` over every request answered.
 */
export async function wrkTogether(urls: string[], { pids, seconds = 10, ...options }: WrkOptions & { pids: number[] }): Promise<WrkResult> {
  const runAll = (duration: number) =>
    Promise.all(
      urls.map(
        (url) =>
          new Promise<string>((resolve, reject) => {
            const child = spawn("taskset", wrkArgs(url, duration, options), { stdio: ["ignore", "pipe", "pipe"] });
            let out = "";
            let err = "";
            child.stdout!.on("data", (chunk) => (out += chunk));
            child.stderr!.on("data", (chunk) => (err += chunk));
            child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk failed: ${err}`))));
          }),
      ),
    );
  await runAll(2);
  const cpu = () => pids.reduce((sum, pid) => sum + cpuMicros(pid), 0);
  const cpuBefore = cpu();
  const outs = await runAll(seconds);
  const cpuUsed = cpu() - cpuBefore;
  const each = outs.map((out) => parseWrk(out, Number.NaN));
  const requests = outs.reduce((sum, out) => sum + Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN), 0);
  return {
    requestsPerSecond: each.reduce((sum, result) => sum + result.requestsPerSecond, 0),
    requests,
    // The slowest server's figures: what a shopper behind an even balancer meets at worst.
    p50Ms: Math.max(...each.map((result) => result.p50Ms)),
    p99Ms: Math.max(...each.map((result) => result.p99Ms)),
    errors: each.reduce((sum, result) => sum + result.errors, 0),
    cpuMicrosPerRequest: cpuUsed / requests,
  };
}

/** Median wall time in ms of `times` sequential fetches of the URLs `urlFor(i)` gives. */
export async function medianFetchMs(urlFor: (i: number) => string, times: number, init?: RequestInit): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const response = await fetch(urlFor(i), init);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${urlFor(i)} answered ${response.status}`);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** An answer as it came over the wire (fetch would decompress it): its status, headers and body's bytes. */
export function getRaw(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** Bytes on the wire of an answer sent with brotli (fetch would decompress them). */
export function brotliBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "br" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () =>
          response.headers["content-encoding"] === "br" ? resolve(bytes) : reject(new Error(`${url} was not sent with brotli`)),
        );
      })
      .on("error", reject);
  });
}

export const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Prints rows as a Markdown table, so the output can be pasted into RESULTS.md as it is. */
export function table(headers: string[], rows: Array<Array<string | number>>) {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, c) => Math.max(...cells.map((row) => row[c]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(" | ")} |`;
  console.log(line(headers));
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const row of cells.slice(1)) console.log(line(row));
}

export const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
