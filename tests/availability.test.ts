import net from "node:net";
import { describe, expect, it, vi } from "vitest";
import { CONNECTIONS_PER_ADDRESS } from "../server/app";
import { BUSY_RETRY_AFTER_SECONDS } from "../domain/order-limits/order-limits";
import { RENDERS_AT_ONCE, RENDERS_WAITING } from "../server/plugins/load-shedding";
import { PAGE_MISS_LIMIT, RENDER_LIMIT } from "../server/plugins/rate-limits";
import { createTestApp } from "./helpers/app";
import { tinyWeb } from "./helpers/web";

/** The whole answer to `text` sent as is over a fresh connection (the server closes it: `Connection: close`). */
function sendRaw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

const statusOf = (answer: string) => Number(answer.split(" ")[1]);
const bodyOf = (answer: string) => answer.slice(answer.indexOf("\r\n\r\n") + 4);

async function listening(t: Awaited<ReturnType<typeof createTestApp>>) {
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return Number(new URL(address).port);
}

describe("request targets and Host headers no page can answer", () => {
  it("answers an absolute-form target with the page it names, from the cache like any other", async () => {
    const t = await createTestApp({ web: await tinyWeb(), env: { LOG_LEVEL: "silent" } });
    const port = await listening(t);
    const first = await sendRaw(port, "GET http://shop.example/prices HTTP/1.1\r\nHost: ignored.example\r\nConnection: close\r\n\r\n");
    expect(statusOf(first)).toBe(200);
    // Rendered for the URL the target names, whose authority replaces the Host header (RFC 9112 §3.2.2).
    expect(bodyOf(first)).toContain('"url":"http://shop.example/prices"');
    const again = await sendRaw(port, "GET /prices HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n");
    expect(again).toMatch(/\r\nx-page-cache: hit\r\n/i);
  });

  it("refuses `*` but for OPTIONS, and a malformed Host, with a 4xx and no stack trace", async () => {
    const t = await createTestApp({ web: await tinyWeb() });
    const port = await listening(t);
    const options = await sendRaw(port, "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(statusOf(options)).toBe(204);
    expect(options).toMatch(/\r\nallow: GET, HEAD, POST/i);
    const star = await sendRaw(port, "GET * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(statusOf(star)).toBe(400);
    expect(JSON.parse(bodyOf(star)).message).toMatch(/must be a path starting with \//);
    for (const host of ["bad host", "[::1", "x:99999", "a/b", ""]) {
      const answer = await sendRaw(port, `GET /prices HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(statusOf(answer), host).toBe(400);
      expect(JSON.parse(bodyOf(answer)).message, host).toMatch(/^The Host header is not a valid host name/);
    }
    for (const host of ["127.0.0.1:3000", "shop.example", "[::1]:8080", "pasal_web"]) {
      const answer = await sendRaw(port, `GET /prices HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(statusOf(answer), host).toBe(200);
    }
    // The same through inject, which skips the HTTP server.
    const injected = await t.app.inject({ method: "GET", url: "/prices", headers: { host: "bad host" } });
    expect(injected.statusCode).toBe(400);
  });
});

describe("the page cache and a random query string", () => {
  it("keeps one answer per page and the parameters it reads, and renders it without the others", async () => {
    const t = await createTestApp({ web: await tinyWeb() });
    const first = await t.app.inject({ method: "GET", url: "/prices?q=%20netflix%20&utm_source=chat&fbclid=x1" });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('"url":"http://localhost/prices?q=netflix"');
    // A query's page is kept from its second asking on (ADR 0125): queries nobody repeats never fill the cache.
    expect((await t.app.inject({ method: "GET", url: "/prices?q=netflix" })).headers["x-page-cache"]).toBe("miss");
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
    // Route discovery, which a browser asks for as links show up, renders nothing and is not held back.
    const discovery = await t.app.inject({ method: "GET", url: "/__manifest?paths=%2Fprices&version=test", remoteAddress });
    expect(discovery.statusCode).toBe(200);
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

describe("a crowd of pages the cache has not seen (ADR 0125)", () => {
  it(`renders ${RENDERS_AT_ONCE} at once with ${RENDERS_WAITING} waiting, and turns the rest away at once with 503, never a kept page, a checkout, an order page or the admin`, async () => {
    let entered = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const t = await createTestApp({
      seed: true,
      web: await tinyWeb({ pricesFirst: () => (entered++, held) }),
    });
    const kept = await t.app.inject({ method: "GET", url: "/" });
    expect(kept.statusCode).toBe(200);
    const cookie = await t.adminCookie();
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    const netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;

    // Renders held open in their loaders and more waiting for a place, from many addresses (no address's own limit is met).
    const rendering = Array.from({ length: RENDERS_AT_ONCE + RENDERS_WAITING }, (_, i) =>
      t.app.inject({ method: "GET", url: `/prices?q=held${i}`, remoteAddress: `198.51.100.${i + 1}` }),
    );
    await expect.poll(() => entered).toBe(RENDERS_AT_ONCE);
    // The rest reach the line once the address's own limit is counted (on PostgreSQL, a query each); the admin sees it.
    const instance = async () => (await t.app.inject({ method: "GET", url: "/api/admin/instance", headers: { cookie } })).json().instance;
    await expect
      .poll(async () => (await instance()).renders)
      .toEqual({
        underWay: RENDERS_AT_ONCE,
        waiting: RENDERS_WAITING,
        atOnce: RENDERS_AT_ONCE,
        waitingAtMost: RENDERS_WAITING,
      });
    expect(entered).toBe(RENDERS_AT_ONCE);

    const busy = await t.app.inject({ method: "GET", url: "/prices?q=one-more", remoteAddress: "198.51.100.200" });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers["retry-after"]).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(busy.headers["cache-control"]).toBe("no-store");
    expect(busy.body).toBe(`The shop is very busy right now. Please try again in ${BUSY_RETRY_AFTER_SECONDS} seconds.`);
    const nepali = await t.app.inject({ method: "GET", url: "/ne/prices?q=one-more", remoteAddress: "198.51.100.201" });
    expect(nepali.statusCode).toBe(503);
    expect(nepali.body).toBe("पसल अहिले धेरै व्यस्त छ। कृपया २ सेकेन्डपछि फेरि प्रयास गर्नुहोस्।");
    expect(entered).toBe(RENDERS_AT_ONCE);
    // Over the wire the server's door answers first: a page is turned away there, the API and the health checks never.
    const port = await listening(t);
    const atTheDoor = await fetch(`http://127.0.0.1:${port}/prices?q=at-the-door`);
    expect(atTheDoor.status).toBe(503);
    expect(atTheDoor.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(atTheDoor.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/prices?fresh=1`)).status).toBe(200);

    // What the page cache holds, against its most.
    const { pageCache, residentBytes } = await instance();
    expect(pageCache.pages).toBeGreaterThan(0);
    expect(pageCache.bytes).toBeGreaterThan(0);
    expect(pageCache.bytes).toBeLessThanOrEqual(pageCache.maxBytes);
    expect(residentBytes).toBeGreaterThan(0);

    // Meanwhile everything else goes on: a kept page, a checkout, an order page, an admin's page, a form.
    expect((await t.app.inject({ method: "GET", url: "/?from=chat" })).headers["x-page-cache"]).toBe("hit");
    const order = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp" },
      remoteAddress: "198.51.100.202",
    });
    expect(order.statusCode, order.body).toBe(201);
    expect((await t.app.inject({ method: "GET", url: new URL(order.json().orderUrl, "http://x").pathname })).statusCode).not.toBe(503);
    expect((await t.app.inject({ method: "GET", url: "/?for=admin", headers: { cookie } })).statusCode).toBe(200);

    release();
    for (const answer of await Promise.all(rendering)) expect(answer.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/prices?q=one-more", remoteAddress: "198.51.100.200" })).statusCode).toBe(200);

    // The admin is told, on the refusals banner's list, within seconds.
    await expect
      .poll(async () => (await t.app.inject({ method: "GET", url: "/api/admin/order-limits/refusals", headers: { cookie } })).json().items, {
        timeout: 15_000,
      })
      .toEqual([expect.objectContaining({ kind: "busy-pages", refused: 3 })]);
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

describe("connections", () => {
  it("holds a request's head 10 s and the whole request 30 s at most, as SECURITY.md says", async () => {
    const t = await createTestApp();
    expect(t.app.server.headersTimeout).toBe(10_000);
    expect(t.app.server.requestTimeout).toBe(30_000);
  });

  it(`caps the connections of one address at ${CONNECTIONS_PER_ADDRESS} when the shop is reached directly, not behind a proxy`, async () => {
    for (const [env, capped] of [
      [{ HOST: "0.0.0.0" }, true],
      [{ HOST: "0.0.0.0", TRUST_PROXY: "1" }, false],
    ] as const) {
      const t = await createTestApp({ env });
      const port = await listening(t);
      const sockets: net.Socket[] = [];
      try {
        for (let i = 0; i < CONNECTIONS_PER_ADDRESS; i++) {
          const socket = net.connect(port, "127.0.0.1");
          socket.on("error", () => undefined);
          sockets.push(socket);
          await new Promise((resolve) => socket.once("connect", resolve));
        }
        const answer = await sendRaw(port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        expect(statusOf(answer), JSON.stringify(env)).toBe(capped ? 503 : 200);
      } finally {
        for (const socket of sockets) socket.resetAndDestroy();
      }
    }
  });
});
