import type { Kysely, Migration } from "kysely";

/**
 * Whether a line waits for stock is now read from the ledger each time an order is shown, so it clears when a
 * seat or key arrives (ADR 0085); the mark stored at checkout goes.
 */
export const waitingReadNotStored: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("order_lines").dropColumn("waiting_for_stock").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable("order_lines")
      .addColumn("waiting_for_stock", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
