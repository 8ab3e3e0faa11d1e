import { sql, type Kysely, type Migration } from "kysely";

/**
 * Online payments: proved with Khalti, eSewa or Fonepay rather than claimed (ADR 0098).
 * - `payment_gateways`: each gateway's settings; its secrets sealed with the shop's secrets key (ADR 0080).
 * - `payments`: one row per attempt, keyed by our own random id; the gateway's reference (pidx,
 *   transaction_uuid, prn) is unique per gateway, and at most one payment of an order is `paid`.
 * - `orders.paid_via*`: which gateway proved the payment, its transaction id and amount.
 * - `secret_reveals.gateway`: a revealed merchant secret is logged as account passwords are.
 */
export const onlinePayments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("payment_gateways")
      .addColumn("gateway", "text", (c) => c.primaryKey())
      .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("merchant_code", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("username", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("secret_sealed", "text")
      .addColumn("password_sealed", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("payments")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("gateway", "text", (c) => c.notNull())
      .addColumn("gateway_ref", "text")
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      .addColumn("amount", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("transaction_id", "text")
      .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("browser_hash", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("checked_at", "text")
      .execute();
    await db.schema.createIndex("payments_gateway_ref").unique().on("payments").columns(["gateway", "gateway_ref"]).execute();
    await db.schema.createIndex("payments_order").on("payments").column("order_id").execute();
    // One proved payment per order: a second one, however it races, is a duplicate for the seller to check.
    await sql`create unique index payments_one_paid on payments (order_id) where status = 'paid'`.execute(db);

    await db.schema.alterTable("orders").addColumn("paid_via", "text").execute();
    await db.schema.alterTable("orders").addColumn("paid_via_transaction", "text").execute();
    await db.schema.alterTable("orders").addColumn("paid_via_amount", "integer").execute();
    await db.schema.alterTable("secret_reveals").addColumn("gateway", "text").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("secret_reveals").dropColumn("gateway").execute();
    await db.schema.alterTable("orders").dropColumn("paid_via_amount").execute();
    await db.schema.alterTable("orders").dropColumn("paid_via_transaction").execute();
    await db.schema.alterTable("orders").dropColumn("paid_via").execute();
    await db.schema.dropTable("payments").execute();
    await db.schema.dropTable("payment_gateways").execute();
  },
};
