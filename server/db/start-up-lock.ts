import { PostgresAdapter, sql } from "kysely";
import type { Db } from "./database";

/**
 * Runs `work` holding the shop's start-up lock: on PostgreSQL a session advisory lock of the database and
 * schema, so instances starting at the same moment migrate, seed and create the first admin one after
 * another, each finding done what an earlier one did (ADR 0021). `work` gets one connection, the one holding
 * the lock, so it needs no second connection from a pool that may be a single one. SQLite has one process.
 */
export async function withStartUpLock<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work(db);
  return db.connection().execute(async (connection) => {
    // Per schema: other schemas of the same database are other shops (the tests use it so).
    const key = sql`hashtext('pasal start-up'), hashtext(current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      // Only a lost connection makes this fail, and the lock went with it; the error of `work` is the one to tell.
      await sql`select pg_advisory_unlock(${key})`.execute(connection).catch(() => {});
    }
  });
}
