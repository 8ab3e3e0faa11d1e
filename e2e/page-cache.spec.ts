import { createHash } from "node:crypto";
import { expect, test } from "./fixtures";
import type { APIRequest } from "@playwright/test";

const hashesOf = (policy: string | undefined) => [...(policy ?? "").matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]).sort();
// Scripts the browser runs: a JSON-LD block is data, which the policy does not govern.
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);

/**
 * A query no other test uses, so the first visit is rendered, not served from the cache: a price ceiling
 * above every price (a parameter the page reads; any other is left out of the cache key).
 */
const freshUrl = (path: string) => `${path}?sort=name&max=${100_000_000 + (Date.now() % 100_000_000)}`;

test("a page is rendered once, then served from the cache, compressed, and revalidated with a 304", async ({ request }) => {
  const url = freshUrl("/prices");
  const first = await request.get(url);
  expect(first.status()).toBe(200);
  expect(first.headers()["x-page-cache"]).toBe("miss");
  // A page of a query is kept from its second asking on (ADR 0125): a flood of queries nobody repeats is not kept.
  const stored = await request.get(url);
  expect(stored.headers()["x-page-cache"]).toBe("miss");
  const second = await request.get(url);
  expect(second.headers()["x-page-cache"]).toBe("hit");

  // The same bytes for every shopper; the policy allows exactly the page's own inline scripts, by hash.
  const html = await second.text();
  expect(html).toBe(await stored.text());
  const policy = second.headers()["content-security-policy"];
  expect(policy).not.toContain("'nonce-");
  const scripts = inlineScripts(html);
  expect(scripts.length).toBeGreaterThan(0);
  expect(hashesOf(policy)).toEqual([...new Set(scripts.map((script) => createHash("sha256").update(script).digest("base64")))].sort());

  // A browser that accepts brotli gets the copy made once in the background.
  await expect.poll(async () => (await request.get(url, { headers: { "accept-encoding": "br" } })).headers()["content-encoding"]).toBe("br");

  const etag = second.headers().etag ?? "";
  expect(etag).toMatch(/^W\/"/);
  expect(second.headers()["cache-control"]).toBe("no-cache");
  const again = await request.get(url, { headers: { "if-none-match": etag } });
  expect(again.status()).toBe(304);
});

/**
 * Requests as a visitor's browser sends a same-origin GET: without the Origin header the other tests'
 * requests carry, which makes a call another site's (answered with CORS headers, never from the cache).
 */
const asVisitor = (requests: APIRequest, baseURL: string | undefined) => requests.newContext({ baseURL, extraHTTPHeaders: {} });

test("the price list is kept whole, whatever query it is asked with, and revalidated with a 304", async ({ playwright, baseURL }) => {
  const url = `/api/prices?e2e=${Date.now()}`;
  const request = await asVisitor(playwright.request, baseURL);
  try {
    await request.get("/api/prices");
    // At once: a browser's request gets the kept list, compressed on the fly while its copy is being made.
    const kept = await request.get(url);
    expect(kept.headers()["x-page-cache"]).toBe("hit");
    expect(kept.headers()["content-type"]).toBe("application/json; charset=utf-8");
    expect((await request.get(url, { headers: { "if-none-match": kept.headers().etag! } })).status()).toBe(304);
    // Another site's call gets the CORS headers a kept answer lacks, so it is answered afresh.
    const otherSite = await request.get(url, { headers: { origin: "https://other.example" } });
    expect(otherSite.headers()["access-control-allow-origin"]).toBe("*");
    expect(otherSite.headers()["x-page-cache"]).toBeUndefined();
  } finally {
    await request.dispose();
  }
});

test("an admin's edit shows on the very next visit, in pages and in the price list", async ({ playwright, baseURL, admin }) => {
  const request = await asVisitor(playwright.request, baseURL);
  const url = freshUrl("/prices");
  const listUrl = "/api/prices";
  for (const kept of [url, listUrl]) {
    // Asked twice: a page of a query is kept from its second asking on.
    await request.get(kept);
    await request.get(kept);
    expect((await request.get(kept)).headers()["x-page-cache"]).toBe("hit");
  }

  try {
    // A signed-in admin always gets a fresh render.
    expect((await admin.get(url)).headers()["x-page-cache"]).toBeUndefined();

    const name = `E2E cache ${Date.now()}`;
    const added = await admin.post("/api/prices", {
      data: {
        Name: name,
        Id: String(Date.now() % 1e8),
        ImageId: "/images/services/netflix.svg",
        Category: "ott",
        plans: { "1": 123 },
        Status: "shared",
        SpecialLink: "https://example.com",
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    try {
      const after = await request.get(url);
      expect(after.headers()["x-page-cache"]).toBe("miss");
      expect(await after.text()).toContain(name);
      const list = await request.get(listUrl);
      expect(list.headers()["x-page-cache"]).toBe("miss");
      expect((await list.json()).allPrices.some((item: { Name: string }) => item.Name === name)).toBe(true);
    } finally {
      expect((await admin.delete(`/api/prices/${encodeURIComponent(name)}`)).ok()).toBe(true);
    }
    const removed = await request.get(url);
    expect(removed.headers()["x-page-cache"]).toBe("miss");
    expect(await removed.text()).not.toContain(name);
  } finally {
    await request.dispose();
  }
});
