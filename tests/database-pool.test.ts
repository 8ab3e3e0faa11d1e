import { describe, expect, it } from "vitest";
import { openDatabase } from "../server/db/database";
import { sql } from "kysely";
import { testDialect } from "./helpers/database";

describe.skipIf(testDialect !== "postgres")("the PostgreSQL pool", () => {
  it("opens at most DATABASE_POOL_MAX connections, however many queries wait", async () => {
    const database = openDatabase({ kind: "postgres", url: process.env.TEST_DATABASE_URL!, poolMax: 2 });
    try {
      const pids = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.1)`.execute(database.db);
          return rows[0]!.pid;
        }),
      );
      expect(new Set(pids).size).toBe(2);
    } finally {
      await database.close();
    }
  });
});
