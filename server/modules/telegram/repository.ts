import { randomBytes, randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { ChatPrefs, NoticeAction, NoticeEvent, Press } from "../../../domain/notices";
import type { ShopperEvent } from "../../../domain/shopper-notices";
import type { Db } from "../../db/database";
import type { NoticesTable, TelegramBotTable, TelegramChatsTable } from "../../db/schema";

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

export type StoredNotice = {
  id: string;
  chatId: string;
  event: NoticeEvent | ShopperEvent;
  status: string;
  attempts: number;
  messageId: string | null;
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

const chatOf = (row: Selectable<TelegramChatsTable>): StoredChat => ({
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

const noticeOf = (row: Selectable<NoticesTable>): StoredNotice => ({
  id: row.id,
  chatId: row.chat_id,
  event: { kind: row.kind, ...JSON.parse(row.payload) } as NoticeEvent | ShopperEvent,
  status: row.status,
  attempts: row.attempts,
  messageId: row.message_id,
  createdAt: row.created_at,
});

/** A notice's id goes into Telegram's callback data (64 bytes): short, random, URL-safe. */
const newNoticeId = () => randomBytes(12).toString("base64url");

/** One notice of `event` for each of these chats; with `dedupe`, a chat told before is not told again. */
async function insertNotices(db: Db, chatIds: readonly string[], event: NoticeEvent | ShopperEvent, now: string, dedupe?: string): Promise<number> {
  if (chatIds.length === 0) return 0;
  const { kind, ...facts } = event;
  const rows = chatIds.map((chatId) => ({
    id: newNoticeId(),
    chat_id: chatId,
    kind,
    payload: JSON.stringify(facts),
    dedupe: dedupe ?? null,
    status: "pending",
    next_try_at: now,
    created_at: now,
  }));
  const result = await db
    .insertInto("notices")
    .values(rows)
    .onConflict((oc) => oc.columns(["chat_id", "dedupe"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export type Follow = { id: string; chatId: string; orderId: string | null; phone: string | null };

/** Seats held now, with the order of the line holding each and the service of its account. */
const heldSeats = (db: Db) =>
  db
    .selectFrom("seat_assignments as sa")
    .innerJoin("account_seats as s", "s.id", "sa.seat_id")
    .innerJoin("provider_accounts as a", "a.id", "s.account_id")
    .innerJoin("order_lines as l", "l.id", "sa.line_id")
    .select(["l.order_id as orderId", "l.name as item"])
    .where("sa.ended_at", "is", null);

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

    // ---- the outbox

    /** One notice per admin chat, in the caller's transaction; with `dedupe`, a chat told before is not told again. */
    async record(db: Db, event: NoticeEvent, now: string, dedupe?: string): Promise<number> {
      const chats = await db.selectFrom("telegram_chats").select("id").where("role", "=", "admin").execute();
      return insertNotices(
        db,
        chats.map((chat) => chat.id),
        event,
        now,
        dedupe,
      );
    },

    /** A notice of `event` for each of these (shoppers') chats, in the caller's transaction. */
    recordFor: insertNotices,

    // ---- shoppers' chats (ADR 0107)

    /** A shopper's one-time token: for an order (its page's link) or for a customer (their customer link's page, ADR 0116). */
    async saveShopperLink(db: Db, link: { codeHash: string; expiresAt: string } & ({ orderId: string } | { phone: string }), now: string) {
      await db.deleteFrom("telegram_links").where("expires_at", "<", now).execute();
      await db
        .insertInto("telegram_links")
        .values({
          code_hash: link.codeHash,
          role: "shopper",
          admin_id: null,
          order_id: "orderId" in link ? link.orderId : null,
          phone: "phone" in link ? link.phone : null,
          expires_at: link.expiresAt,
          created_at: now,
        })
        .execute();
    },

    /** Uses a shopper's token once: the order or the customer it names while it has not expired, else null. */
    async takeShopperLink(db: Db, codeHash: string, now: string): Promise<{ orderId: string } | { phone: string } | null> {
      const row = await db
        .deleteFrom("telegram_links")
        .where("code_hash", "=", codeHash)
        .where("role", "=", "shopper")
        .returning(["order_id", "phone", "expires_at"])
        .executeTakeFirst();
      if (!row || row.expires_at <= now) return null;
      if (row.order_id) return { orderId: row.order_id };
      return row.phone ? { phone: row.phone } : null;
    },

    /** A shopper's chat: its Telegram id and language, nothing else of theirs (no name, no user). */
    async shopperChat(db: Db, chatId: string, language: "en" | "ne", now: string): Promise<StoredChat> {
      await db
        .insertInto("telegram_chats")
        .values({
          id: randomUUID(),
          chat_id: chatId,
          user_id: "",
          title: "",
          role: "shopper",
          admin_id: null,
          language,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("chat_id").doNothing())
        .execute();
      const row = await db.selectFrom("telegram_chats").selectAll().where("chat_id", "=", chatId).executeTakeFirstOrThrow();
      return chatOf(row);
    },

    /** Ties a chat to an order or a phone (once); answers the tie. */
    async follow(db: Db, chatId: string, what: { orderId: string } | { phone: string }, now: string): Promise<Follow> {
      const column = "orderId" in what ? "order_id" : "phone";
      const value = "orderId" in what ? what.orderId : what.phone;
      await db
        .insertInto("telegram_follows")
        .values({ id: newNoticeId(), chat_id: chatId, order_id: null, phone: null, [column]: value, created_at: now })
        .onConflict((oc) => oc.columns([column, "chat_id"]).doNothing())
        .execute();
      const row = await db
        .selectFrom("telegram_follows")
        .selectAll()
        .where("chat_id", "=", chatId)
        .where(column, "=", value)
        .executeTakeFirstOrThrow();
      return { id: row.id, chatId: row.chat_id, orderId: row.order_id, phone: row.phone };
    },

    /** Whether this chat is tied to this order itself (its page's link), not only to its customer. */
    async followsOrder(db: Db, chatId: string, orderId: string): Promise<boolean> {
      const row = await db
        .selectFrom("telegram_follows")
        .select("id")
        .where("chat_id", "=", chatId)
        .where("order_id", "=", orderId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The chats that hear about an order: tied to it, or to its customer's phone. */
    async followersOf(db: Db, orderId: string): Promise<string[]> {
      const rows = await db
        .selectFrom("telegram_follows as f")
        .select("f.chat_id")
        .distinct()
        .where((eb) =>
          eb.or([
            eb("f.order_id", "=", orderId),
            eb("f.phone", "in", eb.selectFrom("orders").select("phone_key").where("id", "=", orderId).where("phone_key", "is not", null)),
          ]),
        )
        .execute();
      return rows.map((row) => row.chat_id);
    },

    /** Of these orders, those a shopper's chat hears about. */
    async followedOrders(db: Db, orders: ReadonlyArray<{ id: string; phoneKey: string | null }>): Promise<Set<string>> {
      if (orders.length === 0) return new Set();
      const phones = [...new Set(orders.map((order) => order.phoneKey).filter((phone): phone is string => phone !== null))];
      const rows = await db
        .selectFrom("telegram_follows")
        .select(["order_id", "phone"])
        .where((eb) =>
          eb.or([
            eb(
              "order_id",
              "in",
              orders.map((order) => order.id),
            ),
            ...(phones.length ? [eb("phone", "in", phones)] : []),
          ]),
        )
        .execute();
      const ids = new Set(rows.map((row) => row.order_id));
      const byPhone = new Set(rows.map((row) => row.phone));
      return new Set(
        orders.filter((order) => ids.has(order.id) || (order.phoneKey !== null && byPhone.has(order.phoneKey))).map((order) => order.id),
      );
    },

    /** Whether a shopper's chat hears about this customer: by their phone, or one of their orders. */
    async followsCustomer(db: Db, phoneKey: string): Promise<boolean> {
      const row = await db
        .selectFrom("telegram_follows")
        .select("id")
        .where((eb) =>
          eb.or([eb("phone", "=", phoneKey), eb("order_id", "in", eb.selectFrom("orders").select("id").where("phone_key", "=", phoneKey))]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Delivered lines, not renewed, ending between `from` and `to`, of orders some shopper's chat hears about. */
    async followedLinesEnding(db: Db, from: string, to: string) {
      return db
        .selectFrom("order_lines as l")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select(["l.id as lineId", "l.order_id as orderId", "l.name", "l.expiry_date as expiryDate"])
        .where("o.status", "=", "delivered")
        .where("l.renewal_order_id", "is", null)
        .where("l.expiry_date", ">=", from)
        .where("l.expiry_date", "<=", to)
        .where((eb) =>
          eb.or([
            eb.exists(eb.selectFrom("telegram_follows as f").select("f.id").whereRef("f.order_id", "=", "o.id")),
            eb.exists(eb.selectFrom("telegram_follows as f").select("f.id").whereRef("f.phone", "=", "o.phone_key")),
          ]),
        )
        .orderBy("l.expiry_date")
        .execute();
    },

    /** The lines holding a seat of this provider account now, with what each shopper bought. */
    async holdersOf(db: Db, accountId: string) {
      return heldSeats(db).where("s.account_id", "=", accountId).execute();
    },

    /** The orders of these lines, with what each shopper bought. */
    async holdersOfLines(db: Db, lineIds: readonly string[]) {
      if (!lineIds.length) return [];
      return heldSeats(db)
        .where("sa.line_id", "in", [...lineIds])
        .execute();
    },

    async notice(db: Db, id: string): Promise<StoredNotice | undefined> {
      const row = await db.selectFrom("notices").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? noticeOf(row) : undefined;
    },

    /** Notices whose send was claimed by a worker that stopped before it finished: due again. */
    async releaseStale(db: Db, now: string) {
      await db
        .updateTable("notices")
        .set({ status: "pending", claim: null, claimed_until: null })
        .where("status", "=", "sending")
        .where("claimed_until", "<", now)
        .execute();
    },

    /** The ids of notices due now, oldest first. */
    async due(db: Db, now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("notices")
        .select("id")
        .where("status", "=", "pending")
        .where("next_try_at", "<=", now)
        .orderBy("created_at")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Claims one due notice for sending; false when another worker has it, or it is no longer due. */
    async claim(db: Db, id: string, now: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable("notices")
        .set({ status: "sending", claimed_until: until })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where("next_try_at", "<=", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async hold(db: Db, id: string, until: string) {
      await db
        .updateTable("notices")
        .set({ status: "held", next_try_at: until, claimed_until: null })
        .where("id", "=", id)
        .where("status", "=", "sending")
        .execute();
    },

    /** Recorded once: only the claim that sent it moves a notice to sent. */
    async sent(db: Db, ids: readonly string[], messageId: string, now: string, digest: boolean) {
      await db
        .updateTable("notices")
        .set({ status: "sent", message_id: messageId, sent_at: now, claim: null, claimed_until: null, digest: digest ? 1 : 0, error: "" })
        .where("id", "in", ids)
        .where("status", "=", "sending")
        .execute();
    },

    /** Not sent: tried again at `next`, held again when `held`, or given up (`next` null). */
    async notSent(db: Db, ids: readonly string[], error: string, next: string | null, held: boolean) {
      if (ids.length === 0) return;
      await db
        .updateTable("notices")
        .set((eb) => ({
          status: next === null ? "failed" : held ? "held" : "pending",
          attempts: eb("attempts", "+", 1),
          next_try_at: next ?? eb.ref("next_try_at"),
          claim: null,
          claimed_until: null,
          error: error.slice(0, 500),
        }))
        .where("id", "in", ids)
        .where("status", "=", "sending")
        .execute();
    },

    /** The chats some of whose held notices are due, with how many. */
    async heldDue(db: Db, now: string): Promise<string[]> {
      const rows = await db.selectFrom("notices").select("chat_id").distinct().where("status", "=", "held").where("next_try_at", "<=", now).execute();
      return rows.map((row) => row.chat_id);
    },

    /** Claims a chat's held notices that are due, together, for one digest message. */
    async claimHeld(db: Db, chatId: string, now: string, until: string): Promise<StoredNotice[]> {
      const claim = randomUUID();
      await db
        .updateTable("notices")
        .set({ status: "sending", claim, claimed_until: until })
        .where("chat_id", "=", chatId)
        .where("status", "=", "held")
        .where("next_try_at", "<=", now)
        .execute();
      const rows = await db.selectFrom("notices").selectAll().where("claim", "=", claim).orderBy("created_at").orderBy("id").execute();
      return rows.map(noticeOf);
    },

    /** A month after they were sent or given up, notices go. */
    async sweep(db: Db, before: string) {
      await db.deleteFrom("notices").where("status", "in", ["sent", "failed"]).where("created_at", "<", before).execute();
    },

    async failedSince(db: Db, since: string): Promise<number> {
      const row = await db
        .selectFrom("notices")
        .select((eb) => eb.fn.countAll<string | number>().as("count"))
        .where("status", "=", "failed")
        .where("created_at", ">=", since)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    // ---- buttons

    async presses(db: Db, noticeId: string): Promise<Press[]> {
      const rows = await db.selectFrom("notice_presses").selectAll().where("notice_id", "=", noticeId).orderBy("at").execute();
      return rows.map((row) => ({ action: row.action as NoticeAction, adminName: row.admin_name, at: row.at }));
    },

    /** Takes a button's one press: false when it was pressed before (the primary key says so). */
    async press(db: Db, noticeId: string, action: NoticeAction, adminName: string, now: string): Promise<boolean> {
      const result = await db
        .insertInto("notice_presses")
        .values({ notice_id: noticeId, action, admin_name: adminName, at: now })
        .onConflict((oc) => oc.columns(["notice_id", "action"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** A press whose action was refused: the button may be pressed again. */
    async unpress(db: Db, noticeId: string, action: NoticeAction) {
      await db.deleteFrom("notice_presses").where("notice_id", "=", noticeId).where("action", "=", action).execute();
    },
  };
}
