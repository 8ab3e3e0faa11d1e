import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../server/db/database";
import { SESSION_IDLE_MS } from "../server/modules/auth/service";
import { createTestApp, loginAs, TEST_ADMIN, type TestApp } from "./helpers/app";

/** `serverCaller`: called by another service's servers, not a browser; it proves itself another way. */
type Route = { method: string; url: string; isPublic: boolean; checksOrigin: boolean; serverCaller: boolean };

/** A site allowed to call the API with credentials (CORS_ORIGINS): being listed must open nothing else. */
const LISTED_ORIGIN = "https://client.example";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Sessions come and go with sign-ins and expiry, and limits count refused requests too (on PostgreSQL, in
 * these tables); everything else must stay exactly as it was.
 */
const VOLATILE_TABLES = new Set(["sessions", "limit_windows", "limit_events"]);

/** Every row of every table of this test's database (found by introspection, so new tables count too). */
async function snapshot(database: Database): Promise<string> {
  const schema =
    database.dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]!.schema
      : undefined;
  const tables = (await database.db.introspection.getTables()).filter(
    (table) => (schema === undefined || table.schema === schema) && !VOLATILE_TABLES.has(table.name),
  );
  const dump: Record<string, string[]> = {};
  for (const table of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const rows = await database.db
      .selectFrom(table.name as "settings")
      .selectAll()
      .execute();
    dump[table.name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  expect(Object.keys(dump)).toContain("orders");
  return JSON.stringify(dump);
}

/** A server with the default content and one order, whose every route is recorded as it is registered. */
async function appWithRoutes(clock?: () => Date) {
  const routes: Route[] = [];
  const t = await createTestApp({
    seed: true,
    clock,
    env: { CORS_ORIGINS: LISTED_ORIGIN },
    beforeRoutes: async (app) => {
      app.addHook("onRoute", (route) => {
        for (const method of [route.method].flat()) {
          if (method !== "HEAD") {
            routes.push({
              method,
              url: route.url,
              isPublic: route.config?.public === true,
              checksOrigin: route.config?.checkOrigin === true,
              serverCaller: route.config?.serverCaller === true,
            });
          }
        }
      });
    },
  });
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  const order = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: allPrices[0]._id, months: Number(Object.keys(allPrices[0].plans)[0]), devices: 1 }], channel: "whatsapp" },
  });
  expect(order.statusCode, order.body).toBe(201);
  return { t, api: routes.filter((route) => route.url.startsWith("/api/")) };
}

const concrete = (url: string) => url.replace(/:[a-z]+/gi, "x");

function send(t: TestApp, route: Route, headers: Record<string, string>, payload?: string) {
  return t.app.inject({
    method: route.method as "GET",
    url: concrete(route.url),
    headers: { ...(payload === undefined ? {} : { "content-type": "application/json" }), ...headers },
    payload,
  });
}

describe("route inventory", () => {
  it("answers 401 on every guarded route without a valid session, and changes nothing", async () => {
    let now = Date.parse("2026-11-22T06:00:00.000Z");
    const { t, api } = await appWithRoutes(() => new Date(now));
    const guarded = api.filter((route) => !route.isPublic);
    expect(guarded.length).toBeGreaterThanOrEqual(28);

    // An expired session: signed in, then idle for longer than allowed.
    const expired = await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    now += SESSION_IDLE_MS + 60_000;
    // A logged-out session: signed in and out again.
    const loggedOut = await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: loggedOut } })).statusCode).toBe(200);
    const sessions = {
      "no cookie": undefined,
      "a forged cookie": `pasal_session=${"A".repeat(43)}`,
      "an expired session": expired,
      "a logged-out session": loggedOut,
    };

    const before = await snapshot(t.database);
    let checked = 0;
    for (const route of guarded) {
      for (const [name, cookie] of Object.entries(sessions)) {
        // The router decodes the path: `/%61pi/admin/…` reaches the same handler and meets the same guard.
        for (const spelling of [route, { ...route, url: route.url.replace(/^\/api\//, "/%61pi/") }]) {
          // From our own pages, and from a listed site's: a listed origin is no way around the session.
          for (const origin of [undefined, LISTED_ORIGIN]) {
            const headers = { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) };
            const response = await send(t, spelling, headers, MUTATING.has(route.method) && route.method !== "DELETE" ? "{}" : undefined);
            expect(response.statusCode, `${route.method} ${spelling.url} with ${name} from ${origin ?? "our pages"}`).toBe(401);
            checked++;
          }
        }
      }
    }
    expect(await snapshot(t.database)).toBe(before);
    console.info(
      `route inventory: ${guarded.length} guarded routes × 4 sessions × 2 spellings × 2 origins = ${checked} requests, 0 unauthenticated accesses`,
    );
  });
});

describe("forged requests", () => {
  it("refuses every state-changing route from another site or with a non-JSON body, and changes nothing", async () => {
    const { t, api } = await appWithRoutes();
    // Writes, and the GET that signs out (it must come from our pages as a write must).
    const mutating = api.filter((route) => (MUTATING.has(route.method) || route.checksOrigin) && !route.serverCaller);
    expect(mutating.length).toBeGreaterThanOrEqual(20);
    const cookie = await t.adminCookie();
    const before = await snapshot(t.database);

    // The one write no browser makes: Telegram's webhook, which must carry the secret it was given instead.
    expect(api.filter((route) => route.serverCaller).map((route) => `${route.method} ${route.url}`)).toEqual(["POST /api/telegram/webhook"]);
    const webhook = await t.app.inject({
      method: "POST",
      url: "/api/telegram/webhook",
      headers: { cookie, origin: "https://evil.example", "x-telegram-bot-api-secret-token": "guess" },
      payload: { update_id: 1, message: { message_id: 1, date: 0, chat: { id: 1, type: "private" }, text: "/start" } },
    });
    expect(webhook.statusCode).toBe(401);

    const forgeries: Array<[string, Record<string, string>, string | undefined, number]> = [
      ["a foreign Origin", { cookie, origin: "https://evil.example" }, "{}", 403],
      ["Sec-Fetch-Site: cross-site", { cookie, "sec-fetch-site": "cross-site" }, "{}", 403],
      ["Sec-Fetch-Site: same-site", { cookie, "sec-fetch-site": "same-site" }, "{}", 403],
      ["a text/plain body", { cookie, "content-type": "text/plain" }, '{"a":1}', 415],
      ["a form body", { cookie, "content-type": "application/x-www-form-urlencoded" }, "a=1", 415],
    ];
    let refused = 0;
    for (const route of mutating) {
      for (const [name, headers, payload, status] of forgeries) {
        // A GET carries no body to refuse.
        if (!MUTATING.has(route.method) && payload !== "{}") continue;
        const response = await send(t, route, headers, payload);
        expect(response.statusCode, `${route.method} ${route.url} with ${name}`).toBe(status);
        refused++;
      }
      // A request that names no origin at all (a script, an old client) proves nothing either.
      const silent = await t.injectAsIs({
        method: route.method as "POST",
        url: concrete(route.url),
        headers: { cookie, ...(MUTATING.has(route.method) ? { "content-type": "application/json" } : {}) },
        payload: MUTATING.has(route.method) ? "{}" : undefined,
      });
      expect(silent.statusCode, `${route.method} ${route.url} without Origin`).toBe(403);
      refused++;
    }
    expect(await snapshot(t.database)).toBe(before);
    // Not even the forged sign-out took: the admin is still signed in.
    expect((await t.app.inject({ method: "GET", url: "/api/admin/auth", headers: { cookie } })).statusCode).toBe(200);
    console.info(`forgery: ${mutating.length} state-changing routes × up to ${forgeries.length + 1} forgeries = ${refused} refused, 0 state changes`);
  });

  it("changes nothing on GET", async () => {
    const { t, api } = await appWithRoutes();
    const cookie = await t.adminCookie();
    const before = await snapshot(t.database);
    for (const route of api.filter((r) => r.method === "GET")) await send(t, route, { cookie });
    expect(await snapshot(t.database)).toBe(before);
  });
});

describe("malformed addresses", () => {
  it("answer 400 in the API's shape, with the security headers, echoing nothing of the target", async () => {
    const t = await createTestApp();
    for (const url of ["/%", "/order/PSL-ABCDE%?key=SECRETKEY123", "/api/orders/PSL-ABCDE%25%?key=SECRETKEY123"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ success: false, message: expect.any(String) });
      expect(response.body).not.toContain("SECRETKEY123");
      expect(response.body).not.toContain("PSL-ABCDE");
      expect(response.body).not.toContain("FST_ERR");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["x-request-id"]).toEqual(expect.any(String));
    }
  });
});
