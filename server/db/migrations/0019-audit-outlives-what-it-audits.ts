import { PostgresAdapter, sql, type Kysely, type Migration } from "kysely";

/**
 * The audit outlives what it audits, and nothing a customer holds can be deleted (ADR 0100).
 * - `secret_reveals` becomes the audit log: no foreign key any more (a deleted account or key keeps its
 *   rows), and each row carries a copy of what it was about (`label`: the service and login, the item and
 *   order, the gateway), its `kind` (password, pin, key, delivery, gateway, other; deleted, retired, restored)
 *   and the `address` it was asked from. Rows written before are given their kind and label from what they
 *   name, and a shopper's reading its address.
 * - A licence key keeps its item: deleting an item with keys is refused by the database too (no cascade).
 * - `catalogue_items.hidden`: an item taken out of the shop (retired) but kept for its orders, keys and seats.
 */
export const auditOutlivesWhatItAudits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("secret_reveals_new")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text")
      .addColumn("licence_key_id", "text")
      .addColumn("gateway", "text")
      .addColumn("what", "text", (c) => c.notNull())
      .addColumn("admin_email", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull().defaultTo("other"))
      .addColumn("label", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("address", "text")
      .execute();
    await sql`
      insert into secret_reveals_new (id, account_id, licence_key_id, gateway, what, admin_email, at, kind, label, address)
      select r.id, r.account_id, r.licence_key_id, r.gateway, r.what, r.admin_email, r.at,
        case
          when r.gateway is not null then 'gateway'
          when r.licence_key_id is not null then 'key'
          when r.what = 'password' then 'password'
          when r.what like 'PIN of seat%' then 'pin'
          when r.what like 'delivery message%' then 'delivery'
          else 'other'
        end,
        coalesce(
          (select a.service || ' (' || a.login || ')' from provider_accounts a where a.id = r.account_id),
          (select c.name || coalesce(' for ' || o.reference, '')
             from licence_keys k
             join catalogue_items c on c.id = k.item_id
             left join order_lines l on l.id = k.line_id
             left join orders o on o.id = l.order_id
             where k.id = r.licence_key_id),
          case r.gateway when 'khalti' then 'Khalti' when 'esewa' then 'eSewa' when 'fonepay' then 'Fonepay' end,
          ''
        ),
        case when r.admin_email like 'shopper at %' then substr(r.admin_email, 12) end
      from secret_reveals r`.execute(db);
    await db.schema.dropTable("secret_reveals").execute();
    await db.schema.alterTable("secret_reveals_new").renameTo("secret_reveals").execute();
    await db.schema.createIndex("secret_reveals_account_idx").on("secret_reveals").columns(["account_id", "at"]).execute();
    // The audit screen reads the newest first, whatever else it filters by.
    await db.schema.createIndex("secret_reveals_at_idx").on("secret_reveals").columns(["at", "id"]).execute();

    await keysKeepTheirItem(db, true);

    await db.schema
      .alterTable("catalogue_items")
      .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("catalogue_items").dropColumn("hidden").execute();
    await keysKeepTheirItem(db, false);

    // The old log held reveals only, of things that still exist.
    await db.schema
      .createTable("secret_reveals_old")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.references("provider_accounts.id").onDelete("cascade"))
      .addColumn("licence_key_id", "text", (c) => c.references("licence_keys.id").onDelete("cascade"))
      .addColumn("what", "text", (c) => c.notNull())
      .addColumn("admin_email", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("gateway", "text")
      .execute();
    await sql`
      insert into secret_reveals_old (id, account_id, licence_key_id, what, admin_email, at, gateway)
      select id, account_id, licence_key_id, what, admin_email, at, gateway from secret_reveals r
      where r.kind not in ('deleted', 'retired', 'restored')
        and (r.account_id is null or exists (select 1 from provider_accounts a where a.id = r.account_id))
        and (r.licence_key_id is null or exists (select 1 from licence_keys k where k.id = r.licence_key_id))`.execute(db);
    await db.schema.dropTable("secret_reveals").execute();
    await db.schema.alterTable("secret_reveals_old").renameTo("secret_reveals").execute();
    await db.schema.createIndex("secret_reveals_account_idx").on("secret_reveals").columns(["account_id", "at"]).execute();
  },
};

/**
 * `licence_keys.item_id` without (`keep`) or with the cascade of 0008. PostgreSQL changes the constraint in
 * place; SQLite cannot, so the table is made again with its rows (nothing references it any more).
 */
async function keysKeepTheirItem(db: Kysely<unknown>, keep: boolean) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ name: string }>`
      select con.conname as name from pg_constraint con
      where con.conrelid = 'licence_keys'::regclass and con.contype = 'f' and con.confrelid = 'catalogue_items'::regclass`.execute(db);
    for (const { name } of rows) await sql`alter table licence_keys drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table licence_keys add constraint licence_keys_item_id_fkey foreign key (item_id) references catalogue_items (id) ${sql.raw(
      keep ? "" : "on delete cascade",
    )}`.execute(db);
    return;
  }
  await db.schema
    .createTable("licence_keys_new")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("item_id", "text", (c) => {
      const column = c.notNull().references("catalogue_items.id");
      return keep ? column : column.onDelete("cascade");
    })
    .addColumn("code_secret", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("line_id", "text", (c) => c.references("order_lines.id").onDelete("set null"))
    .addColumn("added_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .addColumn("cost", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("licence_keys_code_unique", ["item_id", "code_hash"])
    .execute();
  await sql`
    insert into licence_keys_new (id, item_id, code_secret, code_hash, line_id, added_at, delivered_at, cost)
    select id, item_id, code_secret, code_hash, line_id, added_at, delivered_at, cost from licence_keys`.execute(db);
  await db.schema.dropTable("licence_keys").execute();
  await db.schema.alterTable("licence_keys_new").renameTo("licence_keys").execute();
  await db.schema.createIndex("licence_keys_stock_idx").on("licence_keys").columns(["item_id", "delivered_at"]).execute();
  await db.schema.createIndex("licence_keys_line_idx").on("licence_keys").column("line_id").execute();
  await db.schema.createIndex("licence_keys_delivered_idx").on("licence_keys").column("delivered_at").execute();
}
