import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp, type App, type AppOptions } from "../../server/app";
import { loadConfig } from "../../server/config";
import { systemClock, type Clock } from "../../server/db/clock";
import type { Database } from "../../server/db/database";
import { seedDefaultContent } from "../../server/db/seed";
import { createTestDatabase } from "./database";
import { TEST_ADMIN } from "./template";

export { TEST_ADMIN };

const cleanups: Array<() => Promise<void>> = [];
/** Closes the test's apps and drops their databases and media (after each test: tests/helpers/cleanup.ts). */
export async function closeTestApps() {
  while (cleanups.length) await cleanups.pop()!();
}

export interface TestApp {
  /** Its inject names the app's own origin on writes, as a browser on our pages does. */
  app: App;
  /** Sends exactly the headers given: for requests that do not come from our pages. */
  injectAsIs: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  database: Database;
  /** The SQLite file or PostgreSQL URL of its database. */
  databaseUrl: string;
  /** Where this app stores uploaded images. */
  mediaDir: string;
  /** Cookie header of a signed-in admin. */
  adminCookie: () => Promise<string>;
}

/** A server on its own fresh database, with one admin (TEST_ADMIN); closed after the test. */
export async function createTestApp(
  options: { seed?: boolean; clock?: Clock; env?: Record<string, string> } & Pick<AppOptions, "beforeRoutes" | "web" | "logStream" | "timeouts"> = {},
): Promise<TestApp> {
  const { database, databaseUrl, drop } = await createTestDatabase();
  const clock = options.clock ?? systemClock;
  // The template's admin, dated as if this test's clock had made it.
  if (options.clock) {
    const now = clock().toISOString();
    await database.db.updateTable("admin_users").set({ created_at: now, updated_at: now }).execute();
  }
  if (options.seed) await seedDefaultContent(database.db, clock);
  const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), "pasal-media-"));
  const config = loadConfig({ DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, LOG_LEVEL: "silent", ...options.env });
  const app = await buildApp({
    config,
    database,
    clock,
    beforeRoutes: options.beforeRoutes,
    web: options.web,
    logStream: options.logStream,
    timeouts: options.timeouts,
  });
  const injectAsIs = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  app.inject = namingOurOrigin(injectAsIs) as App["inject"];
  cleanups.push(async () => {
    await app.close();
    await drop();
    await fs.rm(mediaDir, { recursive: true, force: true });
  });

  let cookie: string | undefined;
  return {
    app,
    injectAsIs,
    database,
    databaseUrl,
    mediaDir,
    adminCookie: async () => (cookie ??= await loginAs(app, TEST_ADMIN.email, TEST_ADMIN.password)),
  };
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The server refuses writes that do not show they come from its own pages (server/plugins/same-origin.ts);
 * browsers always send Origin on them, so the test client does too unless a test sets its own.
 */
function namingOurOrigin(inject: (options: InjectOptions) => Promise<LightMyRequestResponse>) {
  return (options: InjectOptions | string) => {
    const request = typeof options === "string" ? { url: options } : options;
    const headers = (request.headers ?? {}) as Record<string, unknown>;
    const namesItsSite = "origin" in headers || "sec-fetch-site" in headers;
    if (!WRITES.has((request.method ?? "GET").toUpperCase()) || namesItsSite) return inject(request);
    return inject({ ...request, headers: { ...headers, origin: "http://localhost" } as InjectOptions["headers"] });
  };
}

const adminSessions = new WeakMap<TestApp, string>();

/**
 * The test admin's request, signed in once per test app and again when the session ended (a 401: the test's clock
 * moved past its life). `on`: another instance of the same database (sessions are in the database), built bare, so
 * its writes name the site as a browser would.
 */
export async function asTestAdmin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, on: App = t.app) {
  for (let attempt = 1; ; attempt++) {
    const cookie = adminSessions.get(t) ?? (await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
    adminSessions.set(t, cookie);
    const origin = on === t.app || method === "GET" ? {} : { origin: "http://localhost" };
    const answer = await on.inject({ method, url, payload, headers: { cookie, ...origin } });
    if (answer.statusCode !== 401 || attempt === 2) return answer;
    adminSessions.delete(t);
  }
}

export async function loginAs(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.cookies.find((c) => c.name.endsWith("pasal_session"));
  expect(session).toBeDefined();
  return `${session!.name}=${session!.value}`;
}

/** Asserts a 400 whose field errors name `field` (and, if given, say `message`). */
export function expectValidationError(response: LightMyRequestResponse, field: string, message?: string | RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe("string");
  const fieldError = body.errors?.find((e: { field: string }) => e.field === field);
  expect(fieldError, `no error for field "${field}" in ${response.body}`).toBeDefined();
  if (message) expect(fieldError.message).toMatch(message);
}
