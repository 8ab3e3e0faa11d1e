import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Config } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";

export const testDialect = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";

/**
 * A fresh, migrated database for one test: a new SQLite file, or a new schema in TEST_DATABASE_URL.
 * `drop()` removes it again.
 */
export async function createTestDatabase(): Promise<{ database: Database; databaseUrl: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  if (testDialect === "postgres") {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create schema ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.searchParams.set("options", `-c search_path=${name}`);
    const databaseUrl = url.toString();
    const database = openDatabase({ kind: "postgres", url: databaseUrl } satisfies Config["database"]);
    await migrateToLatest(database.db);
    return {
      database,
      databaseUrl,
      drop: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: baseUrl });
        await cleanup.connect();
        await cleanup.query(`drop schema ${name} cascade`);
        await cleanup.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-test-"));
  const file = path.join(dir, `${name}.db`);
  const database = openDatabase({ kind: "sqlite", path: file });
  await migrateToLatest(database.db);
  return {
    database,
    databaseUrl: file,
    drop: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
