import { createHash } from "node:crypto";
import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import fastifyCors from "@fastify/cors";
import Fastify, { type FastifyRequest } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../modules/auth/service";
import { createPageCache, pageCacheDoor, pickEncoding, registerPageCache } from "./page-cache";
import { pageKey, pageTarget } from "./page-key";
import { byScriptHashes, inlineScriptHashes } from "./script-hashes";
import { contentSecurityPolicy } from "./security-headers";

const page = (text = "Netflix Premium") => ({
  headers: { "content-type": "text/html; charset=utf-8" },
  body: `<!doctype html><p>${text} – रु</p>${"<li>Spotify Family</li>".repeat(100)}`,
});

/** The stored page once a browser taking brotli and one taking gzip have asked for it again, and its copies are made. */
async function untilCompressed(cache: ReturnType<typeof createPageCache>, key: string) {
  for (const coding of ["br", "gzip"]) cache.makeCopy(key, cache.get(key)!, coding);
  for (let i = 0; i < 100 && !(cache.get(key)?.encoded.br && cache.get(key)?.encoded.gzip); i++) await sleep(5);
  return cache.get(key)!;
}

describe("page cache", () => {
  it("keeps the answer's bytes in UTF-8 with its headers and a weak ETag of the body", () => {
    const cache = createPageCache();
    const answer = cache.store("k", cache.begin(), page());
    expect(answer.body.toString()).toBe(page().body);
    expect(answer.etag).toMatch(/^W\/"/);
    expect(answer.headers).toEqual({ "content-type": "text/html; charset=utf-8", etag: answer.etag });
    expect(cache.get("k")).toBe(answer);
    expect(cache.store("other", cache.begin(), page()).etag).toBe(answer.etag);
    expect(cache.store("changed", cache.begin(), page("Spotify")).etag).not.toBe(answer.etag);
  });

  it("makes a brotli or gzip copy only once a browser taking it asks for the page again, once, in the background, unpacking to the same bytes", async () => {
    const cache = createPageCache();
    cache.store("k", cache.begin(), page());
    // A page rendered once and never asked for again costs no compression.
    await sleep(50);
    expect(cache.get("k")!.encoded).toEqual({});
    cache.makeCopy("k", cache.get("k")!, "gzip, deflate, br");
    for (let i = 0; i < 100 && !cache.get("k")!.encoded.br; i++) await sleep(5);
    expect(cache.get("k")!.encoded.gzip).toBeUndefined();
    const answer = await untilCompressed(cache, "k");
    expect(zlib.brotliDecompressSync(answer.encoded.br!).toString()).toBe(page().body);
    expect(zlib.gunzipSync(answer.encoded.gzip!).toString()).toBe(page().body);
    expect(answer.encoded.br!.length).toBeLessThan(answer.body.length / 4);
  });

  it("does not keep a render that began before a write", () => {
    const cache = createPageCache();
    const startedAt = cache.begin();
    cache.clear();
    cache.store("k", startedAt, page());
    expect(cache.get("k")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops the least recently used answers beyond its byte budget", () => {
    const cache = createPageCache({ maxBytes: 32 * 1024 });
    // 12 answers of about 2.8 KB each: 34 KB.
    for (let key = 1; key <= 12; key++) cache.store(String(key), cache.begin(), page("x".repeat(500)));
    expect(cache.get("1")).toBeUndefined();
    expect(cache.get("12")).toBeDefined();
  });
});

describe("the door while the instance is too busy to render", () => {
  it("serves a page past its time as it is, rather than turning it away, and turns away one it does not hold", async () => {
    // Not 0: lru-cache reads a start time of 0 as none.
    let now = 1_000;
    const cache = createPageCache({ ttlMs: 1000, now: () => now });
    let busy = false;
    const turnedAway: string[] = [];
    const serve = pageCacheDoor(cache, {
      sessionCookieNames: ["pasal_session"],
      log: () => undefined,
      busy: { now: () => busy, turnAway: (request, response) => (turnedAway.push(request.url!), response.writeHead(503).end()) },
    });
    const server = http.createServer((request, response) => void (serve(request, response) || response.writeHead(418).end()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const host = new URL(base).host;
      const request = (url: string) => ({ url, headers: { host }, socket: {} }) as unknown as IncomingMessage;
      cache.store(pageKey(request("/prices")), cache.begin(), page());
      expect((await fetch(`${base}/prices`, { headers: { "accept-encoding": "identity" } })).headers.get("x-page-cache")).toBe("hit");
      now += 1001;
      // Past its time: rendered again (here Fastify's teapot) while the instance can…
      expect(cache.get(pageKey(request("/prices")))).toBeUndefined();
      expect((await fetch(`${base}/prices`)).status).toBe(418);
      // …and served as it is, in the coding asked for or as it is, while it cannot.
      busy = true;
      const stale = await fetch(`${base}/prices`, { headers: { "accept-encoding": "br" } });
      expect(stale.status).toBe(200);
      expect(await stale.text()).toBe(page().body);
      expect((await fetch(`${base}/prices?q=new`)).status).toBe(503);
      expect(turnedAway).toEqual(["/prices?q=new"]);
      // An admin's write clears what it holds, past its time or not.
      cache.clear();
      expect((await fetch(`${base}/prices`)).status).toBe(503);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", async () => {
    const cache = createPageCache();
    cache.store("k", cache.begin(), page());
    const answer = await untilCompressed(cache, "k");
    expect(pickEncoding(answer, "gzip, deflate, br, zstd")?.encoding).toBe("br");
    expect(pickEncoding(answer, "gzip")?.encoding).toBe("gzip");
    expect(pickEncoding(answer, "br;q=0, gzip;q=0.8")?.encoding).toBe("gzip");
    expect(pickEncoding(answer, "br;q=0, *")?.encoding).toBe("gzip");
    expect(pickEncoding(answer, "*")?.encoding).toBe("br");
    expect(pickEncoding(answer, "br;q=0, gzip;q=0")).toEqual({ encoding: null, body: answer.body });
    expect(pickEncoding(answer, "identity")).toEqual({ encoding: null, body: answer.body });
    expect(pickEncoding(answer, undefined)).toEqual({ encoding: null, body: answer.body });
  });

  it("leaves compression to the router while no copy is ready, except for answers too small to compress", () => {
    const cache = createPageCache();
    expect(pickEncoding(cache.store("k", cache.begin(), page()), "br, gzip")).toBeNull();
    const small = cache.store("s", cache.begin(), { headers: {}, body: "[]" });
    expect(pickEncoding(small, "br, gzip")).toEqual({ encoding: null, body: small.body });
  });
});

describe("pageKey", () => {
  const request = (url: string, headers: Record<string, string>) => ({ url, headers, socket: {} }) as unknown as IncomingMessage;

  it("tells apart what changes the origin a page is rendered for, and nothing else", () => {
    const plain = pageKey(request("/prices", { host: "shop.example" }));
    expect(pageKey(request("/prices", { host: "shop.example", "accept-language": "ne" }))).toBe(plain);
    expect(pageKey(request("/prices?offset=48", { host: "shop.example" }))).not.toBe(plain);
    expect(pageKey(request("/prices?page=2", { host: "shop.example" }))).toBe(plain);
    expect(pageKey(request("/prices", { host: "other.example" }))).not.toBe(plain);
    expect(pageKey(request("/prices", { host: "shop.example", "x-forwarded-proto": "https" }))).not.toBe(plain);
    expect(pageKey(request("/prices", { host: "shop.example", "x-forwarded-host": "x.example" }))).not.toBe(plain);
  });

  it("cannot be spelled by a forged Host as another page's key", () => {
    const visitor = pageKey(request("/evil.example?x|/b", { host: "shop.example" }));
    const forged = pageKey(request("/b", { host: "/evil.example?x", "x-forwarded-host": "|shop.example" }));
    expect(forged).not.toBe(visitor);
  });
});

describe("pageTarget", () => {
  it("keeps the parameters a page reads, spelled one way, and drops the rest", () => {
    expect(pageTarget("/?x=1")).toBe("/");
    expect(pageTarget("/cart?fbclid=abc&utm_source=chat")).toBe("/cart");
    expect(pageTarget("/prices?utm_source=chat&q=%20Netflix%20%20Premium&sort=featured&status=&min=500&max=100&priced=on&offset=48")).toBe(
      "/prices?q=Netflix+Premium&min=100&max=500&priced=1&offset=48",
    );
    expect(pageTarget("/price/ott?status=SHARED&offset=0&sort=name&x=1")).toBe("/price/ott?sort=name&status=shared");
    expect(pageTarget("/PRICES/?q=vpn&x=1")).toBe("/PRICES/?q=vpn");
    // The Nepali price list reads the same filters, a Nepali query included.
    expect(pageTarget("/ne/prices?q=%E0%A4%97%E0%A4%BF%E0%A4%AB%E0%A5%8D%E0%A4%9F&sort=name&x=1")).toBe(
      "/ne/prices?q=%E0%A4%97%E0%A4%BF%E0%A4%AB%E0%A5%8D%E0%A4%9F&sort=name",
    );
    expect(pageTarget("/ne/price/ott.data?q=vpn&_routes=ne-prices-by-category")).toBe("/ne/price/ott.data?q=vpn&_routes=ne-prices-by-category");
    expect(pageTarget("/ne/prices/Netflix%20Premium?q=x")).toBe("/ne/prices/Netflix%20Premium");
    // React Router's loader data: the page's own parameters and the loaders it asks for.
    expect(pageTarget("/prices.data?q=vpn&_routes=routes%2Fprices&x=1")).toBe("/prices.data?q=vpn&_routes=routes%2Fprices");
    expect(pageTarget("/_root.data?_routes=root&x=1")).toBe("/_root.data?_routes=root");
    expect(pageTarget("/__manifest?paths=%2F%2C%2Fprice%2Fott&version=abc&x=1")).toBe("/__manifest?paths=%2F%2C%2Fprice%2Fott&version=abc");
    // A product's page reads no query; its name is in the path.
    expect(pageTarget("/prices/Netflix%20Premium?q=x")).toBe("/prices/Netflix%20Premium");
    expect(pageTarget("/api/prices?cache=bust")).toBe("/api/prices");
  });
});

const apps: Array<ReturnType<typeof Fastify>> = [];
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});

/** A Fastify app, closed after the test, where a request with an `x-admin` header comes from a session (as the auth guard decides). */
function appWithAdmins() {
  const app = Fastify({ forceCloseConnections: true });
  apps.push(app);
  app.decorateRequest("admin", null);
  app.addHook("onRequest", async (request) => {
    request.admin = request.headers["x-admin"] ? ({ email: "owner@pasal.test" } as SessionUser) : null;
  });
  return app;
}

/** Starts the app on a free port of this machine; its base URL. */
async function listening(app: ReturnType<typeof Fastify>) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe("routes that opt in", () => {
  /** A server with the page cache and routes that count their renders; `x-admin` stands in for a session. */
  async function start() {
    const cache = createPageCache();
    const renders: string[] = [];
    const app = appWithAdmins();
    // Another site's page may read /page (as server/plugins/cors.ts decides), with the CORS headers a stored page lacks.
    const shared = (request: FastifyRequest) => request.headers.origin !== undefined && request.url.startsWith("/page");
    await app.register(fastifyCors, { delegator: (request, callback) => callback(null, { origin: shared(request) ? "*" : false }) });
    registerPageCache(app, cache);
    const html = (nonce: string) => `<!doctype html><script nonce="${nonce}">start()</script>${"<li>Netflix Premium</li>".repeat(60)}`;
    app.get("/page", { config: { pageCache: true } }, async (request, reply) => {
      renders.push(request.url);
      const nonce = String(renders.length);
      return reply.type("text/html").header("content-security-policy", contentSecurityPolicy(nonce, false)).send(html(nonce));
    });
    app.get("/private", { config: { pageCache: (request) => !request.url.includes("mine") } }, async (request) => {
      renders.push(request.url);
      return "private";
    });
    app.get("/not-kept", async (request) => {
      renders.push(request.url);
      return "every time";
    });
    app.get("/fell-back", { config: { pageCache: true } }, async (request) => {
      renders.push(request.url);
      request.pageCache = null;
      return "built-in catalogue";
    });
    return { cache, renders, base: await listening(app) };
  }

  it("store a route's answer once and serve it again without the handler, its nonce policy made one of script hashes", async () => {
    const { renders, base } = await start();
    const first = await fetch(`${base}/page?utm_source=chat`, { headers: { "accept-encoding": "identity" } });
    const second = await fetch(`${base}/page`, { headers: { "accept-encoding": "identity" } });
    expect(renders).toEqual(["/page"]);
    expect([first.headers.get("x-page-cache"), second.headers.get("x-page-cache")]).toEqual(["miss", "hit"]);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    const sha = createHash("sha256").update("start()").digest("base64");
    for (const answer of [first, second]) {
      expect(answer.headers.get("content-security-policy")).toContain(`script-src 'self' 'sha256-${sha}';`);
      expect(answer.headers.get("cache-control")).toBe("no-cache");
    }
    const unchanged = await fetch(`${base}/page`, { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(unchanged.status).toBe(304);
  });

  it("leave alone routes that do not opt in, requests the route's test refuses, and answers that fell back", async () => {
    const { cache, renders, base } = await start();
    for (const path of ["/not-kept", "/not-kept", "/private?whose=mine", "/private?whose=mine", "/fell-back", "/fell-back"]) await fetch(base + path);
    expect(renders).toEqual(["/not-kept", "/not-kept", "/private?whose=mine", "/private?whose=mine", "/fell-back", "/fell-back"]);
    expect(cache.size).toBe(0);
  });

  it("answer an admin and another site's page afresh, and serve a call whose answer carries no CORS headers", async () => {
    const { renders, base } = await start();
    await fetch(`${base}/page`);
    await fetch(`${base}/page`, { headers: { "x-admin": "1" } });
    const otherSite = await fetch(`${base}/page`, { headers: { origin: "https://other.example" } });
    expect(otherSite.headers.get("access-control-allow-origin")).toBe("*");
    expect(renders).toEqual(["/page", "/page", "/page"]);
    await fetch(`${base}/private`);
    const ownPage = await fetch(`${base}/private`, { headers: { origin: base } });
    expect(ownPage.headers.get("x-page-cache")).toBe("hit");
  });
});

describe("admin writes", () => {
  /** A server whose PUT /price commits at once and answers `answerAfterMs` later, as a slow write would. */
  async function start(answerAfterMs: number) {
    const answers = createPageCache();
    const writes: string[] = [];
    const app = appWithAdmins();
    registerPageCache(app, answers);
    app.put("/price", async () => {
      writes.push("committed");
      // A page rendered by another request while the write runs, with what it read before the commit.
      answers.store("/prices", answers.begin(), page("old price"));
      await sleep(answerAfterMs);
      return { ok: true };
    });
    return { answers, writes, base: await listening(app) };
  }

  it("empty the cache when they arrive and when they are answered", async () => {
    const { answers, base } = await start(0);
    answers.store("/", answers.begin(), page());
    await fetch(`${base}/price`, { method: "PUT", headers: { "x-admin": "1" } });
    await sleep(20);
    expect(answers.size).toBe(0);
  });

  it("empty the cache even when the admin's client is gone before the answer", async () => {
    const { answers, writes, base } = await start(300);
    answers.store("/", answers.begin(), page());
    const leaving = new AbortController();
    const request = fetch(`${base}/price`, { method: "PUT", headers: { "x-admin": "1" }, signal: leaving.signal }).catch(() => "aborted");
    while (writes.length === 0) await sleep(5);
    leaving.abort();
    expect(await request).toBe("aborted");
    await sleep(400);
    expect(answers.get("/prices")).toBeUndefined();
    expect(answers.size).toBe(0);
  });

  it("leave the cache alone for reads and for writes by anyone else", async () => {
    const { answers, base } = await start(0);
    answers.store("/", answers.begin(), page());
    await fetch(`${base}/price`, { method: "PUT" });
    await fetch(`${base}/price`, { headers: { "x-admin": "1" } });
    expect(answers.get("/")).toBeDefined();
  });
});

describe("policy for a stored page", () => {
  const sha = (text: string) => createHash("sha256").update(text).digest("base64");

  it("lists the SHA-256 of each distinct inline script rendered with the nonce, not scripts loaded from a file", () => {
    const html = `<script nonce="n1">a()</script><script type="module" src="/assets/x.js" nonce="n1"></script><script nonce="n1" type="module" async="">b()</script><script nonce="n1">a()</script>`;
    expect(inlineScriptHashes(html, "n1")).toEqual([sha("a()"), sha("b()")]);
    expect(contentSecurityPolicy("abc", false)).toContain("script-src 'self' 'nonce-abc';");
    const stored = byScriptHashes(contentSecurityPolicy("n1", false), html);
    expect(stored).toContain(`script-src 'self' 'sha256-${sha("a()")}' 'sha256-${sha("b()")}';`);
    expect(stored).not.toContain("nonce");
    expect(byScriptHashes(contentSecurityPolicy("n1", false), "<p>no scripts</p>")).toContain("script-src 'self'; style-src");
  });

  it("leaves out a script without the render's nonce, so one injected into the page stays refused", () => {
    const html = `<script nonce="n1">ours()</script><p><script>injected()</script><script nonce="guess">injected()</script><script data-src="x" nonce="n1">alsoOurs()</script>`;
    expect(inlineScriptHashes(html, "n1")).toEqual([sha("ours()"), sha("alsoOurs()")]);
  });
});
