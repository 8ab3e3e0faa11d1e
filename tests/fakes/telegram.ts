import http from "node:http";
import type { AddressInfo } from "node:net";
import { flood, type Flood, type FloodRecord } from "./flood";

/**
 * A local fake of the Telegram Bot API (https://core.telegram.org/bots/api), for the seller's bot (ADR 0105). The
 * server reaches it as it reaches Telegram, through its configuration (TELEGRAM_API_URL); tests play the people
 * on Telegram's side: a user who writes to the bot (`say`) and presses its buttons (`press`), and read what the
 * bot sent (`messages`, `answers`).
 *
 * What it implements, as the Bot API documents it:
 * - requests `POST|GET /bot<token>/<method>`, parameters as JSON, form or query; answers `{ok: true, result}` or
 *   `{ok: false, error_code, description[, parameters]}` with the HTTP status of error_code; an unknown token is
 *   401 "Unauthorized", an unknown method 404 "Not Found";
 * - getMe; sendMessage (chat must have written to the bot first; text 1–4096 characters; parse_mode HTML with
 *   Telegram's tags only, else "can't parse entities"; inline keyboards: callback_data 1–64 bytes, URL buttons
 *   http(s) or tg:); editMessageText (the same checks; "message is not modified" when nothing changes; the
 *   keyboard goes when reply_markup is left out); answerCallbackQuery (once per query; an unknown id is refused);
 * - getUpdates: updates with update_id ≥ offset, a call with an offset confirms (forgets) those before it; long
 *   polling up to `timeout` seconds; a second getUpdates of the same bot ends the first with 409 "Conflict:
 *   terminated by other getUpdates request"; 409 while a webhook is set;
 * - setWebhook (an https URL only; secret_token 1–256 of A–Z a–z 0–9 _ -), deleteWebhook (drop_pending_updates),
 *   getWebhookInfo. With a webhook set, each update is POSTed to it with X-Telegram-Bot-Api-Secret-Token, and stays
 *   pending until it is answered 2xx (`deliverTo` lets a test point the webhook's https URL at a local server).
 * `control({ fail })` makes every method answer 500 or 429 (retry_after 1), or drop the connection unanswered;
 * `control({ flood })` makes its answer a huge or an endless body (./flood.ts), each noted in `floods`.
 * `block` plays a user who blocked the bot: sending to them is 403 "Forbidden: bot was blocked by the user" until
 * they write to it again.
 */

export type FakeButton = { text: string; callback_data?: string; url?: string };
export type FakeMessage = {
  message_id: number;
  chat: { id: number; type: "private"; first_name: string; username?: string };
  date: number;
  text: string;
  parse_mode?: string;
  reply_markup?: { inline_keyboard: FakeButton[][] };
  /** How many times it was edited. */
  edits: number;
};
export type FakeUser = { id: number; first_name: string; username?: string; language_code?: string };

type Update = { update_id: number; [kind: string]: unknown };
type Waiter = { resolve: (updates: Update[] | "conflict") => void; timer: NodeJS.Timeout; response: http.ServerResponse };

interface Bot {
  token: string;
  id: number;
  username: string;
  firstName: string;
  updates: Update[];
  nextUpdateId: number;
  waiter?: Waiter;
  webhook?: { url: string; secret?: string };
  messages: Map<number, FakeMessage[]>;
  /** The chats that wrote to the bot: the only ones it may write to. */
  chats: Map<number, FakeMessage["chat"]>;
  /** Chats whose user blocked the bot. */
  blocked: Set<number>;
  nextMessageId: number;
  openQueries: Map<string, { chatId: number }>;
}

export interface FakeTelegram {
  url: string;
  /** The server's configuration that points it here. */
  env: Record<string, string>;
  /** A bot @BotFather made; answers its token. */
  createBot(username: string, firstName?: string): string;
  /** A user writes to the bot (which makes the chat known to it); answers the update. */
  say(token: string, user: FakeUser, text: string): Update;
  /** A user presses an inline button of a message the bot sent them; answers the callback query's id. */
  press(token: string, user: FakeUser, chatId: number, messageId: number, data: string): string;
  /** What the bot shows in a chat now, oldest first. */
  messages(token: string, chatId: number): FakeMessage[];
  /** Every answerCallbackQuery, in order. */
  answers: Array<{ id: string; text?: string; show_alert?: boolean }>;
  /** Every method called, in order, with the bot's username. */
  calls: Array<{ bot: string; method: string }>;
  /** 409s ended getUpdates calls, per bot: two pollers at once. */
  conflicts: (token: string) => number;
  webhookOf(token: string): { url: string; secret?: string } | undefined;
  /** Where updates of a webhook are POSTed instead of its own URL (a local server standing in for the shop). */
  deliverTo(rewrite: (url: string) => string): void;
  /** Updates not yet confirmed (getUpdates) or delivered (webhook). */
  pending(token: string): number;
  /** The user of this private chat blocks the bot. */
  block(token: string, chatId: number): void;
  control(mode: { fail?: "500" | "429" | "drop" | null; delayMs?: number; flood?: Flood | null }): void;
  /** What each flooded answer sent, in order. */
  floods: FloodRecord[];
  close(): Promise<void>;
}

const ALLOWED_TAGS = new Set(["b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code", "pre", "tg-spoiler", "span", "blockquote"]);

/** Telegram's check of parse_mode HTML: only its tags, closed in order, and only &lt; &gt; &amp; &quot; and numeric entities. */
function htmlProblem(text: string): string | null {
  const open: string[] = [];
  const tag = /<(\/?)([a-zA-Z-]+)([^>]*)>|<|&(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);?/g;
  let match: RegExpExecArray | null;
  while ((match = tag.exec(text))) {
    const [whole, closing, name] = match;
    const at = Buffer.byteLength(text.slice(0, match.index));
    if (whole === "<") return `Unsupported start tag at byte offset ${at}`;
    if (whole.startsWith("&")) {
      if (!/^&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);$/.test(whole)) return `Unsupported HTML entity at byte offset ${at}`;
      continue;
    }
    const lower = name!.toLowerCase();
    if (!ALLOWED_TAGS.has(lower)) return `Unsupported start tag "${lower}" at byte offset ${at}`;
    if (closing) {
      if (open.pop() !== lower) return `Can't find end tag corresponding to start tag at byte offset ${at}`;
    } else open.push(lower);
  }
  return open.length ? `Can't find end tag corresponding to start tag "${open.at(-1)}"` : null;
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: Record<string, unknown>,
  ) {
    super(description);
  }
}
const badRequest = (what: string) => new ApiError(400, `Bad Request: ${what}`);

function keyboardOf(markup: unknown): { inline_keyboard: FakeButton[][] } | undefined {
  if (markup === undefined || markup === null) return undefined;
  const parsed = (typeof markup === "string" ? JSON.parse(markup) : markup) as { inline_keyboard?: FakeButton[][] };
  if (!Array.isArray(parsed.inline_keyboard)) throw badRequest("can't parse reply keyboard markup JSON object");
  for (const row of parsed.inline_keyboard) {
    for (const button of row) {
      if (!button.text) throw badRequest("text buttons are unallowed in the inline keyboard");
      if (button.callback_data !== undefined) {
        const bytes = Buffer.byteLength(button.callback_data);
        if (bytes < 1 || bytes > 64) throw badRequest("BUTTON_DATA_INVALID");
      } else if (button.url !== undefined) {
        if (!/^(https?:\/\/|tg:\/\/)/.test(button.url)) throw badRequest("inline keyboard button URL is invalid");
      } else throw badRequest('can\'t find field "callback_data"');
    }
  }
  return { inline_keyboard: parsed.inline_keyboard };
}

function checkText(text: unknown, parseMode: unknown): string {
  if (typeof text !== "string" || text.trim() === "") throw badRequest("message text is empty");
  if (text.length > 4096) throw badRequest("message is too long");
  if (parseMode === "HTML") {
    const problem = htmlProblem(text);
    if (problem) throw badRequest(`can't parse entities: ${problem}`);
  } else if (parseMode !== undefined) throw badRequest(`unsupported parse_mode`);
  return text;
}

export async function startFakeTelegram(options: { host?: string } = {}): Promise<FakeTelegram> {
  const bots = new Map<string, Bot>();
  const conflicts = new Map<string, number>();
  const answers: FakeTelegram["answers"] = [];
  const calls: FakeTelegram["calls"] = [];
  const mode: { fail: "500" | "429" | "drop" | null; delayMs: number; flood: Flood | null } = { fail: null, delayMs: 0, flood: null };
  const floods: FloodRecord[] = [];
  let rewrite = (url: string) => url;
  let nextBotId = 7000000000;
  let nextQueryId = 1;
  const now = () => Math.floor(Date.now() / 1000);

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void handle(request, response, Buffer.concat(chunks).toString("utf8"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, options.host ?? "127.0.0.1", resolve));
  const url = `http://${options.host ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;

  function botOf(token: string): Bot {
    const bot = bots.get(token);
    if (!bot) throw new Error(`the fake has no bot with that token`);
    return bot;
  }

  /** A new update: to the webhook when one is set, else to the waiting getUpdates. */
  function push(bot: Bot, update: Omit<Update, "update_id">): Update {
    const full = { update_id: bot.nextUpdateId++, ...update } as Update;
    bot.updates.push(full);
    if (bot.webhook) void deliver(bot);
    else if (bot.waiter) {
      const waiter = bot.waiter;
      bot.waiter = undefined;
      clearTimeout(waiter.timer);
      waiter.resolve([...bot.updates]);
    }
    return full;
  }

  /** Telegram sends a webhook's updates one at a time, each until it is answered 2xx. */
  let delivering = false;
  async function deliver(bot: Bot) {
    if (delivering) return;
    delivering = true;
    try {
      while (bot.webhook && bot.updates.length) {
        const update = bot.updates[0]!;
        const answer = await fetch(rewrite(bot.webhook.url), {
          method: "POST",
          headers: { "content-type": "application/json", ...(bot.webhook.secret ? { "x-telegram-bot-api-secret-token": bot.webhook.secret } : {}) },
          body: JSON.stringify(update),
        }).catch(() => null);
        if (!answer?.ok) break;
        bot.updates.shift();
      }
    } finally {
      delivering = false;
    }
  }

  function messageIn(bot: Bot, chatId: number, messageId: number): FakeMessage {
    const found = bot.messages.get(chatId)?.find((m) => m.message_id === messageId);
    if (!found) throw badRequest("message to edit not found");
    return found;
  }

  function chatOf(bot: Bot, chatIdParam: unknown): number {
    const chatId = Number(chatIdParam);
    if (!Number.isSafeInteger(chatId) || !bot.chats.has(chatId)) throw badRequest("chat not found");
    return chatId;
  }

  async function call(bot: Bot, method: string, p: Record<string, unknown>, response: http.ServerResponse): Promise<unknown> {
    const me = { id: bot.id, is_bot: true, first_name: bot.firstName, username: bot.username };
    switch (method) {
      case "getMe":
        return {
          ...me,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
          can_connect_to_business: false,
          has_main_web_app: false,
        };
      case "sendMessage": {
        const chatId = chatOf(bot, p.chat_id);
        if (bot.blocked.has(chatId)) throw new ApiError(403, "Forbidden: bot was blocked by the user");
        const text = checkText(p.text, p.parse_mode);
        const keyboard = keyboardOf(p.reply_markup);
        const list = bot.messages.get(chatId) ?? [];
        bot.messages.set(chatId, list);
        const message: FakeMessage = {
          message_id: bot.nextMessageId++,
          chat: bot.chats.get(chatId)!,
          date: now(),
          text,
          ...(typeof p.parse_mode === "string" ? { parse_mode: p.parse_mode } : {}),
          ...(keyboard ? { reply_markup: keyboard } : {}),
          edits: 0,
        };
        list.push(message);
        const { edits: _e, parse_mode: _p, ...answer } = message;
        return { ...answer, from: me };
      }
      case "editMessageText": {
        const chatId = chatOf(bot, p.chat_id);
        const message = messageIn(bot, chatId, Number(p.message_id));
        const text = checkText(p.text, p.parse_mode);
        const keyboard = keyboardOf(p.reply_markup);
        const shown = keyboard && keyboard.inline_keyboard.length ? keyboard : undefined;
        if (message.text === text && JSON.stringify(message.reply_markup) === JSON.stringify(shown)) {
          throw badRequest(
            "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
          );
        }
        message.text = text;
        if (shown) message.reply_markup = shown;
        else delete message.reply_markup;
        message.edits++;
        const { edits: _e, parse_mode: _p, ...answer } = message;
        return { ...answer, from: me, edit_date: now() };
      }
      case "answerCallbackQuery": {
        const id = String(p.callback_query_id ?? "");
        if (!bot.openQueries.delete(id)) throw badRequest("query is too old and response timeout expired or query ID is invalid");
        answers.push({
          id,
          ...(p.text !== undefined ? { text: String(p.text) } : {}),
          ...(p.show_alert !== undefined ? { show_alert: Boolean(p.show_alert) } : {}),
        });
        return true;
      }
      case "getUpdates": {
        if (bot.webhook)
          throw new ApiError(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
        const offset = p.offset === undefined ? undefined : Number(p.offset);
        if (offset !== undefined && offset > 0) bot.updates = bot.updates.filter((u) => u.update_id >= offset);
        const limit = Math.min(Math.max(Number(p.limit ?? 100), 1), 100);
        const timeout = Math.max(Number(p.timeout ?? 0), 0);
        // Another poller's request in flight is ended: only one getUpdates per bot at a time. (One whose client
        // hung up, as a poller that stopped does, is no other poller.)
        if (bot.waiter) {
          const earlier = bot.waiter;
          bot.waiter = undefined;
          clearTimeout(earlier.timer);
          earlier.resolve(earlier.response.destroyed || earlier.response.closed ? [] : "conflict");
        }
        let found = bot.updates.slice(0, limit);
        if (found.length === 0 && timeout > 0) {
          const waited = await new Promise<Update[] | "conflict">((resolve) => {
            bot.waiter = { resolve, response, timer: setTimeout(() => ((bot.waiter = undefined), resolve([])), timeout * 1000) };
          });
          if (waited === "conflict") {
            conflicts.set(bot.token, (conflicts.get(bot.token) ?? 0) + 1);
            throw new ApiError(409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running");
          }
          found = waited.slice(0, limit);
        }
        return found;
      }
      case "setWebhook": {
        const target = String(p.url ?? "");
        if (target === "") {
          bot.webhook = undefined;
          return true;
        }
        if (!target.startsWith("https://")) throw badRequest("bad webhook: An HTTPS URL must be provided for webhook");
        const secret = p.secret_token === undefined ? undefined : String(p.secret_token);
        if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) throw badRequest("secret token contains unallowed characters");
        if (p.drop_pending_updates) bot.updates = [];
        bot.webhook = { url: target, ...(secret ? { secret } : {}) };
        void deliver(bot);
        return true;
      }
      case "deleteWebhook":
        bot.webhook = undefined;
        if (p.drop_pending_updates) bot.updates = [];
        return true;
      case "getWebhookInfo":
        return { url: bot.webhook?.url ?? "", has_custom_certificate: false, pending_update_count: bot.updates.length };
      default:
        throw new ApiError(404, "Not Found");
    }
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse, body: string) {
    const send = (status: number, payload: unknown) => {
      if (!response.destroyed) response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
    };
    const at = new URL(request.url ?? "/", url);
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(at.pathname);
    if (!match) return send(404, { ok: false, error_code: 404, description: "Not Found" });
    const bot = bots.get(decodeURIComponent(match[1]!));
    if (!bot) return send(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const method = match[2]!;
    calls.push({ bot: bot.username, method });
    if (mode.delayMs) await new Promise((resolve) => setTimeout(resolve, mode.delayMs));
    if (mode.fail === "drop") return void request.socket.destroy();
    if (mode.flood) {
      const record = { sent: 0, ended: false, hungUp: false };
      floods.push(record);
      return flood(response, mode.flood, record);
    }
    if (mode.fail === "500") return send(500, { ok: false, error_code: 500, description: "Internal Server Error" });
    if (mode.fail === "429")
      return send(429, { ok: false, error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } });
    let params: Record<string, unknown> = Object.fromEntries(at.searchParams);
    const type = request.headers["content-type"] ?? "";
    try {
      if (type.includes("application/json") && body) params = { ...params, ...(JSON.parse(body) as Record<string, unknown>) };
      else if (type.includes("application/x-www-form-urlencoded")) params = { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
      const result = await call(bot, method, params, response);
      send(200, { ok: true, result });
    } catch (error) {
      if (error instanceof ApiError) {
        return send(error.code, {
          ok: false,
          error_code: error.code,
          description: error.description,
          ...(error.parameters ? { parameters: error.parameters } : {}),
        });
      }
      send(500, { ok: false, error_code: 500, description: `Internal Server Error: ${String(error)}` });
    }
  }

  return {
    url,
    env: { TELEGRAM_API_URL: url },
    createBot(username, firstName = "Pasal notices") {
      const id = nextBotId++;
      const token = `${id}:AAFake${Buffer.from(username).toString("hex").padEnd(30, "x").slice(0, 30)}`;
      bots.set(token, {
        token,
        id,
        username,
        firstName,
        updates: [],
        nextUpdateId: 100,
        messages: new Map(),
        chats: new Map(),
        blocked: new Set(),
        nextMessageId: 1,
        openQueries: new Map(),
      });
      return token;
    },
    say(token, user, text) {
      const bot = botOf(token);
      const chat = { id: user.id, type: "private" as const, first_name: user.first_name, ...(user.username ? { username: user.username } : {}) };
      bot.chats.set(user.id, chat);
      bot.blocked.delete(user.id);
      const message = { message_id: bot.nextMessageId++, from: { ...user, is_bot: false }, chat, date: now(), text };
      const command = /^\/\w+/.exec(text);
      return push(bot, {
        message: { ...message, ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] } : {}) },
      });
    },
    press(token, user, chatId, messageId, data) {
      const bot = botOf(token);
      const message = bot.messages.get(chatId)?.find((m) => m.message_id === messageId);
      const id = String(nextQueryId++);
      bot.openQueries.set(id, { chatId });
      const shown = message ?? { message_id: messageId, chat: { id: chatId, type: "private", first_name: "Someone" }, date: now(), text: "" };
      const { edits: _e, parse_mode: _p, ...asSent } = shown as FakeMessage;
      push(bot, {
        callback_query: {
          id,
          from: { ...user, is_bot: false },
          message: { ...asSent, from: { id: bot.id, is_bot: true, first_name: bot.firstName, username: bot.username } },
          chat_instance: String(chatId),
          data,
        },
      });
      return id;
    },
    messages: (token, chatId) => botOf(token).messages.get(chatId) ?? [],
    answers,
    calls,
    conflicts: (token) => conflicts.get(token) ?? 0,
    webhookOf: (token) => botOf(token).webhook,
    deliverTo(next) {
      rewrite = next;
    },
    pending: (token) => botOf(token).updates.length,
    block: (token, chatId) => void botOf(token).blocked.add(chatId),
    control(next) {
      if (next.fail !== undefined) mode.fail = next.fail;
      if (next.delayMs !== undefined) mode.delayMs = next.delayMs;
      if (next.flood !== undefined) mode.flood = next.flood;
    },
    floods,
    close: () =>
      new Promise<void>((resolve) => {
        for (const bot of bots.values()) {
          if (!bot.waiter) continue;
          clearTimeout(bot.waiter.timer);
          bot.waiter.resolve([]);
        }
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
