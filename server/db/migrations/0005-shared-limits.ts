import { PostgresAdapter, sql, type Kysely, type Migration } from "kysely";

/**
 * Counts of the rate limits and the sign-in throttle, shared by every instance on one PostgreSQL database
 * (ADR 0022). SQLite gets the tables too, so both schemas stay alike, but counts there stay in memory.
 */
export const sharedLimits: Migration = {
  async up(db: Kysely<unknown>) {
    // Counts are worth nothing after a crash: unlogged, a count is not written twice nor waits for a flush.
    const unlogged = db.getExecutor().adapter instanceof PostgresAdapter;
    const create = (name: string) => (unlogged ? db.schema.createTable(name).modifyFront(sql`unlogged`) : db.schema.createTable(name));
    // One fixed window per key: a count and when it ends (milliseconds since 1970).
    await create("limit_windows")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("count", "integer", (c) => c.notNull())
      .addColumn("ends_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("limit_windows_ends_idx").on("limit_windows").column("ends_at").execute();
    // One row per counted event, for the per-account sign-in throttle's sliding window.
    await create("limit_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addColumn("ends_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("limit_events_key_at_idx").on("limit_events").columns(["key", "at"]).execute();
    await db.schema.createIndex("limit_events_ends_idx").on("limit_events").column("ends_at").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("limit_events").execute();
    await db.schema.dropTable("limit_windows").execute();
  },
};
