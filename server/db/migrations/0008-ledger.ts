import { sql, type Kysely, type Migration } from "kysely";

/**
 * The seller's ledger: provider accounts and their seats, licence key stock, who holds which seat
 * or key, every reveal of a secret, and the check of the key secrets are encrypted with (ADR 0080–0083).
 * Columns named `*_secret` hold ciphertext only (server/modules/secrets/cipher.ts).
 */
export const ledger: Migration = {
  async up(db: Kysely<unknown>) {
    // One row: what tells whether an instance holds the key this database's secrets are encrypted with.
    await db.schema
      .createTable("secrets_key")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("check_value", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("provider_accounts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("service", "text", (c) => c.notNull())
      .addColumn("login", "text", (c) => c.notNull())
      .addColumn("password_secret", "text", (c) => c.notNull())
      // YYYY-MM-DD: the day the provider must be paid again; the account is paid up until then.
      .addColumn("renewal_date", "text")
      .addColumn("cost", "integer", (c) => c.notNull())
      .addColumn("period_months", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("notes", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex("provider_accounts_status_idx").on("provider_accounts").columns(["status", "renewal_date"]).execute();

    await db.schema
      .createTable("provider_account_items")
      .addColumn("account_id", "text", (c) => c.notNull().references("provider_accounts.id").onDelete("cascade"))
      .addColumn("item_id", "text", (c) => c.notNull().references("catalogue_items.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("provider_account_items_pk", ["account_id", "item_id"])
      .execute();
    await db.schema.createIndex("provider_account_items_item_idx").on("provider_account_items").column("item_id").execute();

    await db.schema
      .createTable("account_seats")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("provider_accounts.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("profile_name", "text", (c) => c.notNull())
      .addColumn("pin_secret", "text")
      .addUniqueConstraint("account_seats_position_unique", ["account_id", "position"])
      .execute();

    // A seat's holders over time; the open one (ended_at null) is its holder now. History stays when a customer moves.
    await db.schema
      .createTable("seat_assignments")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("seat_id", "text", (c) => c.notNull().references("account_seats.id").onDelete("cascade"))
      .addColumn("line_id", "text", (c) => c.notNull().references("order_lines.id").onDelete("cascade"))
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("ended_at", "text")
      .addColumn("end_reason", "text")
      .execute();
    // What makes the last free seat go to exactly one line, on either database, whoever asks first (ADR 0082).
    await sql`create unique index seat_assignments_one_holder on seat_assignments (seat_id) where ended_at is null`.execute(db);
    await sql`create unique index seat_assignments_one_seat_per_line on seat_assignments (line_id) where ended_at is null`.execute(db);
    await db.schema.createIndex("seat_assignments_line_idx").on("seat_assignments").column("line_id").execute();

    await db.schema
      .createTable("licence_keys")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("item_id", "text", (c) => c.notNull().references("catalogue_items.id").onDelete("cascade"))
      .addColumn("code_secret", "text", (c) => c.notNull())
      // A keyed hash of the code: finds a duplicate without storing the code in the clear.
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("line_id", "text", (c) => c.references("order_lines.id").onDelete("set null"))
      .addColumn("added_at", "text", (c) => c.notNull())
      .addColumn("delivered_at", "text")
      .addUniqueConstraint("licence_keys_code_unique", ["item_id", "code_hash"])
      .execute();
    await db.schema.createIndex("licence_keys_stock_idx").on("licence_keys").columns(["item_id", "delivered_at"]).execute();
    await db.schema.createIndex("licence_keys_line_idx").on("licence_keys").column("line_id").execute();

    await db.schema
      .createTable("secret_reveals")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.references("provider_accounts.id").onDelete("cascade"))
      .addColumn("licence_key_id", "text", (c) => c.references("licence_keys.id").onDelete("cascade"))
      .addColumn("what", "text", (c) => c.notNull())
      .addColumn("admin_email", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("secret_reveals_account_idx").on("secret_reveals").columns(["account_id", "at"]).execute();

    // Per catalogue item: at or below this many free seats and keys the storefront says "Only N left".
    await db.schema
      .createTable("stock_thresholds")
      .addColumn("item_id", "text", (c) => c.primaryKey().references("catalogue_items.id").onDelete("cascade"))
      .addColumn("threshold", "integer", (c) => c.notNull())
      .execute();

    // Set at checkout when the line's item is sold from accounts or keys and none was free (ADR 0085).
    await db.schema
      .alterTable("order_lines")
      .addColumn("waiting_for_stock", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("order_lines").dropColumn("waiting_for_stock").execute();
    for (const table of [
      "stock_thresholds",
      "secret_reveals",
      "licence_keys",
      "seat_assignments",
      "account_seats",
      "provider_account_items",
      "provider_accounts",
      "secrets_key",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
