import { sql, type Kysely, type Migration } from "kysely";
import { normalisePhone } from "../../../domain/customers/customers";

/**
 * Customers and money: each order's phone in one form (the customer's identity, ADR 0086), the
 * admin's name and note per customer, and what each licence key cost the shop.
 */
export const customers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("orders").addColumn("phone_key", "text").execute();
    const typed = db as unknown as Kysely<{ orders: { id: string; phone: string | null; phone_key: string | null } }>;
    const rows = await typed.selectFrom("orders").select(["id", "phone"]).where("phone", "is not", null).execute();
    for (const row of rows) {
      const key = normalisePhone(row.phone);
      if (key) await typed.updateTable("orders").set({ phone_key: key }).where("id", "=", row.id).execute();
    }
    // Covers the customers list's aggregate (ADR 0086): grouped by phone without reading the orders' rows.
    await db.schema
      .createIndex("orders_phone_key_idx")
      .on("orders")
      .columns(["phone_key", "status", "created_at", "total", "customer_name"])
      .execute();

    // The reports (ADR 0087): delivered orders by the time their money came in, and lines by their end.
    await sql`create index orders_revenue_idx on orders (status, (coalesce(paid_at, delivered_at, updated_at)), phone_key, total)`.execute(db);
    await db.schema.createIndex("order_lines_ended_idx").on("order_lines").columns(["expiry_date", "renewal_order_id"]).execute();

    await db.schema
      .createTable("customers")
      .addColumn("phone", "text", (c) => c.primaryKey())
      .addColumn("display_name", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`create index customers_name_idx on customers (lower(display_name))`.execute(db);

    // NPR the shop paid for the key; counted as cost on the day the key is given to a customer.
    await db.schema
      .alterTable("licence_keys")
      .addColumn("cost", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex("licence_keys_delivered_idx").on("licence_keys").column("delivered_at").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("licence_keys_delivered_idx").execute();
    await db.schema.alterTable("licence_keys").dropColumn("cost").execute();
    await db.schema.dropTable("customers").execute();
    await db.schema.dropIndex("order_lines_ended_idx").execute();
    await db.schema.dropIndex("orders_revenue_idx").execute();
    await db.schema.dropIndex("orders_phone_key_idx").execute();
    await db.schema.alterTable("orders").dropColumn("phone_key").execute();
  },
};
