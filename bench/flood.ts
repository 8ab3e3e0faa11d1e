// The flood figures of ADR 0101: how many anonymous orders, each with 50 lines and flagged "I have
// paid", the production server accepts in a minute from one address, from 20 addresses and from fresh
// addresses of one IPv6 /64; and the server's peak memory while three 4-megapixel QR codes are uploaded at once.
// A measurement, not a test: `npx tsx bench/flood.ts` (FLOOD_SECONDS=60 by default; FLOOD_SKIP_ORDERS=1 for the
// uploads alone) after `npm run build`.
//
// The server runs as behind a proxy on this machine (TRUST_PROXY=127.0.0.1), so the client's address is the one
// X-Forwarded-For names, as a reverse proxy in front of the shop would set it: one machine stands for many
// addresses. Each scenario gets a new server on a new database, with the shop's default limits.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { MAX_CART_LINES } from "../domain/orders/cart";
import { BENCH_ADMIN, ensureBuild, startPasal, tempDir, type Server } from "./lib";
import { freePort } from "../tests/instances/cluster";

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 60);
/** Orders in flight at once, as a script sending as fast as the server answers. */
const IN_FLIGHT = 10;

interface Scenario {
  name: string;
  address: (i: number) => string;
}

const SCENARIOS: Scenario[] = [
  { name: "one address", address: () => "203.0.113.7" },
  { name: "20 addresses", address: (i) => `203.0.113.${1 + (i % 20)}` },
  {
    name: "one IPv6 /64, a fresh address each order",
    address: () => `2001:db8:feed:1:${[2, 2, 2, 2].map((n) => randomBytes(n).toString("hex")).join(":")}`,
  },
];

async function startShop(): Promise<{ server: Server; dir: string }> {
  const dir = tempDir("flood");
  const server = await startPasal(path.join(dir, "pasal.db"), await freePort(), { TRUST_PROXY: "127.0.0.1", LOG_LEVEL: "warn" });
  return { server, dir };
}

async function fiftyLines(url: string) {
  const { allPrices } = (await (await fetch(`${url}/api/prices`)).json()) as { allPrices: Array<{ _id: string; plans?: Record<string, number> }> };
  const sellable = allPrices.filter((item) => item.plans && Object.keys(item.plans).length > 0);
  return Array.from({ length: MAX_CART_LINES }, (_, i) => {
    const item = sellable[i % sellable.length]!;
    return { _id: item._id, months: Number(Object.keys(item.plans!)[0]), devices: 1 };
  });
}

async function flood(scenario: Scenario) {
  const { server, dir } = await startShop();
  try {
    const items = await fiftyLines(server.url);
    const body = JSON.stringify({ items, channel: "whatsapp", name: "Flood", language: "en" });
    const tally = { sent: 0, accepted: 0, refused: 0, other: 0, claims: 0, claimsRefused: 0, bytes: body.length };
    const reasons = new Map<string, number>();
    const until = Date.now() + SECONDS * 1000;
    let next = 0;
    const worker = async () => {
      while (Date.now() < until) {
        const address = scenario.address(next++);
        const headers = { "content-type": "application/json", origin: server.url, "x-forwarded-for": address };
        tally.sent++;
        const answer = await fetch(`${server.url}/api/orders`, { method: "POST", headers, body });
        const json = (await answer.json()) as { orderUrl?: string; reference?: string; message?: string };
        if (answer.status === 201) {
          tally.accepted++;
          const key = new URL(json.orderUrl!, server.url).searchParams.get("key");
          const claim = await fetch(`${server.url}/api/orders/${json.reference}/paid`, {
            method: "POST",
            headers,
            body: JSON.stringify({ key, transactionId: "FLOOD" }),
          });
          if (claim.status === 200) tally.claims++;
          else tally.claimsRefused++;
        } else if (answer.status === 429) {
          tally.refused++;
          const reason = (json.message ?? "").replace(/ again in .*/, "…");
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        } else {
          tally.other++;
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    return { ...tally, reasons };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A QR-like picture: black and white modules of 20 pixels, as a payment QR code saved large. */
async function qrLike(side: number): Promise<Buffer> {
  const modules = side / 20;
  const pixels = Buffer.alloc(side * side);
  const dark = Array.from({ length: modules * modules }, () => Math.random() < 0.5);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) pixels[y * side + x] = dark[Math.floor(y / 20) * modules + Math.floor(x / 20)] ? 0 : 255;
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png()
    .toBuffer();
}

/** The bench admin's cookies; made just after the server listens, so asked for until it is there. */
async function signIn(server: Server): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify(BENCH_ADMIN),
    });
    if (login.ok)
      return login.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    await sleep(100);
  }
  throw new Error("the bench admin could not sign in");
}

function peakRssMb(pid: number): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
}

async function qrUploads() {
  const { server, dir } = await startShop();
  try {
    const cookie = await signIn(server);
    const pictures = await Promise.all([1, 2, 3].map(() => qrLike(2000)));
    const before = peakRssMb(server.pid);
    const started = performance.now();
    const answers = await Promise.all(
      pictures.map((picture) => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(picture)], { type: "image/png" }), "qr.png");
        return fetch(`${server.url}/api/admin/uploads?lossless=true`, { method: "POST", headers: { cookie, origin: server.url }, body: form });
      }),
    );
    return {
      statuses: answers.map((answer) => answer.status),
      ms: Math.round(performance.now() - started),
      before: Math.round(before),
      peak: Math.round(peakRssMb(server.pid)),
      fileKb: Math.round(pictures[0]!.length / 1024),
    };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

ensureBuild();
console.log(
  `## Anonymous orders in ${SECONDS} s (${IN_FLIGHT} in flight, ${MAX_CART_LINES} lines each, each accepted one then flagged "I have paid")\n`,
);
console.log('| from | sent | accepted | refused (429) | accepted per minute | "I have paid" accepted | body |');
console.log("| --- | --- | --- | --- | --- | --- | --- |");
const refusals: string[] = [];
for (const scenario of process.env.FLOOD_SKIP_ORDERS ? [] : SCENARIOS) {
  const result = await flood(scenario);
  const perMinute = Math.round((result.accepted * 60) / SECONDS);
  console.log(
    `| ${scenario.name} | ${result.sent} | ${result.accepted} | ${result.refused}${result.other ? ` (+${result.other} other)` : ""} | ${perMinute} | ${result.claims} | ${(result.bytes / 1024).toFixed(1)} KB |`,
  );
  for (const [reason, count] of result.reasons) refusals.push(`- ${scenario.name}: ${count} × "${reason}"`);
}
console.log(`\nRefusals, by what they said:\n${refusals.join("\n")}\n`);

const qr = await qrUploads();
console.log("## Three 4-megapixel QR codes uploaded at once\n");
console.log(
  `Answers ${qr.statuses.join(", ")} in ${qr.ms} ms (PNG of ${qr.fileKb} KB each); the server's peak resident memory ${qr.before} MB before, ${qr.peak} MB after.`,
);
