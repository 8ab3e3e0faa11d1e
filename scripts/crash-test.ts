// npm run crash-test: kills the production server with SIGKILL again and again while it acknowledges
// writes through the API, and checks after every restart that each acknowledged write is there and the
// SQLite file passes its integrity check. Prints kills, acknowledged writes and lost writes; exits 1 on a loss.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../e2e/server";
import { SQLite } from "../server/db/sqlite";

const KILLS = Number(process.env.CRASH_KILLS ?? 30);
const MIN_WRITES = Number(process.env.CRASH_MIN_WRITES ?? 1000);
// A port of its own: a fixed one could be another process's, whose answers would count as this server's.
const PORT = process.env.CRASH_PORT ? Number(process.env.CRASH_PORT) : await freePort();
const root = path.resolve(import.meta.dirname, "..");
const server = path.join(root, "dist/server.js");
if (!fs.existsSync(server)) {
  console.error("No production build: run npm run build first.");
  process.exit(1);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-crash-"));
const database = path.join(dir, "pasal.db");
const base = `http://127.0.0.1:${PORT}`;

function startServer(): ChildProcess {
  return spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: database,
      MEDIA_DIR: path.join(dir, "media"),
      LOG_LEVEL: "silent",
      TRUST_PROXY: "true",
      ADMIN_EMAIL: "crash@pasal.test",
      ADMIN_PASSWORD: "crash-test-password",
    },
    stdio: "ignore",
  });
}

async function waitUntilReady(child: ChildProcess) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
    try {
      // Ready, not only alive: the first admin exists and the server takes work (ADR 0074).
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the server did not become ready in 10 s");
}

/** Each write is a newsletter sign-up with its own address; acknowledged means the server answered 200. */
async function write(n: number): Promise<boolean> {
  try {
    const response = await fetch(`${base}/api/newsletter`, {
      method: "POST",
      // One address per write, so the sign-up limit (5 a minute per address) never answers 429.
      // Origin: the server takes writes only from its own pages.
      headers: { "content-type": "application/json", origin: base, "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      body: JSON.stringify({ email: `crash${n}@example.com` }),
    });
    return response.status === 200;
  } catch {
    return false;
  }
}

const acknowledged = new Set<number>();
let next = 0;
let lost = 0;
let kills = 0;
/** Acknowledged before each round's last batch, so the run reaches MIN_WRITES however the kills fall. */
const perRound = Math.ceil(MIN_WRITES / KILLS);

const batchOf8 = () =>
  Array.from({ length: 8 }, () => {
    const n = next++;
    return write(n).then((ok) => void (ok && acknowledged.add(n)));
  });

for (let kill = 1; kill <= KILLS; kill++) {
  const child = startServer();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await waitUntilReady(child);
  // Batches of 8 concurrent writes; the kill lands while the last batch is in flight, so some of it is
  // acknowledged and some cut off. Only acknowledged writes must survive.
  const before = acknowledged.size;
  while (acknowledged.size - before < perRound) {
    const size = acknowledged.size;
    await Promise.all(batchOf8());
    if (acknowledged.size === size) {
      console.error("the server acknowledged none of 8 writes: is it refusing them?");
      child.kill("SIGKILL");
      process.exit(1);
    }
  }
  const last = batchOf8();
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
  child.kill("SIGKILL");
  kills++;
  await Promise.allSettled(last);
  await exited;

  const db = new SQLite(database, { readonly: true });
  const integrity = db.pragma("integrity_check", { simple: true });
  const stored = new Set(
    (db.prepare("select email from newsletter_subscribers").pluck().all() as string[]).map((email) => Number(/\d+/.exec(email)![0])),
  );
  db.close();
  const missing = [...acknowledged].filter((n) => !stored.has(n));
  lost = missing.length;
  if (integrity !== "ok" || lost > 0) {
    console.error(`kill ${kill}: integrity ${String(integrity)}, ${lost} acknowledged writes missing (e.g. ${missing.slice(0, 5).join(", ")})`);
    break;
  }
}

console.log(`crash test: kills ${kills}, acknowledged writes ${acknowledged.size}, lost writes ${lost}`);
fs.rmSync(dir, { recursive: true, force: true });
if (lost > 0 || acknowledged.size < MIN_WRITES) {
  if (acknowledged.size < MIN_WRITES) console.error(`fewer than ${MIN_WRITES} writes were acknowledged`);
  process.exit(1);
}
