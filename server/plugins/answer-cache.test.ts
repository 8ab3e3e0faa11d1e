import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../modules/auth/service";
import { answerKey, createAnswerCache, pageTarget, pickEncoding, registerAnswerCacheClearing } from "./answer-cache";

const page = (text = "Netflix Premium") => ({
  headers: { "content-type": "text/html; charset=utf-8" },
  body: `<!doctype html><p>${text} – रु</p>${"<li>Spotify Family</li>".repeat(100)}`,
});

async function untilCompressed(cache: ReturnType<typeof createAnswerCache>, key: string) {
  for (let i = 0; i < 100 && !cache.get(key)?.encoded.br; i++) await sleep(5);
  return cache.get(key)!;
}

describe("answer cache", () => {
  it("keeps the answer's bytes in UTF-8 with its headers and a weak ETag of the body", () => {
    const cache = createAnswerCache();
    const answer = cache.set("k", cache.begin(), page());
    expect(answer.body.toString()).toBe(page().body);
    expect(answer.etag).toMatch(/^W\/"/);
    expect(answer.headers).toEqual({ "content-type": "text/html; charset=utf-8", etag: answer.etag });
    expect(cache.get("k")).toBe(answer);
    expect(cache.set("other", cache.begin(), page()).etag).toBe(answer.etag);
    expect(cache.set("changed", cache.begin(), page("Spotify")).etag).not.toBe(answer.etag);
  });

  it("makes brotli and gzip copies once, in the background, that unpack to the same bytes", async () => {
    const cache = createAnswerCache();
    cache.set("k", cache.begin(), page());
    const answer = await untilCompressed(cache, "k");
    expect(zlib.brotliDecompressSync(answer.encoded.br!).toString()).toBe(page().body);
    expect(zlib.gunzipSync(answer.encoded.gzip!).toString()).toBe(page().body);
    expect(answer.encoded.br!.length).toBeLessThan(answer.body.length / 4);
  });

  it("does not keep a render that began before a write", () => {
    const cache = createAnswerCache();
    const startedAt = cache.begin();
    cache.clear();
    cache.set("k", startedAt, page());
    expect(cache.get("k")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops the least recently used answers beyond its byte budget", () => {
    const cache = createAnswerCache({ maxBytes: 32 * 1024 });
    // 12 answers of about 2.8 KB each: 34 KB.
    for (let key = 1; key <= 12; key++) cache.set(String(key), cache.begin(), page("x".repeat(500)));
    expect(cache.get("1")).toBeUndefined();
    expect(cache.get("12")).toBeDefined();
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", async () => {
    const cache = createAnswerCache();
    cache.set("k", cache.begin(), page());
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
    const cache = createAnswerCache();
    expect(pickEncoding(cache.set("k", cache.begin(), page()), "br, gzip")).toBeNull();
    const small = cache.set("s", cache.begin(), { headers: {}, body: "[]" });
    expect(pickEncoding(small, "br, gzip")).toEqual({ encoding: null, body: small.body });
  });
});

describe("answerKey", () => {
  const request = (url: string, headers: Record<string, string>) => ({ url, headers, socket: {} }) as unknown as IncomingMessage;

  it("tells apart what changes the origin a page is rendered for, and nothing else", () => {
    const plain = answerKey(request("/prices", { host: "shop.example" }));
    expect(answerKey(request("/prices", { host: "shop.example", "accept-language": "ne" }))).toBe(plain);
    expect(answerKey(request("/prices?offset=48", { host: "shop.example" }))).not.toBe(plain);
    expect(answerKey(request("/prices?page=2", { host: "shop.example" }))).toBe(plain);
    expect(answerKey(request("/prices", { host: "other.example" }))).not.toBe(plain);
    expect(answerKey(request("/prices", { host: "shop.example", "x-forwarded-proto": "https" }))).not.toBe(plain);
    expect(answerKey(request("/prices", { host: "shop.example", "x-forwarded-host": "x.example" }))).not.toBe(plain);
  });

  it("cannot be spelled by a forged Host as another page's key", () => {
    const visitor = answerKey(request("/evil.example?x|/b", { host: "shop.example" }));
    const forged = answerKey(request("/b", { host: "/evil.example?x", "x-forwarded-host": "|shop.example" }));
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
    // React Router's loader data: the page's own parameters and the loaders it asks for.
    expect(pageTarget("/prices.data?q=vpn&_routes=routes%2Fprices&x=1")).toBe("/prices.data?q=vpn&_routes=routes%2Fprices");
    expect(pageTarget("/_root.data?_routes=root&x=1")).toBe("/_root.data?_routes=root");
    expect(pageTarget("/__manifest?paths=%2F%2C%2Fprice%2Fott&version=abc&x=1")).toBe("/__manifest?paths=%2F%2C%2Fprice%2Fott&version=abc");
    // A product's page reads no query; its name is in the path.
    expect(pageTarget("/prices/Netflix%20Premium?q=x")).toBe("/prices/Netflix%20Premium");
    expect(pageTarget("/api/prices?cache=bust")).toBe("/api/prices");
  });
});

describe("admin writes", () => {
  const apps: Array<ReturnType<typeof Fastify>> = [];
  afterEach(async () => {
    while (apps.length) await apps.pop()!.close();
  });

  /** A server whose PUT /price commits at once and answers `answerAfterMs` later, as a slow write would. */
  async function start(answerAfterMs: number) {
    const answers = createAnswerCache();
    const writes: string[] = [];
    const app = Fastify({ forceCloseConnections: true });
    apps.push(app);
    app.decorateRequest("admin", null);
    // Stands in for the auth guard: who the request is from.
    app.addHook("onRequest", async (request) => {
      request.admin = request.headers["x-admin"] ? ({ email: "owner@pasal.test" } as SessionUser) : null;
    });
    registerAnswerCacheClearing(app, answers);
    app.put("/price", async () => {
      writes.push("committed");
      // A page rendered by another request while the write runs, with what it read before the commit.
      answers.set("/prices", answers.begin(), page("old price"));
      await sleep(answerAfterMs);
      return { ok: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    return { answers, writes, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  }

  it("empty the cache when they arrive and when they are answered", async () => {
    const { answers, base } = await start(0);
    answers.set("/", answers.begin(), page());
    await fetch(`${base}/price`, { method: "PUT", headers: { "x-admin": "1" } });
    await sleep(20);
    expect(answers.size).toBe(0);
  });

  it("empty the cache even when the admin's client is gone before the answer", async () => {
    const { answers, writes, base } = await start(300);
    answers.set("/", answers.begin(), page());
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
    answers.set("/", answers.begin(), page());
    await fetch(`${base}/price`, { method: "PUT" });
    await fetch(`${base}/price`, { headers: { "x-admin": "1" } });
    expect(answers.get("/")).toBeDefined();
  });
});
