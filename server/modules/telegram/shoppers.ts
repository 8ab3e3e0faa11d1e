import { createHash, randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Api } from "grammy";
import type { CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message } from "grammy/types";
import { addDays } from "../../../domain/ledger/settings";
import { absoluteLink } from "../../../domain/shared/links";
import { localHref, type Locale } from "../../../domain/shared/locale";
import { localeOfTelegramUser as localeOf } from "../../../domain/telegram/notices";
import { daysUntil } from "../../../domain/orders/dates";
import { renewalPath } from "../../../domain/orders/order-page";
import { shopToday } from "../../../domain/shared/shop-time";
import {
  readLaterData,
  reminderDue,
  SHOPPER_REPLIES,
  SHOPPER_TOKEN_MINUTES,
  shopperMessage,
  shopperWords,
  STOP_DATA,
  type ShopperEvent,
} from "../../../domain/telegram/shopper-notices";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { conflict } from "../../errors";
import type { Outbox } from "../outbox/service";
import { createTelegramRepository, type StoredChat } from "./repository";
import { createShopperChatsRepository } from "./shoppers-repository";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface ShopperDependencies {
  publicUrl: string | undefined;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
  shopperOrders: {
    /** The order a shopper's link names, its key checked (and wrong keys counted) as on the order page. */
    forPayment(reference: string, key: string, address: string): Promise<{ id: string; reference: string }>;
    shopperPathOf(orderId: string): Promise<{ reference: string; path: string; language: Locale } | null>;
  };
  customers: {
    /** The customer whose customer link has this key, checked (and wrong keys counted) as on their page (ADR 0104). */
    phoneOfKey(key: string, address: string): Promise<string>;
    /** The path of the customer's page (`/my/<key>`) while their link stands; null without one, or when its copy cannot be opened. */
    pathOf(phone: string): Promise<string | null>;
  };
  /** Where the shoppers' renewal reminders are written, and who follows an order (../outbox). */
  notices: Pick<Outbox, "tellFollowers" | "followedOrders">;
}

/**
 * Shoppers who ask for updates on Telegram (ADR 0107): the order page's one-time deep link, `/start
 * <token>` tying the chat to that order alone; the customer link's page's, tying it to the customer and so to all
 * their orders (ADR 0116: a phone typed at checkout proves nothing); the notices written for the chats that follow
 * an order, and Stop. Through the seller's bot, its outbox and its one worker (ADR 0105); the notices of an order's
 * moves, of a problem's news and of changed logins are written by the outbox (../outbox, ADR 0121), sent from here.
 */
export function createShopperUpdates(db: Db, clock: Clock, deps: ShopperDependencies) {
  const repository = createShopperChatsRepository();
  const chats = createTelegramRepository();
  const now = () => clock().toISOString();

  async function orderFacts(orderId: string) {
    return db.selectFrom("orders").select(["id", "reference", "language", "phone_key as phoneKey"]).where("id", "=", orderId).executeTakeFirst();
  }

  const send = (api: Api, chatId: number | string, text: string, keyboard?: InlineKeyboardButton[][]) =>
    api.sendMessage(chatId, text, {
      link_preview_options: { is_disabled: true },
      ...(keyboard ? { reply_markup: { inline_keyboard: keyboard } } : {}),
    });

  async function deepLink(what: { orderId: string } | { phone: string }): Promise<{ link: string; expiresAt: string }> {
    const bot = await chats.bot(db);
    if (!bot) throw conflict("The shop does not send updates on Telegram");
    const token = randomBytes(18).toString("base64url");
    const expiresAt = new Date(clock().getTime() + SHOPPER_TOKEN_MINUTES * 60_000).toISOString();
    await repository.saveShopperLink(db, { codeHash: hashToken(token), expiresAt, ...what }, now());
    return { link: `https://t.me/${bot.username}?start=${token}`, expiresAt };
  }

  /** The language of a customer's latest order, for the bot's replies to a chat that follows them. */
  async function customerLanguage(phone: string): Promise<Locale> {
    const latest = await db
      .selectFrom("orders")
      .select("language")
      .where("phone_key", "=", phone)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return latest?.language === "ne" ? "ne" : "en";
  }

  return {
    /** Whether the order page offers updates (a bot is connected), and whether a chat hears about this order already. */
    async forOrderPage(reference: string): Promise<{ offered: boolean; following: boolean }> {
      const [bot, order] = await Promise.all([
        chats.bot(db),
        db.selectFrom("orders").select(["id", "phone_key"]).where("reference", "=", reference).executeTakeFirst(),
      ]);
      if (!bot || !order) return { offered: false, following: false };
      const followed = await deps.notices.followedOrders([{ id: order.id, phoneKey: order.phone_key }]);
      return { offered: true, following: followed.has(order.id) };
    },

    /** Whether a customer link's page offers updates (a bot is connected), and whether a chat follows that customer from it. */
    async forCustomerPage(phone: string): Promise<{ offered: boolean; following: boolean }> {
      const [bot, follow] = await Promise.all([
        chats.bot(db),
        db.selectFrom("telegram_follows").select("id").where("phone", "=", phone).limit(1).executeTakeFirst(),
      ]);
      return { offered: bot !== undefined, following: follow !== undefined };
    },

    /** A deep link to the bot that ties the chat it is opened in to this order: one use, 30 minutes, only its hash kept. */
    async link(reference: string, key: string, address: string): Promise<{ link: string; expiresAt: string }> {
      const order = await deps.shopperOrders.forPayment(reference, key, address);
      return deepLink({ orderId: order.id });
    },

    /** The same from a customer link's page: ties the chat to that customer, so to all their orders, later ones too. */
    async linkForCustomer(key: string, address: string): Promise<{ link: string; expiresAt: string }> {
      return deepLink({ phone: await deps.customers.phoneOfKey(key, address) });
    },

    /** `/start <token>` from the order page's link. */
    async onStart(api: Api, message: Message, token: string, known: StoredChat | undefined) {
      const chatId = String(message.chat.id);
      const fallback = known?.language ?? localeOf(message.from?.language_code);
      // A seller's chat stays the seller's: it never takes the shopper's role.
      if (known?.role === "admin") return send(api, message.chat.id, SHOPPER_REPLIES[fallback].sellerChat);
      const link = await repository.takeShopperLink(db, hashToken(token), now());
      if (link && "phone" in link) {
        const locale = await customerLanguage(link.phone);
        const chat = await repository.shopperChat(db, chatId, locale, now());
        await repository.follow(db, chat.id, { phone: link.phone }, now());
        deps.log.info("telegram: a shopper's chat follows a customer's orders, from their customer link");
        return send(api, message.chat.id, SHOPPER_REPLIES[locale].followingAll, [[{ text: shopperWords(locale).stop, callback_data: STOP_DATA }]]);
      }
      const order = link ? await orderFacts(link.orderId) : undefined;
      if (!order) return send(api, message.chat.id, SHOPPER_REPLIES[fallback].unknownToken);
      const locale: Locale = order.language === "ne" ? "ne" : "en";
      const chat = await repository.shopperChat(db, chatId, locale, now());
      await repository.follow(db, chat.id, { orderId: order.id }, now());
      deps.log.info({ reference: order.reference }, "telegram: a shopper's chat follows an order");
      // That order alone: its phone proves nothing, anyone may type any phone at checkout (ADR 0116).
      return send(api, message.chat.id, SHOPPER_REPLIES[locale].following(order.reference), [
        [{ text: shopperWords(locale).stop, callback_data: STOP_DATA }],
      ]);
    },

    /** A shopper's chat ends its updates (/stop, or the Stop button): the chat and all it follows go. */
    async stop(api: Api, chat: StoredChat) {
      await chats.deleteChat(db, { id: chat.id });
      deps.log.info("telegram: a shopper's chat stopped its updates");
      await send(api, chat.chatId, SHOPPER_REPLIES[chat.language].stopped);
    },

    /** The shoppers' buttons (Stop, later orders too); false when the press is not one of theirs. */
    async onPress(api: Api, query: CallbackQuery): Promise<boolean> {
      const data = query.data ?? "";
      const followId = readLaterData(data);
      if (data !== STOP_DATA && !followId) return false;
      const chat = query.message ? await chats.chatByTelegramId(db, String(query.message.chat.id)) : undefined;
      const replies = SHOPPER_REPLIES[chat?.language ?? localeOf(query.from.language_code)];
      if (!chat || chat.role !== "shopper") {
        await api.answerCallbackQuery(query.id, { text: replies.notYours, show_alert: true });
        return true;
      }
      if (data === STOP_DATA) {
        await api.answerCallbackQuery(query.id, { text: replies.stopped });
        await this.stop(api, chat);
        return true;
      }
      // "Yes, my later orders too" under a welcome sent before ADR 0116: an order's link no longer reaches its
      // phone's other orders. The shopper is told where to ask for all of them.
      await api.answerCallbackQuery(query.id, { text: replies.laterMoved, show_alert: true });
      return true;
    },

    /**
     * The message of a shopper's notice for this chat, in its order's language, with Renew where it fits, and Stop.
     * Its link is one the chat was given: the order's own (with its key) when the chat followed that order's link;
     * the customer's page when it follows the customer from that page (ADR 0116), never a key it did not hold.
     */
    async render(event: ShopperEvent, chat: Pick<StoredChat, "id">): Promise<{ text: string; keyboard: InlineKeyboardMarkup }> {
      const order = await orderFacts(event.orderId);
      const locale: Locale = order?.language === "ne" ? "ne" : "en";
      const words = shopperWords(locale);
      const own = order ? await repository.followsOrder(db, chat.id, order.id) : false;
      const path = own
        ? (await deps.shopperOrders.shopperPathOf(event.orderId))?.path
        : order?.phoneKey
          ? await deps.customers.pathOf(order.phoneKey)
          : null;
      // A renewal reminder opens that line's renewal, chosen already, to pay in a tap (issue 46).
      const target = path && event.kind === "shopper-renewal" ? renewalPath(path, event.lineId) : path;
      const orderUrl = target ? absoluteLink(deps.publicUrl, localHref(locale, target)) : "";
      const daysLeft = event.kind === "shopper-renewal" ? daysUntil(event.expiryDate, shopToday(clock())) : undefined;
      const text = shopperMessage(event, locale, {
        reference: order?.reference ?? "",
        orderUrl,
        customerPage: !own,
        ...(daysLeft !== undefined ? { daysLeft } : {}),
      });
      const rows: InlineKeyboardButton[][] = [];
      if (event.kind === "shopper-renewal" && /^https?:\/\//.test(orderUrl)) rows.push([{ text: words.renew, url: orderUrl }]);
      rows.push([{ text: words.stop, callback_data: STOP_DATA }]);
      return { text, keyboard: { inline_keyboard: rows } };
    },

    /**
     * Renewal reminders 3 days and 1 day before a followed line ends, each written once per chat (the outbox's
     * unique dedupe: whichever instance or restart writes it first, the others' are nothing).
     */
    async scanRenewals(): Promise<void> {
      const today = shopToday(clock());
      for (const line of await repository.followedLinesEnding(db, today, addDays(today, 3))) {
        const which = reminderDue(daysUntil(line.expiryDate!, today));
        if (!which) continue;
        const event: ShopperEvent = {
          kind: "shopper-renewal",
          orderId: line.orderId,
          lineId: line.lineId,
          name: line.name,
          expiryDate: line.expiryDate!,
        };
        await deps.notices.tellFollowers(db, event, `shopper-renewal:${line.lineId}:${line.expiryDate}:${which}`);
      }
    },
  };
}
export type ShopperUpdates = ReturnType<typeof createShopperUpdates>;
