import { defineConfig } from "vitest/config";

const apiSuite = (name: string, database: "sqlite" | "postgres") => ({
  test: {
    name,
    include: ["tests/**/*.test.ts"],
    exclude: ["tests/instances/**"],
    env: { TEST_DB: database },
    // Migrates the one database each test's is copied from.
    globalSetup: ["tests/helpers/template.ts"],
    setupFiles: ["tests/helpers/strict-console.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
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
          fileParallelism: false,
        },
      },
    ],
  },
});
