import type { Kysely, Migration } from "kysely";

/**
 * The shopper's order page (ADR 0075–0078): each order's key (its hash to compare, and a sealed copy for the
 * admin's link), when each status was reached, the shopper's "I have paid"; and the shop's payment methods.
 */
export const orderPages: Migration = {
  async up(db: Kysely<unknown>) {
    const columns = [
      // Null for orders placed before order pages: they have no page.
      "key_hash",
      "key_sealed",
      "contacted_at",
      "paid_at",
      "delivered_at",
      "cancelled_at",
      "paid_claimed_at",
      "paid_claim_transaction",
    ];
    for (const column of columns) await db.schema.alterTable("orders").addColumn(column, "text").execute();

    await db.schema
      .createTable("payment_methods")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("account", "text", (c) => c.notNull())
      .addColumn("holder", "text", (c) => c.notNull())
      .addColumn("qr_image", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull())
      // 1 or 0: an integer on both databases.
      .addColumn("enabled", "integer", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("payment_methods").execute();
    for (const column of [
      "key_hash",
      "key_sealed",
      "contacted_at",
      "paid_at",
      "delivered_at",
      "cancelled_at",
      "paid_claimed_at",
      "paid_claim_transaction",
    ]) {
      await db.schema.alterTable("orders").dropColumn(column).execute();
    }
  },
};
