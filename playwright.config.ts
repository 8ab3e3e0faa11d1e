import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The run's folder (template database, secrets key, the servers' stderr): named by the runner, which its
// workers (loading this file again) inherit. Always one of ours in the temporary folder: the run deletes it.
const RUN_FOLDER_PREFIX = path.join(os.tmpdir(), "pasal-e2e-");
if (!process.env.PASAL_E2E_DIR?.startsWith(RUN_FOLDER_PREFIX)) process.env.PASAL_E2E_DIR = `${RUN_FOLDER_PREFIX}${process.pid}`;

export default defineConfig({
  testDir: "e2e",
  // Each worker has a shop of its own (e2e/fixtures.ts), so any test may run beside any other.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || os.availableParallelism(),
  forbidOnly: !!process.env.CI,
  // CI retries a failure once and lists it as flaky, so a timing slip shows without blocking a landing.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // Migrates and seeds the template database each worker copies; the teardown checks the servers' stderr.
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    screenshot: "only-on-failure",
    trace: "on-first-retry",
    launchOptions: {
      // Debian's headless shell of Chromium: the same Blink as /usr/bin/chromium without the browser's own UI
      // layers, the build Playwright itself runs headless, for about 40% less CPU a test (ADR 0118).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    // Everything but what exists only on a phone (e2e/phone.spec.ts, an open phone menu).
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, grepInvert: /@phone-only/, testIgnore: /phone\.spec\.ts$/ },
    // Layout, menus, touch and overflow at 360 px: the tests tagged @phone, among them every storefront page once.
    { name: "phone", use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, grep: /@phone/ },
  ],
});
