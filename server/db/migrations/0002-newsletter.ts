import type { Kysely, Migration } from "kysely";

export const newsletter: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("newsletter_subscribers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("newsletter_subscribers").execute();
  },
};
