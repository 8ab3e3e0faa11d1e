import type { Kysely, Migration } from "kysely";

/**
 * Problems a shopper reports on a delivered line, and the seller's queue (ADR 0111).
 * - `problems`: one per report: its order and line, kind, the shopper's text, status (open, answered,
 *   resolved), and a `version` each action raises, so two clicks on one problem act once.
 * - `problem_events`: the problem's history, one row per thing that happened (reported, answered, seat moved,
 *   new key, resolved, reopened), who did it and when; numbered within the problem, so it reads in order even
 *   when a clock gives two rows the same instant.
 * - `licence_keys.replaced_at`: a key the seller replaced from a problem; it stays sold (its cost is counted)
 *   but is no longer the line's.
 */
export const shopperProblems: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("problems")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      .addColumn("line_id", "text", (c) => c.notNull().references("order_lines.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex("problems_order").on("problems").columns(["order_id", "created_at"]).execute();
    await db.schema.createIndex("problems_status").on("problems").columns(["status", "updated_at"]).execute();

    await db.schema
      .createTable("problem_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("problem_id", "text", (c) => c.notNull().references("problems.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("who", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("problem_events_position").on("problem_events").columns(["problem_id", "position"]).unique().execute();

    await db.schema.alterTable("licence_keys").addColumn("replaced_at", "text").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("licence_keys").dropColumn("replaced_at").execute();
    await db.schema.dropTable("problem_events").execute();
    await db.schema.dropTable("problems").execute();
  },
};
