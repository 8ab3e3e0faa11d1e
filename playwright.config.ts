import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN } from "./e2e/admin-account";

const port = Number(process.env.E2E_PORT ?? 3210);
/** Where e2e/original-client.spec.ts serves the spec's own client from: another origin, listed in CORS_ORIGINS. */
export const CLIENT_ORIGIN_PORT = port + 1;
// Where the server's stderr is copied for e2e/global-teardown.ts: named by the runner, which its workers
// (loading this file again) inherit.
if (!process.env.E2E_STDERR_FILE) {
  process.env.E2E_STDERR_FILE = path.join(os.tmpdir(), `pasal-e2e-stderr-${process.pid}.log`);
  fs.rmSync(process.env.E2E_STDERR_FILE, { force: true });
}

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  // CI retries a failure once and lists it as flaky, so a timing slip shows without blocking a landing.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    // Writes must name their origin (server/plugins/same-origin.ts). A browser does that by itself; the
    // tests' direct API requests say it here, as our own pages would.
    extraHTTPHeaders: { origin: `http://127.0.0.1:${port}` },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    // e2e/phone.spec.ts measures the phone layout, so it runs on the phone project only.
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /phone\.spec\.ts$/ },
    { name: "phone", use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } },
  ],
  // The production build, on a database of its own that starts empty each run.
  webServer: {
    command: "node e2e/run-server.mjs",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: path.join(os.tmpdir(), `pasal-e2e-${process.pid}.db`),
      MEDIA_DIR: path.join(os.tmpdir(), `pasal-e2e-media-${process.pid}`),
      SECRETS_KEY_FILE: path.join(os.tmpdir(), `pasal-e2e-${process.pid}.key`),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
      E2E_STDERR_FILE: process.env.E2E_STDERR_FILE,
      CORS_ORIGINS: `http://127.0.0.1:${CLIENT_ORIGIN_PORT}`,
    },
  },
});
