import path from "node:path";
import { SQLite, type SQLiteConnection } from "./sqlite";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "../config";
import { createOwnerOnly, ensureWritableDirectory } from "../files";
import { DatabaseOpenError, sqliteFileProblem } from "./check";
import { migrationNames } from "./migrate";
import type { Tables } from "./schema";

export type Db = Kysely<Tables>;

export interface Database {
  db: Db;
  dialect: "sqlite" | "postgres";
  /** true when the database answers a query of Pasal's tables. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export { DatabaseOpenError };

export function openDatabase(database: Config["database"]): Database {
  return database.kind === "sqlite" ? openSqlite(database.path) : openPostgres(database.url, database.poolMax ?? 10);
}

function openSqlite(file: string): Database {
  if (file !== ":memory:") {
    const dir = path.dirname(path.resolve(file));
    if (!ensureWritableDirectory(dir)) {
      throw new DatabaseOpenError(
        `Cannot write to the data folder ${dir}: check that it exists and this user may write there, or set DATABASE_URL to another file.`,
      );
    }
  }
  const problem = sqliteFileProblem(file, migrationNames);
  if (problem) throw new DatabaseOpenError(problem);
  let connection: SQLiteConnection;
  try {
    // Customers' names and phones: a new database is readable by its owner only, and SQLite gives its -wal
    // and -shm files the database file's mode.
    if (file !== ":memory:") createOwnerOnly(file);
    connection = new SQLite(file);
    connection.pragma("journal_mode = WAL");
    connection.pragma("busy_timeout = 5000");
    connection.pragma("foreign_keys = ON");
    // FULL: a write the API acknowledged survives a power cut too, not only a crash of the process
    // (NORMAL in WAL mode may lose the last commits). Shop writes are few; the fsync is cheap for them.
    connection.pragma("synchronous = FULL");
  } catch (error) {
    throw new DatabaseOpenError(`Cannot open the SQLite database ${file}: ${(error as Error).message}`);
  }
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: connection }) });
  return {
    db,
    dialect: "sqlite",
    ping: () => ping(db),
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    ping: () => ping(db),
    close: () => db.destroy(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    // Pasal's own tables rather than `select 1`, which a database missing or unable to read them still answers.
    await sql`select (select 1 from catalogue_items limit 1) as catalogue, (select 1 from orders limit 1) as orders`.execute(db);
    return true;
  } catch {
    return false;
  }
}
