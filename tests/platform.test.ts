import net from "node:net";
import zlib from "node:zlib";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { NOT_FOUND_LIMIT } from "../server/plugins/rate-limits";
import { seedDefaultContent } from "../server/db/seed";
import { ensureFirstAdmin } from "../server/modules/auth/first-admin";
import { addDays, shopToday } from "../domain/ledger/settings";
import { createTestApp, TEST_ADMIN } from "./helpers/app";
import { alike, itemId, placeOrder, screenWrite, sideOf, type Side, type WriteCase } from "./helpers/admin-writes";

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
        // The original client's "What's New to Watch", the home page's list in the movie database's shape.
        "GET /api/whatToWatch",
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
        // A holder's Netflix code from their seat's account's mailbox, by the same key (ADR 0126).
        "POST /api/orders/:reference/provider-code",
        "GET /api/payments/:id",
        "GET /api/payments/:id/return",
        "GET /api/payments/:id/failed",
        // A customer's page of all their subscriptions, opened by the key of their customer link (ADR 0104).
        "GET /api/my/:key",
        // A Telegram deep link for all of that customer's orders, by the same key (ADR 0116).
        "POST /api/my/:key/telegram",
        // Paying an order of theirs from their store credit, by the same key, never by a phone typed (ADR 0127).
        "POST /api/my/:key/orders/:reference/credit",
        // Setting a subscription of theirs to renew itself from that credit, by the same key (ADR 0127).
        "POST /api/my/:key/lines/:lineId/auto-renew",
        // Topping that credit up online, by the same key; proved as any payment is (ADR 0098, 0127).
        "POST /api/my/:key/top-up/:gateway",
        // Telegram's servers bring the seller's bot its updates; each call carries the webhook's secret (ADR 0105).
        "POST /api/telegram/webhook",
      ].sort(),
    );
    // Admin-only like the rest, named so that the inventory notices one going missing: the audit log and hiding
    // an item from the shop (ADR 0100).
    expect(api.filter((r) => !r.isPublic).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        "GET /api/admin/audit",
        "PUT /api/prices/:id/hidden",
        "DELETE /api/prices/:name",
        "DELETE /api/admin/accounts/:id",
        "GET /api/admin/instance",
      ]),
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

const today = () => shopToday(new Date());
const account = {
  service: "Netflix Premium",
  login: "answers@example.com",
  password: "account-password-1",
  seats: [{ profileName: "Mum", pin: "1010" }, { profileName: "Dad" }],
  cost: 1500,
  billingCycle: "monthly",
};
const withItems = async (side: Side, fields: object) => ({ ...fields, itemIds: [await itemId(side, "Netflix Premium")] });
const price = {
  Name: "Answer Test",
  Id: "900",
  ImageId: "/images/catalogue/netflix-premium.svg",
  Category: "OTT",
  Info: "4K",
  plans: { "1": 300 },
  Note: "",
  Status: "Shared",
  SpecialLink: "/prices/Answer%20Test",
};
const item = async (side: Side, name: string) =>
  ((await side.get("/api/prices")).allPrices as Array<{ _id: string; Name: string; version: number }>).find((i) => i.Name === name);
const order = async (side: Side, name: string) =>
  (await side.get(`/api/admin/orders/${side.known[name]}`)).order as { version: number; lines: Array<{ id: string }> };
const accountOf = async (side: Side) =>
  (await side.get(`/api/admin/accounts/${side.known.account}`)).account as { version: number; renewalDate: string };
const problem = async (side: Side) => ((await side.get("/api/admin/problems")).items as Array<{ id: string; version: number }>)[0]!;
const listed = async (side: Side, url: string, key = "items") => (await side.get(url))[key] as Array<{ _id: string; version: number }>;
const slide = { image: "https://example.com/dashain.png", title: "Dashain sale", description: "Up to 20% off" };
const update = { Title: "New plans", Description: "Yearly plans are here", ImageUrl: "https://example.com/plans.png" };
const method = { kind: "bank", name: "Nabil Bank", account: "0123456789", holder: "Pasal Pvt Ltd" };
const helper = { email: "helper@pasal.test", name: "Helper", password: "another long password" };
const body = (method: InjectMethod, url: string, payload?: object) => ({ method, url, payload });
type InjectMethod = "GET" | "POST" | "PUT" | "DELETE";
const settingsCase = (intent: string, url: string): WriteCase => ({
  name: `saves the ${intent} settings`,
  screen: "settings",
  quiet: true,
  api: async (side) => body("PUT", url, (await side.get(url)).data as object),
  form: async (side) => {
    const { data, version } = await side.get(url);
    return { intent, version, fields: data };
  },
  read: (side) => side.get(url),
});

/** Every admin write that has both a screen's action and an API route, in an order where each finds what it needs. */
const WRITES: WriteCase[] = [
  {
    name: "adds a catalogue item",
    screen: "prices",
    api: () => body("POST", "/api/prices", price),
    form: () => ({ intent: "create", fields: price }),
    read: (side) => item(side, "Answer Test"),
  },
  {
    name: "corrects it",
    screen: "prices",
    api: async (side) => body("PUT", `/api/prices/${(await item(side, "Answer Test"))!._id}`, { ...price, Info: "HD" }),
    form: async (side) => {
      const { _id, version } = (await item(side, "Answer Test"))!;
      return { intent: "update", id: _id, version, fields: { ...price, Info: "HD" } };
    },
    read: (side) => item(side, "Answer Test"),
    learn: async (side) => void (side.known.item = (await item(side, "Answer Test"))!._id),
  },
  {
    name: "hides it",
    screen: "prices",
    api: (side) => body("PUT", `/api/prices/${side.known.item}/hidden`, { hidden: true }),
    form: (side) => ({ intent: "hidden", id: side.known.item, hidden: true }),
    read: (side) => item(side, "Answer Test"),
  },
  {
    name: "shows it again",
    screen: "prices",
    api: (side) => body("PUT", `/api/prices/${side.known.item}/hidden`, { hidden: false }),
    form: (side) => ({ intent: "hidden", id: side.known.item, hidden: false }),
    read: (side) => item(side, "Answer Test"),
  },
  {
    name: "deletes it",
    screen: "prices",
    api: () => body("DELETE", "/api/prices/Answer%20Test"),
    form: () => ({ intent: "delete", name: "Answer Test" }),
    read: (side) => item(side, "Answer Test"),
  },
  {
    name: "adds a provider account",
    screen: "accounts",
    api: async (side) => body("POST", "/api/admin/accounts", await withItems(side, { ...account, renewalDate: addDays(today(), 60) })),
    form: async (side) => ({ intent: "create", fields: await withItems(side, { ...account, renewalDate: addDays(today(), 60) }) }),
    learn: async (side) => void (side.known.account = (await listed(side, "/api/admin/accounts"))[0]!._id),
  },
  {
    name: "saves the account",
    screen: "accounts",
    api: async (side) =>
      body(
        "PUT",
        `/api/admin/accounts/${side.known.account}`,
        await withItems(side, { ...account, notes: "Family plan", renewalDate: addDays(today(), 60) }),
      ),
    form: async (side) => ({
      intent: "update",
      id: side.known.account,
      version: (await accountOf(side)).version,
      fields: await withItems(side, { ...account, notes: "Family plan", renewalDate: addDays(today(), 60) }),
    }),
    read: (side) => side.get(`/api/admin/accounts/${side.known.account}`),
  },
  {
    name: "marks its bill paid",
    screen: "accounts",
    api: async (side) => body("POST", `/api/admin/accounts/${side.known.account}/bill-paid`, { renewalDate: (await accountOf(side)).renewalDate }),
    form: async (side) => ({ intent: "bill-paid", id: side.known.account, fields: { renewalDate: (await accountOf(side)).renewalDate } }),
    read: accountOf,
  },
  {
    name: "sets a stock threshold",
    screen: "accounts",
    api: async (side) => body("PUT", "/api/admin/stock-thresholds", { itemId: await itemId(side, "Netflix Premium"), threshold: 2 }),
    form: async (side) => ({ intent: "threshold", fields: { itemId: await itemId(side, "Netflix Premium"), threshold: 2 } }),
    read: async (side) => (await item(side, "Netflix Premium"))!,
  },
  {
    name: "imports licence keys, saying which lines it left",
    screen: "accounts",
    api: async (side) => body("POST", "/api/admin/keys/import", { itemId: await itemId(side, "Windows 11 Pro Key"), text: "WIN-A\n\nWIN-A\nWIN-B" }),
    form: async (side) => ({
      intent: "import-keys",
      fields: { itemId: await itemId(side, "Windows 11 Pro Key"), text: "WIN-A\n\nWIN-A\nWIN-B", cost: 0 },
    }),
    read: (side) => side.get("/api/admin/keys"),
  },
  {
    name: "records a new account password",
    screen: "account",
    params: (side) => ({ id: side.known.account! }),
    api: (side) => body("POST", `/api/admin/accounts/${side.known.account}/secret-change`, { what: "password", value: "account-password-2" }),
    form: () => ({ intent: "change-secret", fields: { what: "password", value: "account-password-2" } }),
    read: (side) => side.get(`/api/admin/accounts/${side.known.account}/notices`),
  },
  {
    name: "delivers an order",
    screen: "orders",
    before: (side) => placeOrder(side, "keyed", "Windows 11 Pro Key", "9800000001"),
    api: (side) => body("POST", `/api/admin/orders/${side.known.keyed}/status`, { status: "delivered" }),
    form: (side) => ({ intent: "status", reference: side.known.keyed, fields: { status: "delivered" } }),
    read: (side) => order(side, "keyed"),
    learn: async (side) => void (side.known.keyedLine = (await order(side, "keyed")).lines[0]!.id),
  },
  {
    name: "takes a key from stock for its line",
    screen: "orders",
    api: (side) => body("POST", `/api/admin/lines/${side.known.keyedLine}/key`),
    form: (side) => ({ intent: "key", lineId: side.known.keyedLine }),
    read: (side) => side.get(`/api/admin/lines/${side.known.keyedLine}/seat`),
  },
  {
    name: "saves the order's details",
    screen: "orders",
    api: (side) => body("PUT", `/api/admin/orders/${side.known.keyed}/details`, { customerName: "Sita Devi", phone: "9800000001", note: "Called" }),
    form: async (side) => ({
      intent: "details",
      reference: side.known.keyed,
      version: (await order(side, "keyed")).version,
      fields: { customerName: "Sita Devi", phone: "9800000001", note: "Called" },
    }),
    read: (side) => order(side, "keyed"),
  },
  {
    name: "corrects a line's start",
    screen: "orders",
    api: (side) => body("PUT", `/api/admin/orders/${side.known.keyed}/lines/${side.known.keyedLine}/start`, { startDate: addDays(today(), -1) }),
    form: (side) => ({ intent: "start", reference: side.known.keyed, lineId: side.known.keyedLine, fields: { startDate: addDays(today(), -1) } }),
    read: (side) => order(side, "keyed"),
  },
  {
    name: "puts a line on a seat",
    screen: "orders",
    before: async (side) => {
      await placeOrder(side, "seated", "Netflix Premium", "9800000002");
      await side.api(body("POST", `/api/admin/orders/${side.known.seated}/status`, { status: "delivered" }));
      side.known.seatedLine = (await order(side, "seated")).lines[0]!.id;
    },
    api: async (side) =>
      body("PUT", `/api/admin/lines/${side.known.seatedLine}/seat`, {
        seatId: ((await side.get(`/api/admin/lines/${side.known.seatedLine}/seats`)).seats as Array<{ seatId: string }>)[0]!.seatId,
      }),
    form: async (side) => ({
      intent: "seat",
      lineId: side.known.seatedLine,
      seatId: ((await side.get(`/api/admin/lines/${side.known.seatedLine}/seats`)).seats as Array<{ seatId: string }>)[0]!.seatId,
    }),
    read: (side) => side.get(`/api/admin/lines/${side.known.seatedLine}/seat`),
  },
  {
    name: "frees the seat",
    screen: "orders",
    api: (side) => body("DELETE", `/api/admin/lines/${side.known.seatedLine}/seat`),
    form: (side) => ({ intent: "seat-free", lineId: side.known.seatedLine }),
    read: (side) => side.get(`/api/admin/lines/${side.known.seatedLine}/seat`),
  },
  {
    name: "cancels orders as spam, saying which it left",
    screen: "orders",
    before: (side) => placeOrder(side, "spam", "Netflix Premium", "9800000003"),
    api: (side) => body("POST", "/api/admin/orders/spam", { references: [side.known.spam, side.known.keyed] }),
    form: (side) => ({ intent: "spam", fields: { references: [side.known.spam, side.known.keyed] } }),
    read: (side) => order(side, "spam"),
  },
  {
    name: "hides the refusals notice",
    screen: "orders",
    api: () => body("POST", "/api/admin/order-limits/refusals/hide"),
    form: () => ({ intent: "refusals-hide" }),
    read: (side) => side.get("/api/admin/order-limits/refusals"),
  },
  {
    name: "notes a renewal reminder",
    screen: "renewals",
    quiet: true,
    api: (side) => body("POST", `/api/admin/renewals/${side.known.keyedLine}/remind`),
    form: (side) => ({ intent: "remind", lineId: side.known.keyedLine }),
    read: (side) => side.get("/api/admin/renewals?days=31"),
  },
  {
    name: "renews a line",
    screen: "renewals",
    api: (side) => body("POST", `/api/admin/renewals/${side.known.keyedLine}`),
    form: (side) => ({ intent: "renew", lineId: side.known.keyedLine }),
    learn: async (side) => void (side.known.renewal = ((await side.get("/api/admin/orders")).items as Array<{ reference: string }>)[0]!.reference),
    read: (side) => order(side, "renewal"),
  },
  {
    name: "answers a shopper's problem",
    screen: "problems",
    before: async (side) => {
      const reported = await side.t.app.inject(
        body("POST", `/api/orders/${side.known.keyed}/problems`, {
          key: side.known["keyed-key"],
          lineId: side.known.keyedLine,
          kind: "not-working",
          text: "Blocked key",
        }),
      );
      expect(reported.statusCode, reported.body).toBe(201);
      side.known.problem = (await problem(side)).id;
    },
    api: async (side) =>
      body("POST", `/api/admin/problems/${side.known.problem}/answer`, { version: (await problem(side)).version, text: "Try again now" }),
    form: async (side) => ({ intent: "answer", id: side.known.problem, fields: { version: (await problem(side)).version, text: "Try again now" } }),
    read: (side) => side.get("/api/admin/problems"),
  },
  ...(["resolve", "reopen"] as const).map((intent) => ({
    name: `${intent}s it`,
    screen: "problems" as const,
    api: async (side: Side) => body("POST", `/api/admin/problems/${side.known.problem}/${intent}`, { version: (await problem(side)).version }),
    form: async (side: Side) => ({ intent, id: side.known.problem, fields: { version: (await problem(side)).version } }),
    read: (side: Side) => side.get("/api/admin/problems"),
  })),
  {
    name: "adds a coupon, named as stored",
    screen: "coupons",
    api: () => body("POST", "/api/admin/coupons", { code: "spring 10", kind: "percent", amount: 10 }),
    form: () => ({ intent: "create", fields: { code: "spring 10", kind: "percent", amount: 10 } }),
    read: (side) => listed(side, "/api/admin/coupons"),
  },
  {
    name: "saves the coupon",
    screen: "coupons",
    api: async (side) =>
      body("PUT", `/api/admin/coupons/${(await listed(side, "/api/admin/coupons"))[0]!._id}`, { code: "spring10", kind: "percent", amount: 15 }),
    form: async (side) => {
      const [coupon] = await listed(side, "/api/admin/coupons");
      return { intent: "update", id: coupon!._id, version: coupon!.version, fields: { code: "spring10", kind: "percent", amount: 15 } };
    },
    read: (side) => listed(side, "/api/admin/coupons"),
  },
  {
    name: "saves the referral credit",
    screen: "coupons",
    quiet: true,
    api: () => body("PUT", "/api/admin/referrals/settings", { creditAmount: 50 }),
    form: () => ({ intent: "referral-credit", fields: { creditAmount: 50 } }),
    read: (side) => side.get("/api/admin/referrals/settings"),
  },
  {
    name: "blocks a phone",
    screen: "blocklist",
    api: () => body("POST", "/api/admin/blocklist", { phone: "981-1111111", reason: "Spam" }),
    form: () => ({ intent: "block", fields: { phone: "981-1111111", reason: "Spam" } }),
    read: (side) => side.get("/api/admin/blocklist"),
  },
  {
    name: "unblocks it",
    screen: "blocklist",
    api: () => body("DELETE", "/api/admin/blocklist/9811111111"),
    form: () => ({ intent: "unblock", phone: "9811111111" }),
    read: (side) => side.get("/api/admin/blocklist"),
  },
  {
    name: "adds a slide",
    screen: "carousel",
    quiet: true,
    api: () => body("POST", "/api/admin/carousel", slide),
    form: () => ({ intent: "create", fields: slide }),
    read: (side) => side.get("/api/carousel"),
  },
  {
    name: "updates the slide",
    screen: "carousel",
    quiet: true,
    before: async (side) =>
      void (side.known.slide = ((await side.t.app.inject({ url: "/api/carousel" })).json() as Array<{ _id: string; title: string }>).find(
        (s) => s.title === slide.title,
      )!._id),
    api: (side) => body("PUT", `/api/admin/carousel/${side.known.slide}`, { ...slide, badge: "New" }),
    form: async (side) => ({
      intent: "update",
      id: side.known.slide,
      version: ((await side.t.app.inject({ url: "/api/carousel" })).json() as Array<{ _id: string; version: number }>).find(
        (s) => s._id === side.known.slide,
      )!.version,
      fields: { ...slide, badge: "New" },
    }),
    read: (side) => side.get("/api/carousel"),
  },
  {
    name: "deletes the slide",
    screen: "carousel",
    api: (side) => body("DELETE", `/api/admin/carousel/${side.known.slide}`),
    form: (side) => ({ intent: "delete", id: side.known.slide }),
    read: (side) => side.get("/api/carousel"),
  },
  {
    name: "posts an update",
    screen: "updates",
    api: () => body("POST", "/api/admin/addNewUpdates", update),
    form: () => ({ intent: "create", fields: update }),
    read: (side) => side.get("/api/admin/update"),
  },
  {
    name: "corrects the update",
    screen: "updates",
    before: async (side) => void (side.known.update = ((await side.get("/api/admin/update")).data as Array<{ _id: string }>)[0]!._id),
    api: (side) => body("PUT", `/api/admin/updates/${side.known.update}`, { ...update, Title: "Yearly plans" }),
    form: async (side) => ({
      intent: "update",
      id: side.known.update,
      version: ((await side.get("/api/admin/update")).data as Array<{ version: number }>)[0]!.version,
      fields: { ...update, Title: "Yearly plans" },
    }),
    read: (side) => side.get("/api/admin/update"),
  },
  {
    name: "deletes the update",
    screen: "updates",
    api: (side) => body("DELETE", `/api/admin/updates/${side.known.update}`),
    form: (side) => ({ intent: "delete", id: side.known.update }),
    read: (side) => side.get("/api/admin/update"),
  },
  {
    name: "adds a video",
    screen: "videos",
    api: () => body("POST", "/api/admin/addWhatsNewVideo", { Name: "The Trailer", Platform: "Netflix", TrailerLink: "https://example.com/trailer" }),
    form: () => ({ intent: "create", fields: { Name: "The Trailer", Platform: "Netflix", TrailerLink: "https://example.com/trailer" } }),
    read: (side) => side.get("/api/admin/viewWhatsNewVideo"),
  },
  {
    name: "deletes the video",
    screen: "videos",
    before: async (side) => void (side.known.video = (await listed(side, "/api/admin/viewWhatsNewVideo"))[0]!._id),
    api: (side) => body("POST", "/api/admin/deleteWhatsNewVideo", { _id: side.known.video }),
    form: (side) => ({ intent: "delete", id: side.known.video }),
    read: (side) => side.get("/api/admin/viewWhatsNewVideo"),
  },
  {
    name: "saves a customer's details",
    screen: "customer",
    params: () => ({ phone: "9800000002" }),
    api: () => body("PUT", "/api/admin/customers/9800000002", { displayName: "Sita D", note: "Prefers WhatsApp" }),
    form: async (side) => ({
      intent: "details",
      version: ((await side.get("/api/admin/customers/9800000002")).customer as { version: number }).version,
      fields: { displayName: "Sita D", note: "Prefers WhatsApp" },
    }),
    read: (side) => side.get("/api/admin/customers/9800000002"),
  },
  {
    name: "makes a new customer link",
    screen: "customer",
    params: () => ({ phone: "9800000002" }),
    api: () => body("POST", "/api/admin/customers/9800000002/link"),
    form: () => ({ intent: "new-link" }),
    read: (side) => side.get("/api/admin/customers/9800000002/link"),
  },
  {
    name: "revokes it",
    screen: "customer",
    params: () => ({ phone: "9800000002" }),
    api: () => body("DELETE", "/api/admin/customers/9800000002/link"),
    form: () => ({ intent: "revoke-link" }),
    read: (side) => side.get("/api/admin/customers/9800000002/link"),
  },
  {
    name: "adds a payment method",
    screen: "settings",
    api: () => body("POST", "/api/admin/payment-methods", method),
    form: () => ({ intent: "payment-method-add", fields: method }),
    read: (side) => side.get("/api/admin/payment-methods"),
  },
  {
    name: "saves the payment method",
    screen: "settings",
    before: async (side) => void (side.known.method = (await listed(side, "/api/admin/payment-methods")).at(-1)!._id),
    api: (side) => body("PUT", `/api/admin/payment-methods/${side.known.method}`, { ...method, note: "Any branch" }),
    form: async (side) => ({
      intent: "payment-method-save",
      id: side.known.method,
      version: (await listed(side, "/api/admin/payment-methods")).at(-1)!.version,
      fields: { ...method, note: "Any branch" },
    }),
    read: (side) => side.get("/api/admin/payment-methods"),
  },
  {
    name: "reorders the payment methods",
    screen: "settings",
    quiet: true,
    api: async (side) =>
      body("PUT", "/api/admin/payment-methods/order", { ids: (await listed(side, "/api/admin/payment-methods")).map((m) => m._id).reverse() }),
    form: async (side) => ({ intent: "payment-methods-order", ids: (await listed(side, "/api/admin/payment-methods")).map((m) => m._id).reverse() }),
    read: (side) => side.get("/api/admin/payment-methods"),
  },
  {
    name: "deletes the payment method",
    screen: "settings",
    api: (side) => body("DELETE", `/api/admin/payment-methods/${side.known.method}`),
    form: (side) => ({ intent: "payment-method-delete", id: side.known.method }),
    read: (side) => side.get("/api/admin/payment-methods"),
  },
  settingsCase("shop", "/api/admin/settings"),
  settingsCase("order-limits", "/api/admin/settings/order-limits"),
  settingsCase("ledger", "/api/admin/settings/ledger"),
  settingsCase("store-credit", "/api/admin/settings/store-credit"),
  {
    name: "removes the Telegram bot",
    screen: "settings",
    api: () => body("DELETE", "/api/admin/telegram"),
    form: () => ({ intent: "telegram-remove" }),
    read: (side) => side.get("/api/admin/telegram"),
  },
  {
    name: "names the admin",
    screen: "settings",
    quiet: true,
    api: () => body("PUT", "/api/auth/me", { name: "Asha" }),
    form: () => ({ intent: "name", fields: { name: "Asha" } }),
    read: (side) => side.get("/api/auth/me"),
  },
  {
    name: "adds an admin",
    screen: "settings",
    api: () => body("POST", "/api/admin/admins", helper),
    form: () => ({ intent: "add-admin", fields: helper }),
    read: (side) => side.get("/api/admin/admins"),
  },
  {
    name: "removes the admin",
    screen: "settings",
    api: () => body("DELETE", `/api/admin/admins/${helper.email}`),
    form: () => ({ intent: "remove-admin", email: helper.email }),
    read: (side) => side.get("/api/admin/admins"),
  },
  {
    name: "retires the account that held a customer",
    screen: "accounts",
    api: (side) => body("DELETE", `/api/admin/accounts/${side.known.account}`),
    form: (side) => ({ intent: "delete", id: side.known.account }),
    read: accountOf,
  },
  {
    name: "changes the admin's own password",
    screen: "settings",
    api: () => body("POST", "/api/auth/password", { currentPassword: TEST_ADMIN.password, newPassword: "a brand new password" }),
    form: () => ({
      intent: "password",
      fields: { currentPassword: TEST_ADMIN.password, newPassword: "a brand new password", confirmPassword: "a brand new password" },
    }),
    read: (side) => side.get("/api/auth/me"),
  },
];

describe("an admin write answers alike through the API and the screen (ADR 0124)", () => {
  it("says the same and stores the same, for every write both have", async () => {
    // Two databases set up alike: the API writes on one, the screen's action on the other.
    const [api, screen] = await Promise.all([createTestApp({ seed: true }), createTestApp({ seed: true })].map(async (made) => sideOf(await made)));
    for (const write of WRITES) {
      await write.before?.(api!);
      await write.before?.(screen!);
      const sent = await api!.api(await write.api(api!));
      expect(sent.status, `${write.name}, API: ${JSON.stringify(sent.body)}`).toBeLessThan(300);
      const shown = await screenWrite(screen!, write.screen, write.params?.(screen!) ?? {}, await write.form(screen!));
      expect(shown, `${write.name}, screen`).toMatchObject({ status: 200, ok: true });
      await write.learn?.(api!);
      await write.learn?.(screen!);
      if (!write.quiet) expect(alike(shown.message, screen!.known), write.name).toBe(alike(sent.body.message, api!.known));
      else expect(sent.body.message, `${write.name}: the API's answer has no message`).toBeUndefined();
      if (write.read) expect(alike(await write.read(screen!), screen!.known), write.name).toEqual(alike(await write.read(api!), api!.known));
    }
  });
});
