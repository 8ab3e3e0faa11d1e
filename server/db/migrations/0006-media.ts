import { PostgresAdapter, sql, type Kysely, type Migration } from "kysely";

/**
 * The bytes of every uploaded image, so each instance of a shop on one database can serve what another
 * stored (ADR 0023); the media folder becomes a cache of this table.
 */
export const media: Migration = {
  async up(db: Kysely<unknown>) {
    const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
    await db.schema
      .createTable("media")
      // The file name served under /media/, e.g. 0123…cdef-960.webp.
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("bytes", bytes, (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("media").execute();
  },
};
