import type { Kysely, Migration } from "kysely";

/**
 * Warranty (issue 46, ADR 0128): the days from delivery an item's lines are replaced free, 0 for none, null (the
 * default, and every item and line before this) for the line's whole term. A line keeps what it was sold with.
 */
export const warranty: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("catalogue_items").addColumn("warranty_days", "integer").execute();
    await db.schema.alterTable("order_lines").addColumn("warranty_days", "integer").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("order_lines").dropColumn("warranty_days").execute();
    await db.schema.alterTable("catalogue_items").dropColumn("warranty_days").execute();
  },
};
