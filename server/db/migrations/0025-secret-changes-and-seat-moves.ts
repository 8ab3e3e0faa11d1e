import type { Kysely, Migration } from "kysely";

/**
 * Provider accounts that stay healthy (ADR 0109).
 * - `previous_secrets`: a password or PIN the seller replaced, still sealed as it was (bound to its account or
 *   seat), readable by a logged reveal until `delete_after` (7 days on), then deleted by the sweep.
 * - `holder_notices`: one row per seat holder to be told of new credentials (a password or PIN changed, or
 *   their seat moved), with when and by whom they were told. A newer notice for the same line replaces an
 *   untold one.
 */
export const secretChangesAndSeatMoves: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("previous_secrets")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("provider_accounts.id").onDelete("cascade"))
      .addColumn("seat_id", "text", (c) => c.references("account_seats.id").onDelete("cascade"))
      .addColumn("what", "text", (c) => c.notNull())
      .addColumn("secret", "text", (c) => c.notNull())
      .addColumn("replaced_at", "text", (c) => c.notNull())
      .addColumn("replaced_by", "text", (c) => c.notNull())
      .addColumn("delete_after", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("previous_secrets_delete_after").on("previous_secrets").column("delete_after").execute();
    await db.schema.createIndex("previous_secrets_account").on("previous_secrets").column("account_id").execute();

    await db.schema
      .createTable("holder_notices")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("provider_accounts.id").onDelete("cascade"))
      .addColumn("line_id", "text", (c) => c.notNull().references("order_lines.id").onDelete("cascade"))
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("told_at", "text")
      .addColumn("told_by", "text")
      .execute();
    await db.schema.createIndex("holder_notices_account").on("holder_notices").columns(["account_id", "created_at"]).execute();
    await db.schema.createIndex("holder_notices_line").on("holder_notices").column("line_id").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("holder_notices").execute();
    await db.schema.dropTable("previous_secrets").execute();
  },
};
