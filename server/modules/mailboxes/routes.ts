import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { READINGS_PER_HOUR } from "../../../domain/household-mail/household-mail";
import { answerLocale } from "../../../domain/order-limits/order-limits";
import {
  mailboxInputSchema,
  mailboxSchema,
  mailboxTestSchema,
  providerCodeInputSchema,
  providerCodeSchema,
} from "../../../domain/household-mail/schemas";
import { errorResponseSchema, idParamSchema, successMessageSchema } from "../../../domain/shared/schemas";
import { limit, perMinute } from "../../plugins/rate-limits";
import type { Services } from "../../services";
import { actorOf } from "../audit/routes";
import { answerOf, answeringMessage, failures, oneShoppersAnswer } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

/** Per visitor address, beside the per-line count in the database: the page asks again every few seconds while it waits. */
export const PROVIDER_CODE_LIMIT = perMinute(30);

const referenceParams = z.object({ reference: z.string().trim().min(1).max(20) });

/** Provider accounts' mailboxes (issue 45, ADR 0126): the seller's settings, and a holder's "Get my code". */
export const mailboxesRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "mailboxes"> }> = async (app, { services }) => {
  tagRoutes(app, "mailboxes");
  const { mailboxes } = services;

  app.get(
    "/admin/accounts/:id/mailbox",
    {
      schema: {
        summary: "The account's mailbox settings and how its last reading went, or null; never its app password",
        params: idParamSchema,
        response: { 200: z.object({ success: z.literal(true), mailbox: mailboxSchema.nullable() }), 404: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, mailbox: await mailboxes.get(request.params.id) }),
  );

  app.put(
    "/admin/accounts/:id/mailbox",
    {
      schema: {
        summary: "Save the account's mailbox (IMAP); an empty app password keeps the stored one. The app password is sealed",
        params: idParamSchema,
        body: mailboxInputSchema,
        response: { 200: successMessageSchema.extend({ mailbox: mailboxSchema }), 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { message, data } = await mailboxes.save(request.params.id, request.body);
      return { success: true as const, message, mailbox: data };
    },
  );

  app.delete(
    "/admin/accounts/:id/mailbox",
    answeringMessage({ summary: "Remove the account's mailbox: its holders ask for codes in a chat again", params: idParamSchema }, 404),
    (request) => answerOf(mailboxes.remove(request.params.id)),
  );

  app.post(
    "/admin/accounts/:id/mailbox/test",
    {
      schema: {
        summary: "Sign in to the mailbox with the form's settings (the stored app password where none is typed): its message count, or what is wrong",
        params: idParamSchema,
        body: mailboxInputSchema,
        response: { 200: z.object({ success: z.literal(true), result: mailboxTestSchema }), 404: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, result: await mailboxes.test(request.params.id, request.body) }),
  );

  app.post(
    "/admin/accounts/:id/mailbox/dismiss",
    answeringMessage({ summary: "The seller saw the mailbox's alert: the account no longer shows it", params: idParamSchema }, 404),
    (request) => answerOf(mailboxes.dismissAlert(request.params.id)),
  );

  app.post(
    "/admin/accounts/:id/mailbox/reveal",
    {
      schema: {
        summary: "The mailbox's app password in the clear; written to the account's reveal log",
        params: idParamSchema,
        response: { 200: z.object({ success: z.literal(true), value: z.string() }), 404: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, value: await mailboxes.reveal(request.params.id, actorOf(request)) }),
  );

  app.post(
    "/orders/:reference/provider-code",
    {
      config: { public: true, rateLimit: limit(PROVIDER_CODE_LIMIT, "Too many code requests from your address.") },
      schema: {
        summary: `A holder's "Get my code": the newest working Netflix code or link of \`kind\` from the mailbox of the account their line's seat is on. ${READINGS_PER_HOUR} asks an hour a line; asking again with \`askId\` while its minute lasts reads again without counting`,
        params: referenceParams,
        body: providerCodeInputSchema,
        response: { 200: providerCodeSchema.extend({ success: z.literal(true) }), ...failures(404, 409, 429) },
      },
    },
    async (request, reply) => {
      oneShoppersAnswer(reply);
      const locale = answerLocale(request.headers["accept-language"]);
      return { success: true as const, ...(await mailboxes.providerCode(request.params.reference, request.body, request.ip, locale)) };
    },
  );
};
