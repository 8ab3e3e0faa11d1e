import type { Kysely, Migration } from "kysely";

/**
 * The language the shopper ordered in: the seller's delivery and renewal messages follow it.
 * Orders placed before were all in English.
 */
export const orderLanguage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("orders")
      .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("orders").dropColumn("language").execute();
  },
};
