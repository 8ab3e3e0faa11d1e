import type { Kysely, Migration } from "kysely";

/**
 * Automatic delivery (ADR 0099). A catalogue item may be delivered automatically once its order is paid
 * (`auto_deliver`, 0 or 1, off by default). A line so delivered says so (`auto_delivered`, 0 or 1): only such
 * lines show their credentials on the shopper's order page. A paid order that could not be delivered
 * automatically keeps, per line, why not (`auto_delivery_reason`, a code the order card words), until it is
 * delivered.
 */
export const automaticDelivery: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("catalogue_items")
      .addColumn("auto_deliver", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("order_lines")
      .addColumn("auto_delivered", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("order_lines").addColumn("auto_delivery_reason", "text").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("order_lines").dropColumn("auto_delivery_reason").execute();
    await db.schema.alterTable("order_lines").dropColumn("auto_delivered").execute();
    await db.schema.alterTable("catalogue_items").dropColumn("auto_deliver").execute();
  },
};
