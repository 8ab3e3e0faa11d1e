import type { Kysely, Migration } from "kysely";

/**
 * The ceiling on anonymous orders (ADR 0101). A cancelled order may say why it was cancelled by
 * the shop rather than by the seller's hand: `expired` (a "new" order nobody took up within the time the
 * settings give) or `spam` (the seller's bulk action); null for every other cancellation. Refusals by the
 * shop-wide ceilings are counted per minute and kind (`orders`, `paid-claims`), with the last one's time,
 * for the notice on the Orders screen: one row per minute that refused anything, whatever the flood.
 */
export const orderCeilings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("orders").addColumn("cancel_reason", "text").execute();
    await db.schema
      .createTable("ceiling_refusals")
      .addColumn("kind", "text", (c) => c.notNull())
      // The minute it counts, as ISO-8601 UTC text to the minute: 2026-11-26T14:02.
      .addColumn("minute", "text", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .addColumn("last_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("ceiling_refusals_pk", ["kind", "minute"])
      .execute();
    await db.schema.createIndex("ceiling_refusals_minute_idx").on("ceiling_refusals").column("minute").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("ceiling_refusals").execute();
    await db.schema.alterTable("orders").dropColumn("cancel_reason").execute();
  },
};
