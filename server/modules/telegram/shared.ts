import { createHash } from "node:crypto";
import { GrammyError, type Api } from "grammy";
import type { NoticeEvent } from "../../../domain/telegram/notices";
import { SHOPPER_KINDS, type ShopperEvent } from "../../../domain/telegram/shopper-notices";
import type { Db } from "../../db/database";
import type { Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import { botApi } from "./bot-api";
import { createTelegramRepository } from "./repository";

/** A send or an edit that Telegram has not answered within this many seconds has failed (and is tried again). */
const SEND_TIMEOUT_SECONDS = 15;

export const hashCode = (code: string) => createHash("sha256").update(code.toUpperCase()).digest("hex");
export const HTML = { parse_mode: "HTML" as const, link_preview_options: { is_disabled: true } };

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
export function readFailure(error: unknown): { retry: boolean; afterMs: number; message: string } {
  if (error instanceof GrammyError) {
    const retry = error.error_code === 429 || error.error_code >= 500 || error.error_code === 401;
    return { retry, afterMs: (error.parameters.retry_after ?? 0) * 1000, message: describeFailure(error) };
  }
  // No answer at all (refused, reset, timed out): Telegram or the way to it is down.
  return { retry: true, afterMs: 0, message: describeFailure(error) };
}

export const isShopperEvent = (event: NoticeEvent | ShopperEvent): event is ShopperEvent => SHOPPER_KINDS.has(event.kind);

/** The seller's bot as stored, its token opened, and one Bot API client for the token in use (ADR 0105). */
export function createBotAccess(db: Db, secrets: Pick<Cipher, "decrypt">, apiUrl: string) {
  const repository = createTelegramRepository();
  let cachedApi: { token: string; api: Api } | undefined;

  function apiFor(token: string): Api {
    if (cachedApi?.token !== token) {
      cachedApi = { token, api: botApi(token, apiUrl, SEND_TIMEOUT_SECONDS) };
    }
    return cachedApi.api;
  }

  async function currentBot() {
    const bot = await repository.bot(db);
    if (!bot) return null;
    return { ...bot, token: secrets.decrypt(bot.tokenSealed, secretContext.telegramBot()) };
  }

  return { currentBot, apiFor };
}
export type BotAccess = ReturnType<typeof createBotAccess>;
