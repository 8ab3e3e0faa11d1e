import type { Kysely, Migration } from "kysely";

/** The records admins edit, each with the number of its last change: a save names the one it was read with. */
const VERSIONED = ["catalogue_items", "carousel_slides", "update_posts", "videos", "orders", "settings"] as const;

export const versions: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of VERSIONED) {
      await db.schema
        .alterTable(table)
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
    }
  },

  async down(db: Kysely<unknown>) {
    for (const table of VERSIONED) await db.schema.alterTable(table).dropColumn("version").execute();
  },
};
