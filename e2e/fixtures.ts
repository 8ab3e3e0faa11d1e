import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Cookie, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_ADMIN_NAME } from "./admin-account";
import { startFakeGateways, type FakeGateways } from "../tests/fakes/gateways";
import { startFakeTelegram, type FakeTelegram } from "../tests/fakes/telegram";
import { freePort, runFolder, startServer, stopServer, templateDatabase } from "./server";

export { expect };

/** The limits on anonymous orders each worker's shop runs with: high enough for the suite's own orders. */
export const E2E_ORDER_LIMITS = {
  ordersPerMinute: 10_000,
  paidClaimsPerMinute: 10_000,
  wrongCouponsPerMinute: 10_000,
  openOrdersPerPhone: 1_000,
  expireNewAfterHours: 72,
};

/** This worker's shop: a server of its own on a copy of the template database, with its own rate-limit counts. */
export interface Shop {
  origin: string;
  /** Where e2e/original-client.spec.ts serves its client from another site: http://localhost:PORT, listed in CORS_ORIGINS. */
  clientOriginPort: number;
  /** The E2E admin's session, made once per worker: sign-ins are limited to 10 a minute per address. */
  adminSession: Cookie;
  /** This worker's fake Khalti, eSewa and Fonepay (tests/fakes/gateways.ts), which its server is configured to use. */
  gateways: FakeGateways;
  /** This worker's fake Telegram Bot API (tests/fakes/telegram.ts), where its server's bot talks (ADR 0105). */
  telegram: FakeTelegram;
}

interface Account {
  email: string;
  password: string;
}

/** Opens `path` signed in: as the E2E admin with the worker's session, or as `account` through the sign-in API. */
export type SignedIn = (page: Page, path: string, account?: Account) => Promise<void>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export const test = base.extend<{ signedIn: SignedIn; admin: APIRequestContext }, { shop: Shop }>({
  shop: [
    async ({ playwright }, use, workerInfo) => {
      const folder = path.join(runFolder(), `worker-${workerInfo.workerIndex}`);
      fs.rmSync(folder, { recursive: true, force: true });
      fs.mkdirSync(folder, { recursive: true });
      const database = path.join(folder, "pasal.db");
      fs.copyFileSync(templateDatabase(), database);
      const clientOriginPort = await freePort();
      // The gateways are reached as in production, through their configured base URLs: the run stays offline.
      const [gateways, telegram] = await Promise.all([startFakeGateways(), startFakeTelegram()]);
      const closeFakes = () => Promise.all([gateways.close(), telegram.close()]);
      const server = await startServer({
        DATABASE_URL: database,
        MEDIA_DIR: path.join(folder, "media"),
        CORS_ORIGINS: `http://localhost:${clientOriginPort}`,
        ...gateways.env,
        ...telegram.env,
        // The bot's worker looks for work 5 times a second and its poll answers within a second.
        NOTICES_TICK_MS: "200",
        TELEGRAM_POLL_SECONDS: "1",
      }).catch(async (error: unknown) => {
        await closeFakes();
        throw error;
      });
      try {
        const login = await playwright.request.newContext({ baseURL: server.origin, extraHTTPHeaders: { origin: server.origin } });
        const answer = await login.post("/api/auth/login", { data: E2E_ADMIN });
        expect(answer.status(), await answer.text()).toBe(200);
        const adminSession = (await login.storageState()).cookies.find((cookie) => cookie.name.endsWith("pasal_session"));
        // One worker's tests place more orders a minute, and more per phone, than a shop takes by default (ADR 0101);
        // the test of those limits sets its own.
        const limits = await login.put("/api/admin/settings/order-limits", { data: E2E_ORDER_LIMITS });
        expect(limits.status(), await limits.text()).toBe(200);
        // The shop makes its first admin without a name, to ask at the first sign-in (e2e/admin.spec.ts goes that way).
        const named = await login.put("/api/auth/me", { data: { name: E2E_ADMIN_NAME } });
        expect(named.status(), await named.text()).toBe(200);
        await login.dispose();
        expect(adminSession, "the sign-in set a session cookie").toBeDefined();
        await use({ origin: server.origin, clientOriginPort, adminSession: adminSession!, gateways, telegram });
      } finally {
        await stopServer(server);
        await closeFakes();
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.origin),
  // Writes must name their origin (server/plugins/same-origin.ts). A browser does that by itself; the
  // tests' direct API requests say it here, as our own pages would.
  extraHTTPHeaders: async ({ shop }, use) => use({ origin: shop.origin }),
  signedIn: async ({ shop }, use) => {
    await use(async (page, where, account) => {
      if (account) {
        // A context of the test's own may not name the shop's origin by itself.
        const answer = await page.request.post("/api/auth/login", { data: account, headers: { origin: shop.origin } });
        expect(answer.status(), await answer.text()).toBe(200);
      } else {
        await page.context().addCookies([shop.adminSession]);
      }
      await page.goto(where);
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(where)}$`));
    });
  },
  // API calls as the E2E admin, naming the shop's origin as its own pages do.
  admin: async ({ playwright, shop }, use) => {
    const admin = await playwright.request.newContext({
      baseURL: shop.origin,
      extraHTTPHeaders: { origin: shop.origin },
      storageState: { cookies: [shop.adminSession], origins: [] },
    });
    await use(admin);
    await admin.dispose();
  },
});
