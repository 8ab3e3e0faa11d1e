import type { Kysely, Migration } from "kysely";

/**
 * Shoppers who ask for updates on Telegram (ADR 0107).
 * - `telegram_links.order_id`: a one-time token made on an order page ties the chat it is sent from to that
 *   order (role "shopper"); only its hash is kept, as for the admins' codes. No foreign key: a token lives
 *   minutes, and SQLite cannot drop a column that has one.
 * - `telegram_follows`: what a shopper's chat hears about: an order (`order_id`), or, once they confirm, every
 *   order of the customer's phone (`phone`, normalised as `orders.phone_key`). Gone with the chat (Stop, a bot
 *   they blocked) or the order.
 */
export const shopperUpdates: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("telegram_links").addColumn("order_id", "text").execute();

    await db.schema
      .createTable("telegram_follows")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("chat_id", "text", (c) => c.notNull().references("telegram_chats.id").onDelete("cascade"))
      .addColumn("order_id", "text", (c) => c.references("orders.id").onDelete("cascade"))
      .addColumn("phone", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("telegram_follows_order").unique().on("telegram_follows").columns(["order_id", "chat_id"]).execute();
    await db.schema.createIndex("telegram_follows_phone").unique().on("telegram_follows").columns(["phone", "chat_id"]).execute();
    await db.schema.createIndex("telegram_follows_chat").on("telegram_follows").column("chat_id").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("telegram_follows").execute();
    await db.schema.alterTable("telegram_links").dropColumn("order_id").execute();
  },
};
