import { createHash, randomBytes, randomInt } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { GrammyError, type Api } from "grammy";
import type { CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update } from "grammy/types";
import { addDays } from "../../../domain/ledger-settings";
import type { Locale } from "../../../domain/locale";
import {
  BOT_REPLIES,
  callbackData,
  digestMessage,
  heldUntil,
  localeOfTelegramUser as localeOf,
  noticeMessage,
  noticePath,
  noticeWords,
  readCallbackData,
  type ChatPrefs,
  type ConnectCode,
  type NoticeAction,
  type NoticeEvent,
  type TelegramSettings,
} from "../../../domain/notices";
import { awaitsPayment } from "../../../domain/order-pages";
import { SHOPPER_KINDS, SHOPPER_REPLIES, shopperTokenPattern, type ShopperEvent } from "../../../domain/shopper-notices";
import { daysUntil } from "../../../domain/order-dates";
import { shopToday } from "../../../domain/shop-time";
import type { Order, Renewal } from "../../../domain/schemas/orders";
import type { OrderStatus } from "../../../domain/order-statuses";
import type { Config } from "../../config";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, HttpError, notFound, ServiceUnreachable } from "../../errors";
import type { Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import { createAuditRepository, type Actor } from "../audit/repository";
import { botApi } from "./bot-api";
import { BOT_TOKEN_REVEAL, createTelegramRepository, type StoredChat, type StoredNotice } from "./repository";
import { createShopperUpdates, type ShopperDependencies } from "./shoppers";

/** A send or an edit that Telegram has not answered within this many seconds has failed (and is tried again). */
const SEND_TIMEOUT_SECONDS = 15;
/** How long a worker's claim on a notice lasts: past it, a worker that stopped mid-send lets it go again. */
const CLAIM_MS = 60_000;
/** Tries before a notice is given up; with the doubling wait, about a day from the first. */
const MAX_ATTEMPTS = 12;
const LONGEST_WAIT_MS = 3_600_000;
/** Notices sent per round; the rest wait for the next tick. */
const BATCH = 50;
/** How long a connect code works. */
const CODE_MINUTES = 15;
/** Connect codes: no 0/O, 1/I/L, so a code read aloud or typed on a phone is not mistaken. */
const CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

const hashCode = (code: string) => createHash("sha256").update(code.toUpperCase()).digest("hex");
const HTML = { parse_mode: "HTML" as const, link_preview_options: { is_disabled: true } };

type Admin = { id: string; name: string; email: string };
type LineSeat = { held: unknown; proposal: unknown; sells: { seats: boolean; keys: boolean } };
type FollowUp = { text: string; links: Array<{ text: string; url: string }> };

export interface TelegramDependencies {
  secrets: Pick<Cipher, "encrypt" | "decrypt">;
  telegram: Config["telegram"];
  retryMs: number;
  publicUrl: string | undefined;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** The admin's own services, whose checks, 409s and logs the buttons go through. */
  /** The customer links (ADR 0104): a customer's page may tie a chat to all their orders (ADR 0116). */
  customers: ShopperDependencies["customers"];
  orders: {
    get(reference: string): Promise<Order>;
    changeStatus(reference: string, to: OrderStatus): Promise<Order>;
  };
  shopperOrders: ShopperDependencies["shopperOrders"];
  renewals: {
    remind(lineId: string): Promise<Renewal>;
    due(days: number): Promise<Renewal[]>;
  };
  autoDelivery: { deliverAsSeller(reference: string): Promise<void> };
  delivery: { of(lineId: string, actor: Actor): Promise<{ message: string; whatsappUrl: string | null; telegramUrl: string | null }> };
  ledger: {
    lineSeat(lineId: string): Promise<LineSeat>;
    keyStock(): Promise<Array<{ itemId: string; inStock: number }>>;
    levels(): Promise<Map<string, { linked: boolean; free: number; threshold: number }>>;
    itemNames(): Promise<Map<string, string>>;
  };
}

/** A bot token anywhere in a text (node-fetch names the URL, token and all, in its errors): never logged or stored. */
const TOKEN_IN_TEXT = /\d{5,20}:[A-Za-z0-9_-]{30,}/g;

/** What went wrong talking to Telegram, in words safe for the log and the outbox: the cause, never the token. */
export function describeFailure(error: unknown): string {
  if (error instanceof GrammyError) return `${error.error_code} ${error.description}`;
  const cause = (error as { error?: unknown }).error;
  const text = `${error instanceof Error ? error.message : String(error)}${cause instanceof Error ? ` (${cause.message})` : ""}`;
  return text.replace(TOKEN_IN_TEXT, "<token>");
}

/** What Telegram answered, read for the outbox: whether trying again may help, and how soon at the earliest. */
function readFailure(error: unknown): { retry: boolean; afterMs: number; message: string } {
  if (error instanceof GrammyError) {
    const retry = error.error_code === 429 || error.error_code >= 500 || error.error_code === 401;
    return { retry, afterMs: (error.parameters.retry_after ?? 0) * 1000, message: describeFailure(error) };
  }
  // No answer at all (refused, reset, timed out): Telegram or the way to it is down.
  return { retry: true, afterMs: 0, message: describeFailure(error) };
}

const isNotModified = (error: unknown) => error instanceof GrammyError && /message is not modified/i.test(error.description);
/** Telegram's 403: the user blocked the bot (or deleted their account); no try will ever reach them. */
const isBlocked = (error: unknown) => error instanceof GrammyError && error.error_code === 403;
const isShopperEvent = (event: NoticeEvent | ShopperEvent): event is ShopperEvent => SHOPPER_KINDS.has(event.kind);

/**
 * The seller's Telegram bot (issue 31, ADR 0105): its settings, the chats admins connect, the outbox of notices
 * and what the bot does with what Telegram brings (codes, /stop, button presses). Sending is the worker's
 * (./worker.ts): nothing here talks to Telegram in a shopper's request.
 */
export function createTelegramService(db: Db, clock: Clock, deps: TelegramDependencies) {
  const repository = createTelegramRepository();
  const audit = createAuditRepository();
  const { secrets, log } = deps;
  const now = () => clock().toISOString();
  const shoppers = createShopperUpdates(db, clock, { publicUrl: deps.publicUrl, log, shopperOrders: deps.shopperOrders, customers: deps.customers });
  let cachedApi: { token: string; api: Api } | undefined;

  function apiFor(token: string): Api {
    if (cachedApi?.token !== token) {
      cachedApi = { token, api: botApi(token, deps.telegram.apiUrl, SEND_TIMEOUT_SECONDS) };
    }
    return cachedApi.api;
  }

  async function currentBot() {
    const bot = await repository.bot(db);
    if (!bot) return null;
    return { ...bot, token: secrets.decrypt(bot.tokenSealed, secretContext.telegramBot()) };
  }

  const adminUrl = (event: NoticeEvent) => (deps.publicUrl ? `${deps.publicUrl}${noticePath(event)}` : null);

  async function adminOf(id: string | null): Promise<Admin | undefined> {
    if (!id) return undefined;
    return db.selectFrom("admin_users").select(["id", "name", "email"]).where("id", "=", id).executeTakeFirst();
  }

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
    const presses = await repository.presses(db, notice.id);
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
    await repository.notSent(db, ids, failure.message, next, held);
    log.warn({ notices: ids.length, retry: next !== null }, "telegram: a notice was not sent: %s", failure.message);
    return failure.retry;
  }

  async function sendOne(api: Api, id: string): Promise<"sent" | "held" | "failed" | "down" | "skipped"> {
    const at = clock();
    if (!(await repository.claim(db, id, at.toISOString(), new Date(at.getTime() + CLAIM_MS).toISOString()))) return "skipped";
    const notice = (await repository.notice(db, id))!;
    const chat = await repository.chat(db, notice.chatId);
    if (!chat) return "skipped";
    const held = heldUntil(at, chat);
    if (held) {
      await repository.hold(db, id, held.until.toISOString());
      return "held";
    }
    let message: Message.TextMessage;
    try {
      const { text, keyboard } = await render(notice, chat);
      message = await api.sendMessage(chat.chatId, text, { ...HTML, ...(keyboard.inline_keyboard.length ? { reply_markup: keyboard } : {}) });
    } catch (error) {
      if (isBlocked(error) && chat.role === "shopper") {
        // The shopper blocked the bot: the chat is untied (its notices go with it), never tried again.
        await repository.deleteChat(db, { id: chat.id });
        log.info("telegram: a shopper's chat blocked the bot; it is untied");
        return "failed";
      }
      return (await failed([id], notice.attempts, error, false)) ? "down" : "failed";
    }
    // Telegram's id of the message, recorded once: the notice is never sent again.
    await repository.sent(db, [id], String(message.message_id), now(), false);
    return "sent";
  }

  /** One message for a chat's notices held for its quiet hours or daily digest. */
  async function sendHeld(api: Api, chatId: string): Promise<boolean> {
    const at = clock();
    const chat = await repository.chat(db, chatId);
    if (!chat) return true;
    const notices = await repository.claimHeld(db, chatId, at.toISOString(), new Date(at.getTime() + CLAIM_MS).toISOString());
    if (notices.length === 0) return true;
    const ids = notices.map((notice) => notice.id);
    const text = digestMessage(
      notices.flatMap(({ event }) => (isShopperEvent(event) ? [] : [{ event, adminUrl: adminUrl(event) }])),
      chat.language,
      chat.digestAt ? "digest" : "quiet",
    );
    try {
      const message = await api.sendMessage(chat.chatId, text, HTML);
      await repository.sent(db, ids, String(message.message_id), now(), true);
      return true;
    } catch (error) {
      return !(await failed(ids, Math.max(...notices.map((n) => n.attempts)), error, true));
    }
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
      const renewal = await deps.renewals.remind(event.lineId);
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
    const notice = parsed ? await repository.notice(db, parsed.noticeId) : undefined;
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
    if (!(await repository.press(db, notice.id, parsed.action, who, now()))) {
      const first = (await repository.presses(db, notice.id)).find((press) => press.action === parsed.action);
      return answer(api, query, replies.alreadyDone(first?.adminName ?? who), true);
    }
    let followUps: FollowUp[];
    try {
      followUps = await act(parsed.action, notice.event, admin, chat.language);
    } catch (error) {
      await repository.unpress(db, notice.id, parsed.action);
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      // The state moved on (another admin, the screen): say why, and show the notice as it is now.
      await answer(api, query, error.message, true);
      await refresh(api, notice, chat);
      return;
    }
    await answer(api, query, replies.done, false);
    await refresh(api, notice, chat);
    for (const followUp of followUps) {
      await api.sendMessage(chat.chatId, followUp.text, {
        link_preview_options: { is_disabled: true },
        ...(followUp.links.length ? { reply_markup: { inline_keyboard: [followUp.links] } } : {}),
      });
    }
  }

  return {
    currentBot,
    apiFor,

    /** Writes a notice of `event` for every admin chat, in the caller's transaction (the outbox). */
    record: (trx: Db, event: NoticeEvent, dedupe?: string) => repository.record(trx, event, now(), dedupe),

    /** Shoppers who asked for updates (ADR 0107): the order page's link, their notices, what the admin sees. */
    shoppers,

    // ---- settings (the admin's Settings → Notifications and its API)

    async settings(adminId: string, mode: TelegramSettings["mode"]): Promise<TelegramSettings> {
      const [bot, chats, reveals, failedCount] = await Promise.all([
        repository.bot(db),
        repository.chats(db),
        repository.reveals(db),
        repository.failedSince(db, new Date(clock().getTime() - 7 * 86_400_000).toISOString()),
      ]);
      return {
        bot: bot ? { username: bot.username, name: bot.name } : null,
        mode,
        chats: chats.map((chat) => ({
          _id: chat.id,
          title: chat.title,
          adminEmail: chat.adminEmail,
          adminName: chat.adminName,
          mine: chat.adminId === adminId,
          language: chat.language,
          quietStart: chat.quietStart,
          quietEnd: chat.quietEnd,
          digestAt: chat.digestAt,
          createdAt: chat.createdAt,
        })),
        reveals,
        failed: failedCount,
      };
    },

    /**
     * Stores the bot's token, sealed, once Telegram says whose it is (getMe). A token of another bot disconnects
     * every chat: they were talking to the old bot.
     */
    async saveToken(token: string, admin: { email: string }): Promise<void> {
      let me;
      try {
        me = await apiFor(token).getMe();
      } catch (error) {
        if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404)) {
          throw badRequest("Telegram does not know this token: copy it again from @BotFather", [
            { field: "token", message: "Telegram does not know this token" },
          ]);
        }
        log.warn("telegram: getMe failed: %s", readFailure(error).message);
        throw new ServiceUnreachable("Telegram did not answer. Try again in a minute.");
      }
      const before = await repository.bot(db);
      await db.transaction().execute(async (trx) => {
        if (before && before.botUserId !== String(me.id)) await repository.deleteAllChats(trx);
        await repository.saveBot(
          trx,
          {
            tokenSealed: secrets.encrypt(token, secretContext.telegramBot()),
            botUserId: String(me.id),
            username: me.username,
            name: me.first_name,
            webhookSecret: randomBytes(32).toString("base64url"),
          },
          now(),
        );
      });
      log.info({ admin: admin.email, bot: me.username }, "telegram bot token saved");
    },

    /** Forgets the bot and every chat; Telegram is told to stop calling the webhook, if it was. */
    async removeBot(admin: { email: string }): Promise<void> {
      const bot = await currentBot().catch(() => null);
      if (bot?.webhookUrl)
        await apiFor(bot.token)
          .deleteWebhook()
          .catch(() => {});
      await db.transaction().execute(async (trx) => {
        await repository.deleteAllChats(trx);
        await repository.deleteBot(trx);
      });
      log.info({ admin: admin.email }, "telegram bot removed");
    },

    /** The token in the clear for the admin who asked; written to the audit log first (ADR 0083, 0100). */
    async reveal(actor: Actor): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const bot = await repository.bot(trx);
        if (!bot) throw notFound("No bot token is stored");
        await audit.record(trx, actor, { kind: "other", what: BOT_TOKEN_REVEAL, label: `@${bot.username}` }, now());
        return secrets.decrypt(bot.tokenSealed, secretContext.telegramBot());
      });
    },

    /** A one-time code for the admin to send the bot from their Telegram; it works once, for 15 minutes. */
    async connectCode(adminId: string): Promise<ConnectCode> {
      const bot = await repository.bot(db);
      if (!bot) throw conflict("Save the bot's token first");
      const code = Array.from({ length: CODE_LENGTH }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join("");
      const expiresAt = new Date(clock().getTime() + CODE_MINUTES * 60_000).toISOString();
      await repository.saveLink(db, { codeHash: hashCode(code), adminId, expiresAt }, now());
      return { code, link: `https://t.me/${bot.username}?start=${code}`, expiresAt };
    },

    /** An admin's own chat's language, quiet hours and digest. */
    async setPrefs(id: string, adminId: string, prefs: ChatPrefs): Promise<void> {
      const chat = await repository.chat(db, id);
      if (!chat || chat.adminId !== adminId) throw notFound("No chat of yours with that id");
      await repository.setPrefs(db, id, prefs, now());
    },

    async disconnect(id: string, admin: { email: string }): Promise<void> {
      if (!(await repository.deleteChat(db, { id }))) throw notFound("No connected chat with that id");
      log.info({ admin: admin.email, chat: id }, "telegram chat disconnected");
    },

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
      const bot = await currentBot();
      if (!bot) return;
      const api = apiFor(bot.token);
      if (update.callback_query) await onPress(api, update.callback_query);
      else if (update.message) await onMessage(api, update.message);
    },

    noteUpdate: (updateId: number) => repository.setLastUpdate(db, updateId),

    setWebhookUrl: (url: string | null) => repository.setWebhookUrl(db, url),

    /**
     * Sends what is due: single notices, then the digests that are due. Stops at the first failure that says
     * Telegram is down, leaving the rest for a later round.
     */
    async drain(): Promise<void> {
      const bot = await currentBot();
      if (!bot) return;
      const api = apiFor(bot.token);
      const at = now();
      await repository.releaseStale(db, at);
      for (const id of await repository.due(db, at, BATCH)) {
        if ((await sendOne(api, id)) === "down") return;
      }
      for (const chatId of await repository.heldDue(db, now())) {
        if (!(await sendHeld(api, chatId))) return;
      }
      await repository.sweep(db, new Date(clock().getTime() - 30 * 86_400_000).toISOString());
    },

    /**
     * The checks no request makes: stock at or below an item's threshold, provider accounts billed or ending
     * within 3 days, renewals due tomorrow (or today) that nobody reminded. Each is told to a chat once
     * (a "low" and an "out" a day for stock).
     */
    async scan(): Promise<void> {
      if (!(await repository.bot(db))) return;
      const today = shopToday(clock());
      const [levels, names] = await Promise.all([deps.ledger.levels(), deps.ledger.itemNames()]);
      for (const [itemId, level] of levels) {
        if (!level.linked || level.free > level.threshold) continue;
        const event: NoticeEvent = { kind: "stock-low", itemId, itemName: names.get(itemId) ?? itemId, free: level.free, threshold: level.threshold };
        await repository.record(db, event, now(), `stock:${itemId}:${today}:${level.free === 0 ? "out" : "low"}`);
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
        await repository.record(db, event, now(), `account:${account.id}:${date}`);
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
        await repository.record(db, event, now(), `renewal:${line.lineId}:${line.expiryDate}`);
      }
      await shoppers.scanRenewals();
    },
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;
