import type { FastifyBaseLogger } from "fastify";
import { GrammyError, type Api } from "grammy";
import type { InlineKeyboardButton, InlineKeyboardMarkup, Message } from "grammy/types";
import { addDays } from "../../../domain/ledger/settings";
import {
  callbackData,
  digestMessage,
  heldUntil,
  noticeMessage,
  noticePath,
  noticeWords,
  type NoticeAction,
  type NoticeEvent,
} from "../../../domain/telegram/notices";
import { awaitsPayment } from "../../../domain/orders/order-page";
import { daysUntil } from "../../../domain/orders/dates";
import { shopToday } from "../../../domain/shared/shop-time";
import type { Order, Renewal } from "../../../domain/orders/schemas";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { HttpError } from "../../errors";
import type { Outbox, OutboxQueue, StoredNotice } from "../outbox/service";
import { createTelegramRepository, type StoredChat } from "./repository";
import { HTML, isShopperEvent, readFailure, type BotAccess } from "./shared";
import type { ShopperUpdates } from "./shoppers";

/** How long a worker's claim on a notice lasts: past it, a worker that stopped mid-send lets it go again. */
const CLAIM_MS = 60_000;
/** Tries before a notice is given up; with the doubling wait, about a day from the first. */
const MAX_ATTEMPTS = 12;
const LONGEST_WAIT_MS = 3_600_000;
/** Notices sent per round; the rest wait for the next tick. */
const BATCH = 50;

type LineSeat = { held: unknown; proposal: unknown; sells: { seats: boolean; keys: boolean } };

const isNotModified = (error: unknown) => error instanceof GrammyError && /message is not modified/i.test(error.description);
/** Telegram's 403: the user blocked the bot (or deleted their account); no try will ever reach them. */
const isBlocked = (error: unknown) => error instanceof GrammyError && error.error_code === 403;

export interface TelegramOutboxDependencies {
  bot: BotAccess;
  /** The outbox's sending side: what is due, claims, holds, sent or not. */
  queue: OutboxQueue;
  /** The checks no request makes write their notices as every module does. */
  notices: Pick<Outbox, "record">;
  retryMs: number;
  publicUrl: string | undefined;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
  /** The admin's own services: what a notice's buttons may still do, and the renewals due the scan tells of. */
  orders: { get(reference: string): Promise<Order> };
  renewals: { due(days: number): Promise<Renewal[]> };
  shoppers: Pick<ShopperUpdates, "render" | "scanRenewals">;
  ledger: {
    lineSeat(lineId: string): Promise<LineSeat>;
    keyStock(): Promise<Array<{ itemId: string; inStock: number }>>;
    levels(): Promise<Map<string, { linked: boolean; free: number; threshold: number }>>;
    itemNames(): Promise<Map<string, string>>;
  };
}

/**
 * The seller's bot's outbox (ADR 0105): the notices the outbox wrote in the transaction that made them
 * happen (../outbox, ADR 0121), each sent once (or held for quiet hours and digests, tried again while Telegram is
 * down), a sent notice shown again as it stands now, and the checks no request makes. The worker (./worker.ts) runs it.
 */
export function createTelegramOutboxService(db: Db, clock: Clock, deps: TelegramOutboxDependencies) {
  const { queue } = deps;
  const chats = createTelegramRepository();
  const { log, shoppers } = deps;
  const now = () => clock().toISOString();
  const adminUrl = (event: NoticeEvent) => (deps.publicUrl ? `${deps.publicUrl}${noticePath(event)}` : null);

  // ---- what a notice shows

  /** Every line of a paid order has a seat or keys it can take now: the Deliver button saves a trip. */
  async function deliverable(order: Order): Promise<boolean> {
    let keys: Map<string, number> | undefined;
    for (const line of order.lines) {
      const seat = await deps.ledger.lineSeat(line.id);
      if (seat.held || seat.proposal) continue;
      keys ??= new Map((await deps.ledger.keyStock()).map((s) => [s.itemId, s.inStock]));
      if (seat.sells.keys && line.itemId && (keys.get(line.itemId) ?? 0) >= line.devices) continue;
      return false;
    }
    return order.lines.length > 0;
  }

  /** The buttons a notice carries now: those its state still allows, each until it is pressed. */
  async function actionsOf(event: NoticeEvent, done: ReadonlySet<NoticeAction>): Promise<NoticeAction[]> {
    if (event.kind === "renewal-due") return done.has("remind") ? [] : ["remind"];
    if (event.kind !== "order-placed" && event.kind !== "paid-claimed" && event.kind !== "payment-verified") return [];
    let order: Order;
    try {
      order = await deps.orders.get(event.reference);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return [];
      throw error;
    }
    if (awaitsPayment(order.status)) return event.kind === "payment-verified" || done.has("paid") ? [] : ["paid"];
    if (order.status === "paid" && !done.has("deliver") && (await deliverable(order))) return ["deliver"];
    return [];
  }

  async function render(notice: StoredNotice, chat: StoredChat): Promise<{ text: string; keyboard: InlineKeyboardMarkup }> {
    if (isShopperEvent(notice.event)) return shoppers.render(notice.event, chat);
    const presses = await queue.presses(notice.id);
    const actions = await actionsOf(notice.event, new Set(presses.map((press) => press.action)));
    const words = noticeWords(chat.language);
    const label = { paid: words.markPaid, deliver: words.deliver, remind: words.remind };
    const row: InlineKeyboardButton[] = actions.map((action) => ({ text: label[action], callback_data: callbackData(action, notice.id) }));
    return {
      text: noticeMessage(notice.event, chat.language, adminUrl(notice.event), presses),
      keyboard: { inline_keyboard: row.length ? [row] : [] },
    };
  }

  /** Shows the notice as it stands now in the message that carried it (after a press, or a press that came too late). */
  async function refresh(api: Api, notice: StoredNotice, chat: StoredChat) {
    if (!notice.messageId) return;
    const { text, keyboard } = await render(notice, chat);
    try {
      await api.editMessageText(chat.chatId, Number(notice.messageId), text, { ...HTML, reply_markup: keyboard });
    } catch (error) {
      if (!isNotModified(error)) throw error;
    }
  }

  // ---- the outbox

  /** When a notice that failed is tried next, or null when it is given up. */
  function nextTry(attempts: number, afterMs: number): string | null {
    if (attempts + 1 >= MAX_ATTEMPTS) return null;
    const wait = Math.max(afterMs, Math.min(deps.retryMs * 2 ** attempts, LONGEST_WAIT_MS));
    return new Date(clock().getTime() + wait).toISOString();
  }

  async function failed(ids: string[], attempts: number, error: unknown, held: boolean): Promise<boolean> {
    const failure = readFailure(error);
    const next = failure.retry ? nextTry(attempts, failure.afterMs) : null;
    await queue.notSent(ids, failure.message, next, held);
    log.warn({ notices: ids.length, retry: next !== null }, "telegram: a notice was not sent: %s", failure.message);
    return failure.retry;
  }

  async function sendOne(api: Api, id: string): Promise<"sent" | "held" | "failed" | "down" | "skipped"> {
    const at = clock();
    if (!(await queue.claim(id, at.toISOString(), new Date(at.getTime() + CLAIM_MS).toISOString()))) return "skipped";
    const notice = (await queue.notice(id))!;
    const chat = await chats.chat(db, notice.chatId);
    if (!chat) return "skipped";
    const held = heldUntil(at, chat);
    if (held) {
      await queue.hold(id, held.until.toISOString());
      return "held";
    }
    let message: Message.TextMessage;
    try {
      const { text, keyboard } = await render(notice, chat);
      message = await api.sendMessage(chat.chatId, text, { ...HTML, ...(keyboard.inline_keyboard.length ? { reply_markup: keyboard } : {}) });
    } catch (error) {
      if (isBlocked(error) && chat.role === "shopper") {
        // The shopper blocked the bot: the chat is untied (its notices go with it), never tried again.
        await chats.deleteChat(db, { id: chat.id });
        log.info("telegram: a shopper's chat blocked the bot; it is untied");
        return "failed";
      }
      return (await failed([id], notice.attempts, error, false)) ? "down" : "failed";
    }
    // Telegram's id of the message, recorded once: the notice is never sent again.
    await queue.sent([id], String(message.message_id), now(), false);
    return "sent";
  }

  /** One message for a chat's notices held for its quiet hours or daily digest. */
  async function sendHeld(api: Api, chatId: string): Promise<boolean> {
    const at = clock();
    const chat = await chats.chat(db, chatId);
    if (!chat) return true;
    const notices = await queue.claimHeld(chatId, at.toISOString(), new Date(at.getTime() + CLAIM_MS).toISOString());
    if (notices.length === 0) return true;
    const ids = notices.map((notice) => notice.id);
    const text = digestMessage(
      notices.flatMap(({ event }) => (isShopperEvent(event) ? [] : [{ event, adminUrl: adminUrl(event) }])),
      chat.language,
      chat.digestAt ? "digest" : "quiet",
    );
    try {
      const message = await api.sendMessage(chat.chatId, text, HTML);
      await queue.sent(ids, String(message.message_id), now(), true);
      return true;
    } catch (error) {
      return !(await failed(ids, Math.max(...notices.map((n) => n.attempts)), error, true));
    }
  }

  return {
    /** Shows the notice as it stands now in the message that carried it (after a press, or a press that came too late). */
    refresh,

    /**
     * Sends what is due: single notices, then the digests that are due. Stops at the first failure that says
     * Telegram is down, leaving the rest for a later round.
     */
    async drain(): Promise<void> {
      const bot = await deps.bot.currentBot();
      if (!bot) return;
      const api = deps.bot.apiFor(bot.token);
      const at = now();
      await queue.releaseStale(at);
      for (const id of await queue.due(at, BATCH)) {
        if ((await sendOne(api, id)) === "down") return;
      }
      for (const chatId of await queue.heldDue(now())) {
        if (!(await sendHeld(api, chatId))) return;
      }
      await queue.sweep(new Date(clock().getTime() - 30 * 86_400_000).toISOString());
    },

    /**
     * The checks no request makes: stock at or below an item's threshold, provider accounts billed or ending
     * within 3 days, renewals due tomorrow (or today) that nobody reminded. Each is told to a chat once
     * (a "low" and an "out" a day for stock).
     */
    async scan(): Promise<void> {
      if (!(await chats.bot(db))) return;
      const today = shopToday(clock());
      const [levels, names] = await Promise.all([deps.ledger.levels(), deps.ledger.itemNames()]);
      for (const [itemId, level] of levels) {
        if (!level.linked || level.free > level.threshold) continue;
        const event: NoticeEvent = { kind: "stock-low", itemId, itemName: names.get(itemId) ?? itemId, free: level.free, threshold: level.threshold };
        await deps.notices.record(db, event, `stock:${itemId}:${today}:${level.free === 0 ? "out" : "low"}`);
      }
      const accounts = await db
        .selectFrom("provider_accounts")
        .select(["id", "service", "login", "renewal_date", "billing_cycle", "auto_renews"])
        .where("status", "=", "active")
        .where("renewal_date", ">=", today)
        .where("renewal_date", "<=", addDays(today, 3))
        .execute();
      for (const account of accounts) {
        const date = account.renewal_date!;
        const event: NoticeEvent = {
          kind: "account-due",
          accountId: account.id,
          service: account.service,
          login: account.login,
          date,
          renews: account.auto_renews === 1 && account.billing_cycle !== "none",
          daysLeft: daysUntil(date, today),
        };
        await deps.notices.record(db, event, `account:${account.id}:${date}`);
      }
      for (const line of await deps.renewals.due(1)) {
        if (line.daysLeft < 0 || line.remindedAt) continue;
        const event: NoticeEvent = {
          kind: "renewal-due",
          lineId: line.lineId,
          reference: line.reference,
          name: line.name,
          customerName: line.customerName,
          phone: line.phone,
          expiryDate: line.expiryDate,
        };
        await deps.notices.record(db, event, `renewal:${line.lineId}:${line.expiryDate}`);
      }
      await shoppers.scanRenewals();
    },
  };
}
export type TelegramOutboxService = ReturnType<typeof createTelegramOutboxService>;
