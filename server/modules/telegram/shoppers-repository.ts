import { randomUUID } from "node:crypto";
import type { Db } from "../../db/database";
import { linesWithOrders } from "../../db/order-shapes";
import { shortId } from "../../db/short-id";
import { chatOf, type StoredChat } from "./repository";

export type Follow = { id: string; chatId: string; orderId: string | null; phone: string | null };

/** Shoppers' chats (ADR 0107): their one-time tokens, the orders and customers they follow, the lines ending that they follow. */
export function createShopperChatsRepository() {
  return {
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
        .values({ id: shortId(), chat_id: chatId, order_id: null, phone: null, [column]: value, created_at: now })
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

    /** Delivered lines, not renewed, ending between `from` and `to`, of orders some shopper's chat hears about. */
    async followedLinesEnding(db: Db, from: string, to: string) {
      return linesWithOrders(db)
        .select(["l.id as lineId", "l.order_id as orderId", "l.name", "l.expiry_date as expiryDate"])
        .where("o.status", "=", "delivered")
        .where("l.renewal_order_id", "is", null)
        .where("l.expiry_date", ">=", from)
        .where("l.refunded_at", "is", null)
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
  };
}
