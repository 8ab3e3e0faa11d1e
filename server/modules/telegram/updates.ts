import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Api } from "grammy";
import type { CallbackQuery, Message, Update } from "grammy/types";
import type { Locale } from "../../../domain/shared/locale";
import {
  BOT_REPLIES,
  localeOfTelegramUser as localeOf,
  noticeWords,
  readCallbackData,
  type NoticeAction,
  type NoticeEvent,
} from "../../../domain/telegram/notices";
import { SHOPPER_REPLIES, shopperTokenPattern } from "../../../domain/telegram/shopper-notices";
import type { Order, Renewal } from "../../../domain/orders/schemas";
import type { OrderStatus } from "../../../domain/orders/statuses";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, HttpError } from "../../errors";
import type { Actor } from "../actor";
import type { OutboxQueue } from "../outbox/service";
import type { TelegramOutboxService } from "./outbox";
import { createTelegramRepository } from "./repository";
import { hashCode, isShopperEvent, type BotAccess } from "./shared";
import type { ShopperUpdates } from "./shoppers";

type Admin = { id: string; name: string; email: string };
type FollowUp = { text: string; links: Array<{ text: string; url: string }> };

export interface TelegramUpdatesDependencies {
  bot: BotAccess;
  /** The outbox's notices and their buttons' presses. */
  queue: Pick<OutboxQueue, "notice" | "press" | "presses" | "unpress">;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
  shoppers: Pick<ShopperUpdates, "onStart" | "stop" | "onPress">;
  /** A notice shown again as it stands after a press. */
  outbox: Pick<TelegramOutboxService, "refresh">;
  /** The admin's own services, whose checks, 409s and logs the buttons go through. */
  orders: {
    get(reference: string): Promise<Order>;
    changeStatus(reference: string, to: OrderStatus): Promise<unknown>;
  };
  renewals: { remind(lineId: string): Promise<{ data: Renewal }> };
  autoDelivery: { deliverAsSeller(reference: string): Promise<void> };
  delivery: { of(lineId: string, actor: Actor): Promise<{ message: string; whatsappUrl: string | null; telegramUrl: string | null }> };
}

/**
 * What Telegram brings the seller's bot (ADR 0105), by the webhook or the poller: an admin's connect code,
 * /stop, a shopper's /start token, and the presses of a notice's buttons, which act through the admin's own services.
 */
export function createTelegramUpdatesService(db: Db, clock: Clock, deps: TelegramUpdatesDependencies) {
  const repository = createTelegramRepository();
  const { queue } = deps;
  const { log, shoppers } = deps;
  const now = () => clock().toISOString();

  async function adminOf(id: string | null): Promise<Admin | undefined> {
    if (!id) return undefined;
    return db.selectFrom("admin_users").select(["id", "name", "email"]).where("id", "=", id).executeTakeFirst();
  }

  // ---- what Telegram brings

  async function reply(api: Api, chatId: number, text: string) {
    await api.sendMessage(chatId, text, { link_preview_options: { is_disabled: true } });
  }

  async function onMessage(api: Api, message: Message) {
    if (message.chat.type !== "private" || !message.text || !message.from) return;
    const chatId = String(message.chat.id);
    const text = message.text.trim();
    const known = await repository.chatByTelegramId(db, chatId);
    const locale = known?.language ?? localeOf(message.from.language_code);
    const replies = BOT_REPLIES[locale];
    const shopperToken = /^\/start(?:@\w+)?\s+(\S+)$/.exec(text)?.[1];
    if (shopperToken && shopperTokenPattern.test(shopperToken)) return shoppers.onStart(api, message, shopperToken, known);
    if (known?.role === "shopper" && /^\/stop(@\w+)?$/i.test(text)) return shoppers.stop(api, known);
    if (/^\/stop(@\w+)?$/i.test(text)) {
      if (known) {
        await repository.deleteChat(db, { chatId });
        log.info({ telegramChat: chatId }, "telegram: a chat disconnected itself (/stop)");
      }
      return reply(api, message.chat.id, replies.stopped);
    }
    const code = /^(?:\/start(?:@\w+)?\s+)?([A-Za-z0-9]{8})$/.exec(text)?.[1];
    if (code) {
      const link = await repository.takeLink(db, hashCode(code), now());
      const admin = link ? await adminOf(link.adminId) : undefined;
      if (!admin) return reply(api, message.chat.id, replies.unknownCode);
      const title = message.from.username ? `@${message.from.username}` : [message.from.first_name, message.from.last_name].filter(Boolean).join(" ");
      await repository.connectChat(db, { chatId, userId: String(message.from.id), title, adminId: admin.id, language: locale }, now());
      log.info({ admin: admin.email, telegramChat: chatId }, "telegram: a chat was connected");
      return reply(api, message.chat.id, BOT_REPLIES[locale].connected(admin.name || admin.email));
    }
    if (known?.role === "shopper") return reply(api, message.chat.id, SHOPPER_REPLIES[known.language].hello);
    const admin = known ? await adminOf(known.adminId) : undefined;
    return reply(api, message.chat.id, admin ? replies.already(admin.name || admin.email) : replies.hello);
  }

  async function answer(api: Api, query: CallbackQuery, text: string, alert: boolean) {
    await api.answerCallbackQuery(query.id, { text: text.slice(0, 200), show_alert: alert });
  }

  /** What a pressed button does, through the admin's own services; answers what to send next (a message to forward). */
  async function act(action: NoticeAction, event: NoticeEvent, admin: Admin, locale: Locale): Promise<FollowUp[]> {
    const words = noticeWords(locale);
    const links = (whatsappUrl: string | null, telegramUrl: string | null) => [
      ...(whatsappUrl && whatsappUrl.length <= 2048 ? [{ text: words.sendWhatsApp, url: whatsappUrl }] : []),
      ...(telegramUrl && telegramUrl.length <= 2048 ? [{ text: words.sendTelegram, url: telegramUrl }] : []),
    ];
    if (action === "remind" && event.kind === "renewal-due") {
      const renewal = (await deps.renewals.remind(event.lineId)).data;
      log.info({ admin: admin.email, via: "telegram", line: event.lineId }, "renewal reminder taken to send");
      return [{ text: `${words.forward}\n\n${renewal.message}`, links: links(renewal.whatsappUrl, null) }];
    }
    if (event.kind !== "order-placed" && event.kind !== "paid-claimed" && event.kind !== "payment-verified") {
      throw badRequest("This button does not act on this notice");
    }
    if (action === "paid") {
      await deps.orders.changeStatus(event.reference, "paid");
      log.info({ admin: admin.email, via: "telegram", reference: event.reference }, "order marked paid");
      return [];
    }
    if (action === "deliver") {
      await deps.autoDelivery.deliverAsSeller(event.reference);
      log.info({ admin: admin.email, via: "telegram", reference: event.reference }, "order delivered");
      const order = await deps.orders.get(event.reference);
      const messages: FollowUp[] = [];
      // Each reading of a seat's password or a key is written to the reveal log under this admin, as on the screen.
      for (const line of order.lines) {
        const delivery = await deps.delivery.of(line.id, { email: admin.email, address: null });
        messages.push({ text: `${words.forward}\n\n${delivery.message}`, links: links(delivery.whatsappUrl, delivery.telegramUrl) });
      }
      return messages;
    }
    throw badRequest("This button does not act on this notice");
  }

  async function onPress(api: Api, query: CallbackQuery) {
    if (await shoppers.onPress(api, query)) return;
    const parsed = readCallbackData(query.data ?? "");
    const notice = parsed ? await queue.notice(parsed.noticeId) : undefined;
    const chat = notice ? await repository.chat(db, notice.chatId) : undefined;
    const admin = chat ? await adminOf(chat.adminId) : undefined;
    const fromChat = query.message?.chat.id;
    // Only the person who connected the chat, in that chat, on the message that carried this notice.
    const genuine =
      parsed &&
      notice &&
      chat &&
      admin &&
      String(fromChat) === chat.chatId &&
      String(query.from.id) === chat.userId &&
      String(query.message?.message_id) === notice.messageId;
    if (!genuine || isShopperEvent(notice.event)) {
      log.warn(
        { telegramChat: fromChat ?? null, telegramUser: query.from.id },
        "telegram: a button press from outside a connected chat; nothing done",
      );
      return answer(api, query, BOT_REPLIES[chat?.language ?? localeOf(query.from.language_code)].notConnected, true);
    }
    const replies = BOT_REPLIES[chat.language];
    const who = admin.name || admin.email;
    if (!(await queue.press(notice.id, parsed.action, who, now()))) {
      const first = (await queue.presses(notice.id)).find((press) => press.action === parsed.action);
      return answer(api, query, replies.alreadyDone(first?.adminName ?? who), true);
    }
    let followUps: FollowUp[];
    try {
      followUps = await act(parsed.action, notice.event, admin, chat.language);
    } catch (error) {
      await queue.unpress(notice.id, parsed.action);
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      // The state moved on (another admin, the screen): say why, and show the notice as it is now.
      await answer(api, query, error.message, true);
      await deps.outbox.refresh(api, notice, chat);
      return;
    }
    await answer(api, query, replies.done, false);
    await deps.outbox.refresh(api, notice, chat);
    for (const followUp of followUps) {
      await api.sendMessage(chat.chatId, followUp.text, {
        link_preview_options: { is_disabled: true },
        ...(followUp.links.length ? { reply_markup: { inline_keyboard: [followUp.links] } } : {}),
      });
    }
  }

  return {
    /** The webhook's check: the secret Telegram was given with the webhook, compared in constant time. */
    async webhookSecretMatches(given: string | undefined): Promise<boolean> {
      const bot = await repository.bot(db);
      if (!bot || !given) return false;
      const a = createHash("sha256").update(given).digest();
      const b = createHash("sha256").update(bot.webhookSecret).digest();
      return a.equals(b);
    },

    /** What Telegram brought (by the webhook or the poller): a code, /stop, or a button press. */
    async handleUpdate(update: Update): Promise<void> {
      const bot = await deps.bot.currentBot();
      if (!bot) return;
      const api = deps.bot.apiFor(bot.token);
      if (update.callback_query) await onPress(api, update.callback_query);
      else if (update.message) await onMessage(api, update.message);
    },

    noteUpdate: (updateId: number) => repository.setLastUpdate(db, updateId),

    setWebhookUrl: (url: string | null) => repository.setWebhookUrl(db, url),
  };
}
export type TelegramUpdatesService = ReturnType<typeof createTelegramUpdatesService>;
