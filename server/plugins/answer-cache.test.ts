import type { IncomingMessage } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { answerKey, createAnswerCache, pickEncoding } from "./answer-cache";

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
    expect(answerKey(request("/prices?page=2", { host: "shop.example" }))).not.toBe(plain);
    expect(answerKey(request("/prices", { host: "other.example" }))).not.toBe(plain);
    expect(answerKey(request("/prices", { host: "shop.example", "x-forwarded-proto": "https" }))).not.toBe(plain);
    expect(answerKey(request("/prices", { host: "shop.example", "x-forwarded-host": "x.example" }))).not.toBe(plain);
  });
});
