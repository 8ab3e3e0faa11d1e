import { randomBytes, randomInt } from "node:crypto";
import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import type { FastifyBaseLogger } from "fastify";
import { GrammyError } from "grammy";
import type { ChatPrefs, ConnectCode, TelegramSettings } from "../../../domain/telegram/schemas";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, notFound, ServiceUnreachable } from "../../errors";
import type { Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import type { OutboxQueue } from "../outbox/service";
import { BOT_TOKEN_REVEAL, createTelegramRepository } from "./repository";
import { hashCode, readFailure, type BotAccess } from "./shared";

/** How long a connect code works. */
const CODE_MINUTES = 15;
/** Connect codes: no 0/O, 1/I/L, so a code read aloud or typed on a phone is not mistaken. */
const CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

export interface TelegramDependencies {
  bot: BotAccess;
  /** The outbox's sending side, for the count of notices that failed. */
  queue: Pick<OutboxQueue, "failedSince">;
  secrets: Pick<Cipher, "encrypt" | "decrypt">;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
  /** The audit log, written in the write's own transaction (ADR 0100). */
  audit: Pick<AuditLog, "record">;
}

/**
 * The seller's Telegram bot as the admin sets it up (ADR 0105; Settings → Notifications and its API): its
 * token, the chats admins connect with a one-time code, each chat's language, quiet hours and digest. The outbox's
 * notices are written by ../outbox and sent by ./outbox.ts, what Telegram brings ./updates.ts, the shoppers' chats
 * ./shoppers.ts.
 */
export function createTelegramService(db: Db, clock: Clock, { bot: botAccess, queue, secrets, log, audit }: TelegramDependencies) {
  const repository = createTelegramRepository();
  const now = () => clock().toISOString();
  const { currentBot, apiFor } = botAccess;

  return {
    async settings(adminId: string, mode: TelegramSettings["mode"]): Promise<TelegramSettings> {
      const [bot, chats, reveals, failedCount] = await Promise.all([
        repository.bot(db),
        repository.chats(db),
        repository.reveals(db),
        queue.failedSince(new Date(clock().getTime() - 7 * 86_400_000).toISOString()),
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
    async saveToken(token: string, admin: { email: string }): Promise<AdminAnswer> {
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
      return said("Bot saved. Connect your chat to get its messages.");
    },

    /** Forgets the bot and every chat; Telegram is told to stop calling the webhook, if it was. */
    async removeBot(admin: { email: string }): Promise<AdminAnswer> {
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
      return said("Bot removed. No chat gets notices now.");
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
    async connectCode(adminId: string): Promise<AdminAnswer<ConnectCode>> {
      const bot = await repository.bot(db);
      if (!bot) throw conflict("Save the bot's token first");
      const code = Array.from({ length: CODE_LENGTH }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join("");
      const expiresAt = new Date(clock().getTime() + CODE_MINUTES * 60_000).toISOString();
      await repository.saveLink(db, { codeHash: hashCode(code), adminId, expiresAt }, now());
      return said("Send this code to the bot from your Telegram", { code, link: `https://t.me/${bot.username}?start=${code}`, expiresAt });
    },

    /** An admin's own chat's language, quiet hours and digest. */
    async setPrefs(id: string, adminId: string, prefs: ChatPrefs): Promise<AdminAnswer> {
      const chat = await repository.chat(db, id);
      if (!chat || chat.adminId !== adminId) throw notFound("No chat of yours with that id");
      await repository.setPrefs(db, id, prefs, now());
      return said("Chat settings saved");
    },

    async disconnect(id: string, admin: { email: string }): Promise<AdminAnswer> {
      if (!(await repository.deleteChat(db, { id }))) throw notFound("No connected chat with that id");
      log.info({ admin: admin.email, chat: id }, "telegram chat disconnected");
      return said("Chat disconnected");
    },
  };
}
