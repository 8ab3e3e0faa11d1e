import net from "node:net";
import zlib from "node:zlib";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { NOT_FOUND_LIMIT } from "../server/plugins/rate-limits";
import { seedDefaultContent } from "../server/db/seed";
import { ensureFirstAdmin } from "../server/modules/auth/first-admin";
import { createTestApp } from "./helpers/app";

describe("the API as a whole", () => {
  it("guards every /api route that does not opt out, and the opt-outs are exactly the public reads", async () => {
    const routes: Array<{ method: string; url: string; isPublic: boolean }> = [];
    const t = await createTestApp({
      seed: true,
      // Collects every route as it is registered, so a route added later is covered without editing this test.
      beforeRoutes: async (app) => {
        app.addHook("onRoute", (route) => {
          for (const method of [route.method].flat()) {
            if (method !== "HEAD") routes.push({ method, url: route.url, isPublic: route.config?.public === true });
          }
        });
      },
    });
    // `/api/*` only answers the JSON 404 of unknown API paths (see the next tests).
    const api = routes.filter((r) => r.url.startsWith("/api/") && r.url !== "/api/*");
    expect(api.length).toBeGreaterThanOrEqual(18);
    expect(
      api
        .filter((r) => r.isPublic)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(
      [
        "GET /api/admin/carousel",
        "GET /api/admin/logout",
        "GET /api/admin/update",
        "GET /api/admin/viewWhatsNewVideo",
        "GET /api/auth/me",
        "GET /api/carousel",
        "GET /api/openapi.json",
        "GET /api/prices",
        "GET /api/search",
        "POST /api/admin/login",
        "POST /api/auth/login",
        "POST /api/auth/logout",
        "POST /api/newsletter",
        "POST /api/orders",
        "POST /api/orders/quote",
        // A shopper's own order, opened by the key in its link (ADR 0075).
        "GET /api/orders/:reference",
        "POST /api/orders/:reference/paid",
        // Paying it online, by the same key; a gateway's return and the page's poll name only the attempt's own random id (ADR 0098).
        "POST /api/orders/:reference/pay/:gateway",
        // A Telegram deep link for the shopper who asks for updates, by the same key (ADR 0107).
        "POST /api/orders/:reference/telegram",
        // A problem reported on a delivered line, by the same key (ADR 0111).
        "POST /api/orders/:reference/problems",
        "GET /api/payments/:id",
        "GET /api/payments/:id/return",
        "GET /api/payments/:id/failed",
        // A customer's page of all their subscriptions, opened by the key of their customer link (ADR 0104).
        "GET /api/my/:key",
        // A Telegram deep link for all of that customer's orders, by the same key (ADR 0116).
        "POST /api/my/:key/telegram",
        // Telegram's servers bring the seller's bot its updates; each call carries the webhook's secret (ADR 0105).
        "POST /api/telegram/webhook",
      ].sort(),
    );
    // Admin-only like the rest, named so that the inventory notices one going missing: the audit log and hiding
    // an item from the shop (ADR 0100).
    expect(api.filter((r) => !r.isPublic).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(["GET /api/admin/audit", "PUT /api/prices/:id/hidden", "DELETE /api/prices/:name", "DELETE /api/admin/accounts/:id"]),
    );
    const before = (await t.app.inject({ method: "GET", url: "/api/prices" })).body;
    for (const route of api.filter((r) => !r.isPublic)) {
      const url = route.url.replace(/:[a-z]+/gi, "x");
      for (const cookie of [undefined, "pasal_session=forged"]) {
        const response = await t.app.inject({
          method: route.method as "GET",
          url,
          headers: cookie ? { cookie } : {},
          payload: route.method === "GET" || route.method === "DELETE" ? undefined : {},
        });
        expect(response.statusCode, `${route.method} ${url}`).toBe(401);
      }
    }
    expect((await t.app.inject({ method: "GET", url: "/api/prices" })).body).toBe(before);
  });

  it("describes itself in /api/openapi.json", async () => {
    const t = await createTestApp();
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      "/api/prices",
      "/api/prices/{id}",
      "/api/prices/{name}",
      "/api/admin/carousel/{id}",
      "/api/auth/login",
      "/api/admin/viewWhatsNewVideo",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths["/api/prices"].post.requestBody).toBeDefined();
  });

  it("answers unknown API paths with a JSON 404, whatever the method", async () => {
    const t = await createTestApp();
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await t.app.inject({ method, url: "/api/nothing-here/deeper" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ success: false, message: `Nothing here: ${method} /api/nothing-here/deeper` });
    }
  });

  it("guards an admin route however its path is spelled", async () => {
    const t = await createTestApp({ seed: true });
    for (const url of ["/%61pi/admin/orders", "/api/%61dmin/orders", "/api/admin/%6frders"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(401);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
    const before = (await t.app.inject({ method: "GET", url: "/api/prices" })).body;
    const created = await t.app.inject({
      method: "POST",
      url: "/%61pi/admin/admins",
      payload: { email: "intruder@evil.test", name: "X", password: "0123456789abc" },
    });
    expect(created.statusCode).toBe(401);
    expect(await t.app.services.auth.countAdmins()).toBe(1);
    expect((await t.app.inject({ method: "GET", url: "/api/prices" })).body).toBe(before);
  });

  it("refuses text containing a NUL character with 400 on every database, before it is stored or looked up", async () => {
    const t = await createTestApp({ seed: true });
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "a\u0000@b.c", password: "x" } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ success: false, errors: [{ field: "email" }] });
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    const order = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: {
        items: [{ _id: allPrices[0]._id, months: Number(Object.keys(allPrices[0].plans)[0]), devices: 1 }],
        channel: "whatsapp",
        name: "Ram\u0000",
      },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors).toEqual([{ field: "name", message: "Remove the NUL character" }]);
    const cookie = await t.adminCookie();
    const search = await t.app.inject({ method: "GET", url: "/api/admin/orders?q=%00", headers: { cookie } });
    expect(search.statusCode).toBe(400);
    expect(await t.database.db.selectFrom("orders").selectAll().execute()).toHaveLength(0);
  });

  it("refuses text/plain and form bodies with 415, and broken JSON with 400", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/prices",
        headers: { cookie, "content-type": contentType },
        payload: "Name=x",
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().message).toMatch(/JSON/);
    }
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/prices",
      headers: { cookie, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ success: false, message: "The request body is not valid JSON" });
  });

  it("refuses a body over the size limit with 413", async () => {
    const t = await createTestApp();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/prices",
      headers: { cookie: await t.adminCookie(), "content-type": "application/json" },
      payload: JSON.stringify({ Info: "x".repeat(300 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().success).toBe(false);
  });

  it("refuses writes that a browser marks as cross-site with 403, and changes nothing", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const payload = { image: "/a.svg", title: "t", description: "d" };
    const foreignOrigin = await t.app.inject({
      method: "POST",
      url: "/api/admin/carousel",
      headers: { cookie, origin: "https://evil.example" },
      payload,
    });
    expect(foreignOrigin.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/admin/carousel",
      headers: { cookie, "sec-fetch-site": "cross-site" },
      payload,
    });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: "POST",
      url: "/api/admin/carousel",
      headers: { cookie, origin: "http://localhost:3000", host: "localhost:3000", "sec-fetch-site": "same-origin" },
      payload,
    });
    expect(sameOrigin.statusCode).toBe(201);
    expect((await t.app.inject({ method: "GET", url: "/api/carousel" })).json()).toHaveLength(1);
  });

  it("reports health 200 with the database and 503 without", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    await t.database.close();
    const down = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(down.statusCode).toBe(503);
  });

  it("reports health 503 when the database answers but Pasal's tables cannot be read", async () => {
    const t = await createTestApp();
    await sql`alter table orders rename to orders_elsewhere`.execute(t.database.db);
    const down = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: "unavailable" });
  });

  it("reports readiness 200 while it takes requests and its database answers, 503 while starting, once stopping or without the database", async () => {
    const t = await createTestApp();
    // As server/start.ts has it from listening until the first admin exists.
    t.app.lifecycle.starting = true;
    const starting = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ status: "starting" });
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    t.app.lifecycle.starting = false;
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
    expect(ready.headers["cache-control"]).toBe("no-store");
    t.app.lifecycle.stopping = true;
    const stopping = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toEqual({ status: "stopping" });
    // Still alive while it drains.
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    t.app.lifecycle.stopping = false;
    await t.database.close();
    const down = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: "unavailable" });
  });

  it("answers every response with a request id", async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: "GET", url: "/api/prices" });
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("seeding and the first admin", () => {
  it("seeds once; what the admin deletes stays deleted", async () => {
    const t = await createTestApp({ seed: true });
    const cookie = await t.adminCookie();
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    const victim = allPrices[0];
    await t.app.inject({ method: "DELETE", url: `/api/prices/${encodeURIComponent(victim.Name)}`, headers: { cookie } });
    expect(await seedDefaultContent(t.database.db, () => new Date())).toBe(false);
    const after = (await t.app.inject({ method: "GET", url: "/api/prices" })).json().allPrices;
    expect(after).toHaveLength(allPrices.length - 1);
  });

  it("creates the first admin from the configuration, or with a generated password, only when there is none", async () => {
    const t = await createTestApp();
    expect(await ensureFirstAdmin(t.app.services.auth, { email: "x@y.z", password: "0123456789" })).toBeNull();
    await t.database.db.deleteFrom("admin_users").execute();
    const generated = await ensureFirstAdmin(t.app.services.auth, { email: undefined, password: undefined });
    expect(generated?.email).toBe("admin@pasal.local");
    expect(generated?.generatedPassword?.length).toBeGreaterThanOrEqual(16);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: generated!.email, password: generated!.generatedPassword },
    });
    expect(login.statusCode).toBe(200);
    // Without a name the shop would have to make up ("Admin marked it paid"): the first sign-in asks for it.
    expect(login.json()).toEqual({ name: "", email: "admin@pasal.local" });
    const cookie = login.headers["set-cookie"]!.toString().split(";")[0]!;
    const name = (payload: object) => t.app.inject({ method: "PUT", url: "/api/auth/me", payload, headers: { cookie, origin: "http://localhost" } });
    const blank = await name({ name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Your name is required");
    expect((await name({ name: " Sita Rai " })).json()).toEqual({ name: "Sita Rai", email: "admin@pasal.local" });
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).json()).toEqual({
      name: "Sita Rai",
      email: "admin@pasal.local",
    });
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/auth/me", payload: { name: "X" }, headers: { origin: "http://localhost" } })).statusCode,
    ).toBe(401);
  });
});

describe("limits", () => {
  it(`answers unknown paths 404, and 429 after ${NOT_FOUND_LIMIT.max} a minute from one address`, async () => {
    const t = await createTestApp();
    for (let i = 0; i < NOT_FOUND_LIMIT.max; i++) {
      expect((await t.app.inject({ method: "GET", url: `/api/probe-${i}`, remoteAddress: "192.0.2.44" })).statusCode).toBe(404);
    }
    const refused = await t.app.inject({ method: "GET", url: "/api/probe-more", remoteAddress: "192.0.2.44" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests for unknown paths/);
    expect((await t.app.inject({ method: "GET", url: "/api/prices", remoteAddress: "192.0.2.44" })).statusCode).toBe(200);
  });

  it("keeps serving while a client sends a request slowly and never finishes it", async () => {
    const t = await createTestApp({ seed: true });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    try {
      socket.write(
        'POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
      );
      const started = Date.now();
      const response = await fetch(`${address}/api/prices`);
      expect(response.status).toBe(200);
      // Read to the end, so the server is done writing it when the app closes.
      expect((await response.json()).allPrices.length).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      // A reset, so the server drops the unfinished request at once: closing the app waits for every open
      // request, and a polite close was sometimes only noticed at the request timeout.
      socket.resetAndDestroy();
      await new Promise((resolve) => socket.once("close", resolve));
    }
  });
});

describe("transfer", () => {
  it("compresses JSON with brotli or gzip, and answers 304 when the shopper already has the list", async () => {
    const t = await createTestApp({ seed: true });
    const plain = await t.app.inject({ method: "GET", url: "/api/prices" });
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);

    const br = await t.app.inject({ method: "GET", url: "/api/prices", headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await t.app.inject({ method: "GET", url: "/api/prices", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");

    const again = await t.app.inject({ method: "GET", url: "/api/prices", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    // An edit changes the list, and with it the ETag.
    const cookie = await t.adminCookie();
    const item = plain.json().allPrices[0];
    await t.app.inject({ method: "DELETE", url: `/api/prices/${encodeURIComponent(item.Name)}`, headers: { cookie } });
    const changed = await t.app.inject({ method: "GET", url: "/api/prices", headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
