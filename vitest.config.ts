import os from "node:os";
import { defineConfig } from "vitest/config";

// Vitest's default is one worker less than the cores: one worker on a 2-core CI machine, idle while an API
// test waits for PostgreSQL, a copied database or a started process. A worker more than the cores keeps them
// busy. The unit suite keeps the default: it runs beside the checks and the build, and holds timing tests.
const workers = os.availableParallelism() + 1;

const apiSuite = (name: string, database: "sqlite" | "postgres") => ({
  test: {
    name,
    include: ["tests/**/*.test.ts"],
    exclude: ["tests/instances/**"],
    env: { TEST_DB: database },
    // Migrates the one database each test's is copied from.
    globalSetup: ["tests/helpers/template.ts"],
    setupFiles: ["tests/helpers/strict-console.ts", "tests/helpers/cleanup.ts"],
    // A worker loads the server and its packages once for all its test files (ADR 0115): loading them again
    // for each file took a quarter of the workers' time. No module keeps a test's state: an app, its database and
    // its clock are made per test, and tests/helpers/cleanup.ts tidies after each test and file.
    isolate: false,
    // What a test waits for (a bot's worker, a notice) may take more than a second on shared cores.
    expect: { poll: { timeout: 10_000 } },
    // Room for the argon2-heavy throttling tests and the started processes when workers share the cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: workers,
    // After the unit suite when one command runs both (the Node 24 stage): Vitest runs projects with their own
    // worker counts as groups of their own. Both API suites share this group and its workers.
    sequence: { groupOrder: 1 },
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
          // Alone on the machine (the Node 24 stage), one worker per core.
          ...(process.env.UNIT_WORKERS ? { maxWorkers: Number(process.env.UNIT_WORKERS) } : {}),
          setupFiles: ["tests/helpers/strict-console.ts"],
        },
      },
      apiSuite("api-sqlite", "sqlite"),
      // The same API suite against PostgreSQL, when a database to test in is given.
      ...(process.env.TEST_DATABASE_URL ? [apiSuite("api-postgres", "postgres")] : []),
      // Several instances of the production build on one PostgreSQL database; run by `npm test` after the build.
      {
        test: {
          name: "instances",
          include: ["tests/instances/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Processes, a proxy and timing on a shared 2-core machine: CI tries a failed test once more, as it does
          // end-to-end tests, and the output still names the failed try (npm test repeats it after the table).
          retry: process.env.CI ? 1 : 0,
          fileParallelism: false,
        },
      },
    ],
  },
});
