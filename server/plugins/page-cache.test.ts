import { describe, expect, it } from "vitest";
import { createPageCache, withNonce } from "./page-cache";

const html = (nonce: string, text = "Netflix Premium") => ({
  headers: [
    ["content-type", "text/html; charset=utf-8"],
    ["content-length", "999"],
  ] as [string, string][],
  body: `<script nonce="${nonce}">1</script><p>${text} – रु</p><script nonce="${nonce}">2</script>`,
  nonce,
});

describe("page cache", () => {
  it("gives each answer the nonce it is asked for, in UTF-8, wherever the rendered one stood", () => {
    const cache = createPageCache();
    const page = cache.set("http://shop/", cache.begin(), html("AAAA"));
    expect(withNonce(page, "BBBB").toString()).toBe(html("BBBB").body);
    expect(page.headers).toEqual({ "content-type": "text/html; charset=utf-8" });
    expect(cache.get("http://shop/")).toBe(page);
  });

  it("tags the content, not the nonce: the same page rendered twice has one ETag", () => {
    const cache = createPageCache();
    const first = cache.set("a", cache.begin(), html("AAAA"));
    const second = cache.set("b", cache.begin(), html("CCCC"));
    const changed = cache.set("c", cache.begin(), html("AAAA", "Spotify"));
    expect(first.etag).toMatch(/^W\/"/);
    expect(second.etag).toBe(first.etag);
    expect(changed.etag).not.toBe(first.etag);
  });

  it("sends loader data as it was rendered", () => {
    const cache = createPageCache();
    const data = cache.set("d", cache.begin(), { headers: [["content-type", "text/x-script"]], body: "[1,\"AAAA\"]", nonce: "AAAA" });
    expect(data.html).toBe(false);
    expect(withNonce(data, "BBBB").toString()).toBe("[1,\"AAAA\"]");
  });

  it("does not keep a render that began before a write", () => {
    const cache = createPageCache();
    const startedAt = cache.begin();
    cache.clear();
    cache.set("http://shop/prices", startedAt, html("AAAA"));
    expect(cache.get("http://shop/prices")).toBeUndefined();
  });

  it("drops the least recently used pages beyond its byte budget", () => {
    const cache = createPageCache({ maxBytes: 8 * 1024 });
    const big = (key: string) => cache.set(key, cache.begin(), html("AAAA", "x".repeat(900)));
    for (const key of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]) big(key);
    expect(cache.get("1")).toBeUndefined();
    expect(cache.get("10")).toBeDefined();
  });
});
