import type { Kysely, Migration } from "kysely";

/**
 * The customer link (ADR 0104): one page for all of a customer's subscriptions, at `/my/<key>`.
 * One link per customer (the normalised phone, ADR 0086): the key's SHA-256 (`key_hash`, unique, what a
 * visit is looked up by) and the key sealed with the shop's secrets key for the admin (`key_sealed`), as an
 * order's key is kept (ADR 0075). A new link replaces the row; revoking deletes it, so the old key opens nothing.
 * A table of its own rather than columns of `customers`, whose version is the admin's name and note's.
 */
export const customerLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("customer_links")
      .addColumn("phone", "text", (c) => c.primaryKey())
      .addColumn("key_hash", "text", (c) => c.notNull())
      .addColumn("key_sealed", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("customer_links_key_hash").unique().on("customer_links").column("key_hash").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("customer_links").execute();
  },
};
