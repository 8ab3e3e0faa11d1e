import type { Kysely, Migration } from "kysely";

/**
 * The seller's Telegram bot (ADR 0105).
 * - `telegram_bot`: the one bot, its token sealed with the shop's secrets key (ADR 0080), what getMe said about
 *   it, the secret Telegram sends with each webhook call, and the last update handled.
 * - `telegram_chats`: the chats the bot talks to. `role` is "admin" for a seller's chat, tied to its admin (gone
 *   with them); shoppers' chats come later under another role. Each has its language, quiet hours and daily digest.
 * - `telegram_links`: one-time codes that tie a chat to an admin (their hash only).
 * - `notices`: the outbox. One row per chat and event, written in the transaction of what happened, sent by the
 *   one worker: `status` pending → sending → sent (or held for quiet hours or the digest, or failed), with its
 *   tries, when to try next, and Telegram's message id once sent. `dedupe` keeps a scheduled check from telling
 *   a chat the same thing twice. The worker sweeps notices a month after they were sent or given up.
 * - `notice_presses`: each button of a notice acts once (its first press).
 * - `order_lines.reminded_at`: when the shopper was last reminded of the line's renewal.
 */
export const telegramBot: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("telegram_bot")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_sealed", "text", (c) => c.notNull())
      .addColumn("bot_user_id", "text", (c) => c.notNull())
      .addColumn("username", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("webhook_secret", "text", (c) => c.notNull())
      .addColumn("webhook_url", "text")
      .addColumn("last_update_id", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("telegram_chats")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("chat_id", "text", (c) => c.notNull().unique())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("admin_id", "text", (c) => c.references("admin_users.id").onDelete("cascade"))
      .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
      .addColumn("quiet_start", "text")
      .addColumn("quiet_end", "text")
      .addColumn("digest_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("telegram_links")
      .addColumn("code_hash", "text", (c) => c.primaryKey())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("admin_id", "text", (c) => c.references("admin_users.id").onDelete("cascade"))
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("notices")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("chat_id", "text", (c) => c.notNull().references("telegram_chats.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("dedupe", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_try_at", "text", (c) => c.notNull())
      .addColumn("claim", "text")
      .addColumn("claimed_until", "text")
      .addColumn("message_id", "text")
      .addColumn("digest", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("sent_at", "text")
      .execute();
    await db.schema.createIndex("notices_due").on("notices").columns(["status", "next_try_at"]).execute();
    await db.schema.createIndex("notices_once").unique().on("notices").columns(["chat_id", "dedupe"]).execute();

    await db.schema
      .createTable("notice_presses")
      .addColumn("notice_id", "text", (c) => c.notNull().references("notices.id").onDelete("cascade"))
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("admin_name", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("notice_presses_pk", ["notice_id", "action"])
      .execute();

    await db.schema.alterTable("order_lines").addColumn("reminded_at", "text").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("order_lines").dropColumn("reminded_at").execute();
    await db.schema.dropTable("notice_presses").execute();
    await db.schema.dropTable("notices").execute();
    await db.schema.dropTable("telegram_links").execute();
    await db.schema.dropTable("telegram_chats").execute();
    await db.schema.dropTable("telegram_bot").execute();
  },
};
