import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { ChatPrefs } from "../../../domain/telegram/schemas";
import type { Db } from "../../db/database";
import type { TelegramBotTable, TelegramChatsTable } from "../../db/schema";

const BOT_ROW = "bot";
/** How a reveal of the bot's token is named in the audit log. */
export const BOT_TOKEN_REVEAL = "Telegram bot token";

export type StoredBot = {
  tokenSealed: string;
  botUserId: string;
  username: string;
  name: string;
  webhookSecret: string;
  webhookUrl: string | null;
  lastUpdateId: number;
};

export type StoredChat = {
  id: string;
  chatId: string;
  userId: string;
  title: string;
  role: "admin" | "shopper";
  adminId: string | null;
  language: "en" | "ne";
  quietStart: string | null;
  quietEnd: string | null;
  digestAt: string | null;
  createdAt: string;
};

const botOf = (row: Selectable<TelegramBotTable>): StoredBot => ({
  tokenSealed: row.token_sealed,
  botUserId: row.bot_user_id,
  username: row.username,
  name: row.name,
  webhookSecret: row.webhook_secret,
  webhookUrl: row.webhook_url,
  lastUpdateId: Number(row.last_update_id),
});

export const chatOf = (row: Selectable<TelegramChatsTable>): StoredChat => ({
  id: row.id,
  chatId: row.chat_id,
  userId: row.user_id,
  title: row.title,
  role: row.role === "shopper" ? "shopper" : "admin",
  adminId: row.admin_id,
  language: row.language === "ne" ? "ne" : "en",
  quietStart: row.quiet_start,
  quietEnd: row.quiet_end,
  digestAt: row.digest_at,
  createdAt: row.created_at,
});

/** The seller's bot and the chats connected to it: its token and webhook, the admins' chats and their one-time codes. */
export function createTelegramRepository() {
  return {
    async bot(db: Db): Promise<StoredBot | undefined> {
      const row = await db.selectFrom("telegram_bot").selectAll().where("id", "=", BOT_ROW).executeTakeFirst();
      return row ? botOf(row) : undefined;
    },

    async saveBot(db: Db, bot: Omit<StoredBot, "webhookUrl" | "lastUpdateId">, now: string) {
      const values = {
        token_sealed: bot.tokenSealed,
        bot_user_id: bot.botUserId,
        username: bot.username,
        name: bot.name,
        webhook_secret: bot.webhookSecret,
        webhook_url: null,
        updated_at: now,
      };
      await db
        .insertInto("telegram_bot")
        .values({ id: BOT_ROW, ...values, last_update_id: 0 })
        .onConflict((oc) => oc.column("id").doUpdateSet(values))
        .execute();
    },

    async deleteBot(db: Db) {
      await db.deleteFrom("telegram_bot").execute();
    },

    async setWebhookUrl(db: Db, url: string | null) {
      await db.updateTable("telegram_bot").set({ webhook_url: url }).where("id", "=", BOT_ROW).execute();
    },

    /** Only forward: of two pollers in a handover, the later update wins. */
    async setLastUpdate(db: Db, updateId: number) {
      await db
        .updateTable("telegram_bot")
        .set({ last_update_id: updateId })
        .where("id", "=", BOT_ROW)
        .where("last_update_id", "<", updateId)
        .execute();
    },

    /** The token's reveals in the audit log (ADR 0100): a secret of kind "other" named so. */
    async reveals(db: Db) {
      return db
        .selectFrom("secret_reveals")
        .select(["admin_email as adminEmail", "at"])
        .where("kind", "=", "other")
        .where("what", "=", BOT_TOKEN_REVEAL)
        .orderBy("at", "desc")
        .limit(50)
        .execute();
    },

    // ---- chats

    async chats(db: Db): Promise<Array<StoredChat & { adminEmail: string | null; adminName: string | null }>> {
      const rows = await db
        .selectFrom("telegram_chats as c")
        .leftJoin("admin_users as a", "a.id", "c.admin_id")
        .selectAll("c")
        .select(["a.email as admin_email", "a.name as admin_name"])
        .where("c.role", "=", "admin")
        .orderBy("c.created_at")
        .orderBy("c.id")
        .execute();
      return rows.map((row) => ({ ...chatOf(row), adminEmail: row.admin_email, adminName: row.admin_name }));
    },

    async chat(db: Db, id: string): Promise<StoredChat | undefined> {
      const row = await db.selectFrom("telegram_chats").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? chatOf(row) : undefined;
    },

    async chatByTelegramId(db: Db, chatId: string): Promise<StoredChat | undefined> {
      const row = await db.selectFrom("telegram_chats").selectAll().where("chat_id", "=", chatId).executeTakeFirst();
      return row ? chatOf(row) : undefined;
    },

    /** Ties a Telegram chat to an admin; a chat connected before (by anyone) moves to them. */
    async connectChat(db: Db, chat: { chatId: string; userId: string; title: string; adminId: string; language: "en" | "ne" }, now: string) {
      const values = { user_id: chat.userId, title: chat.title, role: "admin", admin_id: chat.adminId, updated_at: now };
      await db
        .insertInto("telegram_chats")
        .values({ id: randomUUID(), chat_id: chat.chatId, ...values, language: chat.language, created_at: now })
        .onConflict((oc) => oc.column("chat_id").doUpdateSet(values))
        .execute();
    },

    async setPrefs(db: Db, id: string, prefs: ChatPrefs, now: string): Promise<boolean> {
      const result = await db
        .updateTable("telegram_chats")
        .set({ language: prefs.language, quiet_start: prefs.quietStart, quiet_end: prefs.quietEnd, digest_at: prefs.digestAt, updated_at: now })
        .where("id", "=", id)
        .executeTakeFirst();
      // What was held under the old hours is looked at again under the new ones.
      await db.updateTable("notices").set({ status: "pending", next_try_at: now }).where("chat_id", "=", id).where("status", "=", "held").execute();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteChat(db: Db, where: { id: string } | { chatId: string }): Promise<boolean> {
      const result = await db
        .deleteFrom("telegram_chats")
        .where("id" in where ? "id" : "chat_id", "=", "id" in where ? where.id : where.chatId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteAllChats(db: Db) {
      await db.deleteFrom("telegram_chats").execute();
      await db.deleteFrom("telegram_links").execute();
    },

    // ---- one-time codes

    async saveLink(db: Db, link: { codeHash: string; adminId: string; expiresAt: string }, now: string) {
      // One live code per admin: a new one replaces theirs.
      await db.deleteFrom("telegram_links").where("admin_id", "=", link.adminId).execute();
      await db
        .insertInto("telegram_links")
        .values({ code_hash: link.codeHash, role: "admin", admin_id: link.adminId, expires_at: link.expiresAt, created_at: now })
        .execute();
    },

    /** Uses a code once: the admin it names while it has not expired, else null. */
    async takeLink(db: Db, codeHash: string, now: string): Promise<{ adminId: string } | null> {
      const row = await db.deleteFrom("telegram_links").where("code_hash", "=", codeHash).returning(["admin_id", "expires_at"]).executeTakeFirst();
      await db.deleteFrom("telegram_links").where("expires_at", "<", now).execute();
      return row && row.admin_id && row.expires_at > now ? { adminId: row.admin_id } : null;
    },
  };
}
