import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Update } from "grammy/types";
import { z } from "zod";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import { botTokenInputSchema, chatPrefsInputSchema, connectCodeSchema, telegramSettingsSchema } from "../../../domain/telegram/schemas";
import { telegramLinkInputSchema, telegramLinkSchema } from "../../../domain/telegram/schemas";
import { HttpError } from "../../errors";
import { limit, perMinute } from "../../plugins/rate-limits";
import type { Services } from "../../services";
import { actorOf } from "../audit/routes";
import { describeFailure } from "./shared";
import { answerOf, answeringMessage, failures, oneShoppersAnswer } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

const settingsAnswer = z.object({ success: z.literal(true), settings: telegramSettingsSchema });
const chatParams = z.object({ id: z.string().min(1).max(100) });
/** Deep links asked for per address: a shopper asks once or twice; each writes a row, so a script is stopped. */
export const TELEGRAM_LINK_LIMIT = perMinute(10);

/**
 * The seller's Telegram bot (ADR 0105): its settings for the admins, and the webhook Telegram calls when
 * the shop's public URL is https.
 */
export const telegramRoutes: FastifyPluginAsyncZod<{
  services: Pick<Services, "telegram" | "telegramShoppers" | "telegramUpdates">;
  publicUrl: string | undefined;
}> = async (app, { services, publicUrl }) => {
  tagRoutes(app, "notifications");
  const { telegram, telegramShoppers, telegramUpdates } = services;
  const mode = publicUrl?.startsWith("https://") ? ("webhook" as const) : ("polling" as const);

  app.get(
    "/admin/telegram",
    {
      schema: {
        summary: "The bot (never its token), the connected chats with their quiet hours and digest, and the token's reveal log",
        response: { 200: settingsAnswer },
      },
    },
    async (request) => ({ success: true as const, settings: await telegram.settings(request.admin!.id, mode) }),
  );

  app.put(
    "/admin/telegram/token",
    {
      schema: {
        summary: "Store the bot's token (sealed) once Telegram's getMe accepts it; another bot's token disconnects every chat",
        body: botTokenInputSchema,
        response: { 200: settingsAnswer, 502: errorResponseSchema },
      },
    },
    // The answer has no message: the screen's ("Bot saved. …") is dropped here.
    async (request) => {
      await telegram.saveToken(request.body.token, request.admin!);
      return { success: true as const, settings: await telegram.settings(request.admin!.id, mode) };
    },
  );

  app.delete("/admin/telegram", answeringMessage({ summary: "Forget the bot and disconnect every chat" }), (request) =>
    answerOf(telegram.removeBot(request.admin!)),
  );

  app.post(
    "/admin/telegram/reveal",
    {
      schema: {
        summary: "The bot's token in the clear; written to its reveal log",
        response: { 200: z.object({ success: z.literal(true), value: z.string() }), 404: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, value: await telegram.reveal(actorOf(request)) }),
  );

  app.post(
    "/admin/telegram/connect",
    {
      schema: {
        summary: "A one-time code (15 minutes) to send the bot from your Telegram, which connects that chat to you",
        response: { 200: connectCodeSchema.extend({ success: z.literal(true) }), 409: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await telegram.connectCode(request.admin!.id)).data }),
  );

  app.put(
    "/admin/telegram/chats/:id",
    answeringMessage(
      {
        summary: "Your chat's language, quiet hours and daily digest (times HH:MM in Nepal; null turns one off)",
        params: chatParams,
        body: chatPrefsInputSchema,
      },
      404,
      409,
    ),
    (request) => answerOf(telegram.setPrefs(request.params.id, request.admin!.id, request.body)),
  );

  app.delete(
    "/admin/telegram/chats/:id",
    answeringMessage({ summary: "Disconnect a chat: it gets no more notices", params: chatParams }, 404),
    (request) => answerOf(telegram.disconnect(request.params.id, request.admin!)),
  );

  app.post(
    "/orders/:reference/telegram",
    {
      config: { public: true, rateLimit: limit(TELEGRAM_LINK_LIMIT, "Too many Telegram links asked for from your address.") },
      schema: {
        summary: "A one-time deep link to the shop's bot that ties the chat it is opened in to this order (ADR 0107)",
        params: z.object({ reference: z.string().trim().min(1).max(20) }),
        body: telegramLinkInputSchema,
        response: { 200: telegramLinkSchema.extend({ success: z.literal(true) }), ...failures(404, 409), 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      oneShoppersAnswer(reply);
      return { success: true as const, ...(await telegramShoppers.link(request.params.reference, request.body.key, request.ip)) };
    },
  );

  app.post(
    "/my/:key/telegram",
    {
      config: { public: true, rateLimit: limit(TELEGRAM_LINK_LIMIT, "Too many Telegram links asked for from your address.") },
      schema: {
        summary:
          "A one-time deep link to the shop's bot that ties the chat it is opened in to this customer link's customer: all their orders, later ones too (ADR 0116)",
        params: z.object({ key: z.string().max(100, "No link has a key this long") }),
        response: { 200: telegramLinkSchema.extend({ success: z.literal(true) }), ...failures(404, 409), 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      oneShoppersAnswer(reply);
      return { success: true as const, ...(await telegramShoppers.linkForCustomer(request.params.key, request.ip)) };
    },
  );

  app.post(
    "/telegram/webhook",
    {
      // Telegram's servers call it, not a browser: it proves itself with the secret it was given with the webhook.
      config: { public: true, serverCaller: true },
      schema: {
        hide: true,
        body: z.looseObject({ update_id: z.number().int() }),
        response: { 200: z.object({ ok: z.literal(true) }), 401: errorResponseSchema },
      },
    },
    async (request) => {
      const secret = request.headers["x-telegram-bot-api-secret-token"];
      if (!(await telegramUpdates.webhookSecretMatches(typeof secret === "string" ? secret : undefined))) throw new HttpError(401, "Not Telegram");
      try {
        await telegramUpdates.handleUpdate(request.body as unknown as Update);
      } catch (error) {
        // Answered all the same: Telegram would bring the update again and again; a button pressed once acts once anyway.
        // Logged by its words only: a Bot API error carries the URL, and so the bot's token.
        request.log.error({ reason: describeFailure(error) }, "telegram: an update could not be handled");
      }
      return { ok: true as const };
    },
  );
};
