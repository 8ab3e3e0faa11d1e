import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addCreditInputSchema,
  adminBalanceStatementSchema,
  autoRenewInputSchema,
  balanceSpendSchema,
  storeCreditSettingsSchema,
} from "../../../domain/balances/schemas";
import { settingsEditRoutes } from "../settings/edit-routes";
import { orderAnswerSchema } from "../../../domain/orders/schemas";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import { limit } from "../../plugins/rate-limits";
import type { Services } from "../../services";
import { actorOf } from "../audit/routes";
import { SHOPPER_ORDER_LIMIT } from "../orders/routes";
import { failures, oneShoppersAnswer } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

const phoneParams = z.object({ phone: z.string().trim().min(1, "Give the customer's phone").max(30, "A phone has at most 30 characters") });
const referenceParams = z.object({ reference: z.string().trim().min(1).max(20) });
const statementAnswer = adminBalanceStatementSchema.extend({ success: z.literal(true) });

/** Store credit (ADR 0127): a customer's balance and its movements, the seller's Add credit, and orders paid from it. */
export const balancesRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "storeCredit" | "storeCreditSettings" | "orders"> }> = async (
  app,
  { services },
) => {
  tagRoutes(app, "customers");
  const { storeCredit, storeCreditSettings, orders } = services;

  settingsEditRoutes(app, "/admin/settings/store-credit", {
    schema: storeCreditSettingsSchema,
    summaries: {
      get: "Store credit: how many days before its end a line set to renew itself from its customer's credit does so",
      put: "Save the store credit settings; with If-Match: their version",
    },
    forEdit: storeCreditSettings.forEdit,
    save: (settings, _request, expected) => storeCreditSettings.save(settings, expected),
  });

  app.get(
    "/admin/customers/:phone/credit",
    {
      schema: {
        summary: "A customer's store credit: the balance, the sum of its movements, and the latest movements",
        params: phoneParams,
        response: { 200: statementAnswer, ...failures(404) },
      },
    },
    async (request) => ({ success: true as const, ...(await storeCredit.statement(request.params.phone)) }),
  );

  app.post(
    "/admin/customers/:phone/credit",
    {
      schema: {
        summary: "Add store credit to a customer, with the reason they are given it (audited)",
        params: phoneParams,
        body: addCreditInputSchema,
        response: { 200: statementAnswer.extend({ message: z.string() }), ...failures(404) },
      },
    },
    async (request) => {
      const { message, data } = await storeCredit.addCredit(request.params.phone, request.body, actorOf(request));
      return { success: true as const, message, ...data };
    },
  );

  app.post(
    "/admin/orders/:reference/credit",
    {
      schema: {
        summary: "Pay this order, awaiting payment, from its customer's store credit: all of it up to the total, once",
        params: referenceParams,
        response: { 200: orderAnswerSchema, ...failures(404, 409) },
      },
    },
    async (request) => {
      const { message } = await storeCredit.spendForCustomer(request.params.reference, actorOf(request));
      return { success: true as const, message, order: await orders.get(request.params.reference) };
    },
  );

  app.post(
    "/my/:key/lines/:lineId/auto-renew",
    {
      config: { public: true, rateLimit: limit(SHOPPER_ORDER_LIMIT, "Too many look-ups from your address.") },
      schema: {
        summary:
          "The shopper sets one subscription of theirs to renew itself from their store credit before it ends, or stops it, from their customer link",
        params: z.object({ key: z.string().max(100, "No link has a key this long"), lineId: z.string().min(1).max(100) }),
        body: autoRenewInputSchema,
        response: { 200: z.object({ success: z.literal(true), autoRenew: z.boolean() }), 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      oneShoppersAnswer(reply);
      return { success: true as const, ...(await storeCredit.setAutoRenew(request.params.key, request.params.lineId, request.body.on, request.ip)) };
    },
  );

  app.post(
    "/my/:key/orders/:reference/credit",
    {
      config: { public: true, rateLimit: limit(SHOPPER_ORDER_LIMIT, "Too many look-ups from your address.") },
      schema: {
        summary:
          "The shopper pays an order of theirs from their store credit, from their customer link (its key, never a phone typed): all of it up to what is left to pay, once",
        params: referenceParams.extend({ key: z.string().max(100, "No link has a key this long") }),
        response: {
          200: balanceSpendSchema.extend({ success: z.literal(true) }),
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      oneShoppersAnswer(reply);
      return { success: true as const, ...(await storeCredit.spendFromLink(request.params.key, request.params.reference, request.ip)) };
    },
  );
};
