import type { Kysely, Migration } from "kysely";

export const orders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("orders")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("reference", "text", (c) => c.notNull().unique())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("customer_name", "text")
      .addColumn("phone", "text")
      .addColumn("note", "text", (c) => c.notNull())
      .addColumn("total", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("orders_created_idx").on("orders").column("created_at").execute();
    await db.schema.createIndex("orders_status_created_idx").on("orders").columns(["status", "created_at"]).execute();
    await db.schema.createIndex("orders_phone_idx").on("orders").column("phone").execute();

    await db.schema
      .createTable("order_lines")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      // The item may be deleted later; the line keeps its name and prices as sold.
      .addColumn("item_id", "text", (c) => c.references("catalogue_items.id").onDelete("set null"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("months", "integer", (c) => c.notNull())
      .addColumn("devices", "integer", (c) => c.notNull())
      .addColumn("unit_price", "integer", (c) => c.notNull())
      .addColumn("line_total", "integer", (c) => c.notNull())
      .addColumn("start_date", "text")
      .addColumn("expiry_date", "text")
      .addColumn("renewal_order_id", "text", (c) => c.references("orders.id").onDelete("set null"))
      .execute();
    await db.schema.createIndex("order_lines_order_idx").on("order_lines").columns(["order_id", "position"]).execute();
    await db.schema.createIndex("order_lines_expiry_idx").on("order_lines").column("expiry_date").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("order_lines").execute();
    await db.schema.dropTable("orders").execute();
  },
};
