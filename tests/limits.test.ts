import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildApp, type App } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/database";
import { LOGIN_FAILURES_PER_ACCOUNT } from "../server/modules/auth/login-throttle";
import { CHECKOUT_LIMIT } from "../server/modules/orders/routes";
import { createTestApp, TEST_ADMIN, type TestApp } from "./helpers/app";
import { testDialect } from "./helpers/database";

const failedSignIn = (app: App, i: number) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: TEST_ADMIN.email, password: `guess number ${i}` },
    // Each from its own address, so only the per-account throttle can refuse.
    remoteAddress: `10.${Math.floor(i / 250) % 250}.${i % 250}.1`,
    headers: { origin: "http://localhost" },
  });

/** A second instance of the shop on the first one's database, as another process on the same PostgreSQL would be. */
async function secondInstance(t: TestApp, clock?: () => Date): Promise<App> {
  const database = openDatabase({ kind: "postgres", url: t.databaseUrl });
  const config = loadConfig({ DATABASE_URL: t.databaseUrl, MEDIA_DIR: t.mediaDir, LOG_LEVEL: "silent" });
  const app = await buildApp({ config, database, ...(clock ? { clock } : {}) });
  app.addHook("onClose", () => database.close());
  return app;
}

describe("the per-account sign-in throttle", () => {
  // Each tried sign-in is an argon2 verification: about 2 s for all of them on an idle 2-core machine, many
  // times that beside other CI stages. Only the counts are the point here, so time is given generously.
  it(
    `lets exactly ${LOGIN_FAILURES_PER_ACCOUNT.max} of 150 failed sign-ins sent at once be tried, and refuses the rest`,
    { timeout: 120_000 },
    async () => {
      const t = await createTestApp();
      const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => failedSignIn(t.app, i)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURES_PER_ACCOUNT.max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(150 - LOGIN_FAILURES_PER_ACCOUNT.max);
    },
  );

  it("does not count a right password against the account", async () => {
    const t = await createTestApp();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.max - 1; i++) expect((await failedSignIn(t.app, i)).statusCode).toBe(401);
    // Right ones, from browsers without a device cookie: each takes a place while it is tried, then gives it back.
    for (let i = 0; i < 3; i++) {
      const right = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      expect(right.statusCode).toBe(200);
    }
    expect((await failedSignIn(t.app, 500)).statusCode).toBe(401);
    expect((await failedSignIn(t.app, 501)).statusCode).toBe(429);
  });
});

describe.skipIf(testDialect !== "postgres")("limits shared by two instances on one PostgreSQL database", () => {
  it(`counts ${CHECKOUT_LIMIT.max} checkouts from one address once for both`, async () => {
    const t = await createTestApp({ seed: true });
    const b = await secondInstance(t);
    try {
      const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
      const order = { items: [{ _id: allPrices[0]._id, months: 1, devices: 1 }], channel: "whatsapp" };
      const statuses: number[] = [];
      for (let i = 0; i < CHECKOUT_LIMIT.max + 4; i++) {
        const answer = await (i % 2 ? b : t.app).inject({
          method: "POST",
          url: "/api/orders",
          payload: order,
          remoteAddress: "192.0.2.9",
          headers: { origin: "http://localhost" },
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(CHECKOUT_LIMIT.max);
      expect(statuses.slice(CHECKOUT_LIMIT.max)).toEqual([429, 429, 429, 429]);
    } finally {
      await b.close();
    }
  });

  it("holds the per-account throttle across both under concurrency", async () => {
    const t = await createTestApp();
    const b = await secondInstance(t);
    try {
      const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => failedSignIn(i % 2 ? b : t.app, i)));
      expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(LOGIN_FAILURES_PER_ACCOUNT.max);
    } finally {
      await b.close();
    }
  });

  it("signs device cookies with one secret, however many instances make it at once", async () => {
    const t = await createTestApp();
    const b = await secondInstance(t);
    try {
      const tokens = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? b : t.app).services.loginThrottle.deviceToken(TEST_ADMIN.email)),
      );
      for (const [i, token] of tokens.entries()) {
        expect(await (i % 2 ? t.app : b).services.loginThrottle.isKnownDevice(TEST_ADMIN.email, token)).toBe(true);
      }
      const stored = await t.database.db.selectFrom("settings").select("value").where("key", "=", "device_cookie_secret").execute();
      expect(stored).toHaveLength(1);
      const secret = Buffer.from(JSON.parse(stored[0]!.value) as string, "base64");
      const [nonce, mac] = tokens[0]!.split(".");
      expect(createHmac("sha256", secret).update(`${TEST_ADMIN.email}\n${nonce}`).digest("base64url")).toBe(mac);
    } finally {
      await b.close();
    }
  });

  it("deletes ended windows when it purges", async () => {
    let now = Date.parse("2026-11-22T06:00:00.000Z");
    const t = await createTestApp({ clock: () => new Date(now) });
    for (let i = 0; i < 3; i++) await failedSignIn(t.app, i);
    const rows = async () => {
      const windows = await t.database.db
        .selectFrom("limit_windows")
        .select(({ fn }) => fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      const events = await t.database.db
        .selectFrom("limit_events")
        .select(({ fn }) => fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      return { windows: Number(windows.n), events: Number(events.n) };
    };
    expect(await rows()).toEqual({ windows: 3, events: 3 });
    await t.app.services.limits.purge();
    expect(await rows()).toEqual({ windows: 3, events: 3 });
    now += LOGIN_FAILURES_PER_ACCOUNT.windowMs;
    await t.app.services.limits.purge();
    expect(await rows()).toEqual({ windows: 0, events: 0 });
  });
});
