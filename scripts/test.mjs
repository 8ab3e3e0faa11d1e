// `npm test`: unit and API suites (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then the
// production build, then the end-to-end suite in Chromium against that build, then the crash test.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

if (process.env.TEST_DATABASE_URL) {
  console.log("API suite: runs on SQLite and on PostgreSQL (TEST_DATABASE_URL is set).");
} else {
  console.log(
    "API suite: runs on SQLite only. The PostgreSQL run is SKIPPED because TEST_DATABASE_URL is not set " +
      "(e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test).",
  );
}
run("Messages (Paraglide)", "npm", ["run", "messages"]);
run("Unit and API tests", "npx", ["vitest", "run", "--project", "unit", "--project", "api-*"]);

run("Production build", "npm", ["run", "build"]);

if (process.env.TEST_DATABASE_URL) {
  run("Several instances on one PostgreSQL database (production build)", "npx", ["vitest", "run", "--project", "instances"]);
} else {
  console.log("\nThe several-instances tests are SKIPPED: they need PostgreSQL (TEST_DATABASE_URL).");
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`\nEnd-to-end tests need Chromium at ${chromium}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
run("End-to-end tests (Chromium, production build)", "npx", ["playwright", "test"]);

// Kills the production server 30 times mid-write and checks no acknowledged write is lost.
run("Crash test (SIGKILL during writes, SQLite)", "npx", ["tsx", "scripts/crash-test.ts"]);

if (!process.env.TEST_DATABASE_URL) console.log("\nReminder: the PostgreSQL API suite was skipped (TEST_DATABASE_URL not set).");
console.log("\nAll test suites passed.");
