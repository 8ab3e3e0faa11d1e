import { describe, expect, it, vi } from "vitest";
import { PAGE_MISS_LIMIT, RENDER_LIMIT } from "../server/plugins/rate-limits";
import { createTestApp } from "./helpers/app";
import { tinyWeb } from "./helpers/web";

describe("the page cache and a random query string", () => {
  it("keeps one answer per page and the parameters it reads, and renders it without the others", async () => {
    const t = await createTestApp({ web: await tinyWeb() });
    const first = await t.app.inject({ method: "GET", url: "/prices?q=%20netflix%20&utm_source=chat&fbclid=x1" });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('"url":"http://localhost/prices?q=netflix"');
    for (const url of ["/prices?q=netflix", "/prices?fbclid=x2&q=netflix", "/prices?q=netflix&sort=featured&status=&min="]) {
      const again = await t.app.inject({ method: "GET", url });
      expect(again.headers["x-page-cache"], url).toBe("hit");
      expect(again.body).toBe(first.body);
    }
    // A parameter the page reads is its own page; one nothing reads is not.
    expect((await t.app.inject({ method: "GET", url: "/prices?q=vpn" })).headers["x-page-cache"]).toBe("miss");
    await t.app.inject({ method: "GET", url: "/" });
    expect((await t.app.inject({ method: "GET", url: "/?x=123" })).headers["x-page-cache"]).toBe("hit");
  });

  it(`renders at most ${RENDER_LIMIT.max} uncached pages a window for one address, keeps serving kept ones, and never holds back an admin`, async () => {
    const t = await createTestApp({ web: await tinyWeb() });
    const remoteAddress = "192.0.2.7";
    await t.app.inject({ method: "GET", url: "/", remoteAddress });
    for (let i = 1; i < RENDER_LIMIT.max; i++) {
      expect((await t.app.inject({ method: "GET", url: `/prices?q=n${i}`, remoteAddress })).statusCode).toBe(200);
    }
    const refused = await t.app.inject({ method: "GET", url: "/prices?q=one-more", remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.body).toMatch(/^Too many requests for pages from your address\. Please try again in \d+ seconds\.$/);
    expect((await t.app.inject({ method: "GET", url: "/?anything=else", remoteAddress })).headers["x-page-cache"]).toBe("hit");
    expect((await t.app.inject({ method: "GET", url: "/prices?q=one-more", remoteAddress: "192.0.2.8" })).statusCode).toBe(200);
    const cookie = await t.adminCookie();
    expect((await t.app.inject({ method: "GET", url: "/prices?q=admin", remoteAddress, headers: { cookie } })).statusCode).toBe(200);
  });

  it("does not count renders for this machine, where a proxy left without TRUST_PROXY sends every shopper from", async () => {
    const t = await createTestApp({ web: await tinyWeb() });
    for (let i = 0; i <= RENDER_LIMIT.max; i++) {
      expect((await t.app.inject({ method: "GET", url: `/prices?q=local${i}`, remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
    }
  });
});

describe("missing files and the limits of a shared address", () => {
  it("answers missing pictures, uploads and scripts 404 without a render and without holding back the address's pages", async () => {
    const t = await createTestApp({ web: await tinyWeb() });
    const remoteAddress = "192.0.2.9";
    for (let i = 0; i < 150; i++) {
      for (const url of [`/images/catalogue/gone-${i}.svg`, `/media/gone-${i}-480.webp`, `/assets/old-${i}.js`, `/trending-posters/gone-${i}.jpg`]) {
        const missing = await t.app.inject({ method: "GET", url, remoteAddress });
        expect(missing.statusCode, url).toBe(404);
      }
    }
    expect((await t.app.inject({ method: "GET", url: "/favicon.ico", remoteAddress })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/images/placeholder.svg", remoteAddress })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/prices", remoteAddress })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/no-such-page", remoteAddress })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/no-such-path", remoteAddress })).statusCode).toBe(404);
  });

  it("slows an address missing many pages, but never a signed-in admin's requests from it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const t = await createTestApp({ web: await tinyWeb() });
      const remoteAddress = "192.0.2.10";
      // Shoppers behind one carrier address following old links, within each window's render budget.
      for (let i = 0; i < PAGE_MISS_LIMIT.max; i++) {
        if (i % 40 === 0) vi.advanceTimersByTime(RENDER_LIMIT.timeWindow);
        expect((await t.app.inject({ method: "GET", url: `/old-link-${i}`, remoteAddress })).statusCode).toBe(404);
      }
      const refused = await t.app.inject({ method: "GET", url: "/prices?q=shopper", remoteAddress });
      expect(refused.statusCode).toBe(429);
      expect(refused.body).toMatch(/^Too many requests for pages that do not exist from your address/);
      const cookie = await t.adminCookie();
      for (let i = 0; i < 100; i++) await t.app.inject({ method: "GET", url: `/admin-typo-${i}`, remoteAddress, headers: { cookie } });
      expect((await t.app.inject({ method: "GET", url: "/prices?q=admin", remoteAddress, headers: { cookie } })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
