import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { topUpInputSchema } from "../../../domain/balances/schemas";
import { z } from "zod";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import { GATEWAYS } from "../../../domain/payments/payments";
import {
  gatewayRevealInputSchema,
  gatewaySettingsInputSchema,
  gatewaySettingsSchema,
  paymentStartSchema,
  paymentStateSchema,
  paymentToCheckSchema,
} from "../../../domain/payments/schemas";
import { limit, perMinute } from "../../plugins/rate-limits";
import type { Services } from "../../services";
import { actorOf } from "../audit/routes";
import { PAYMENT_COOKIE, PAYMENT_COOKIE_SECONDS } from "./service";
import { answerOf, answeringMessage, oneShoppersAnswer } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

/** A shopper starts paying a few times at most; each start asks the gateway. */
export const PAYMENT_START_LIMIT = perMinute(10);
/** Returns and status checks ask the gateway; the QR's page polls every few seconds. */
export const PAYMENT_CHECK_LIMIT = perMinute(60);

const paymentParams = z.object({ id: z.string().trim().min(1).max(40) });
const gatewayParams = z.object({ gateway: z.enum(GATEWAYS) });

/** Online payments: Khalti, eSewa and Fonepay, proved by asking the gateway, never by what a browser says. */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  services: Pick<Services, "payments">;
  publicUrl: string | undefined;
  secureCookies: boolean;
}> = async (app, { services, publicUrl, secureCookies }) => {
  tagRoutes(app, "payments");
  const { payments } = services;

  /** Only this browser comes back to its order (or customer) page from the return; the key never goes to a gateway. */
  const setPaymentCookie = (reply: FastifyReply, paymentId: string, token: string) =>
    reply
      .setCookie(PAYMENT_COOKIE, `${paymentId}.${token}`, {
        httpOnly: true,
        sameSite: "lax",
        secure: secureCookies,
        path: "/api/payments",
        maxAge: PAYMENT_COOKIE_SECONDS,
      })
      .header("cache-control", "no-store");

  app.post(
    "/orders/:reference/pay/:gateway",
    {
      config: { public: true, rateLimit: limit(PAYMENT_START_LIMIT, "Too many payments started from your address.") },
      schema: {
        summary: "Start paying the order online: answers where to send the browser (Khalti), the form to post (eSewa) or the QR to show (Fonepay)",
        params: z.object({ reference: z.string().trim().min(1).max(20), gateway: z.enum(GATEWAYS) }),
        body: z.object({ key: z.string({ error: "The order link is missing its key" }).max(100) }),
        response: {
          200: z.object({ success: z.literal(true), start: paymentStartSchema }),
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      const { start, token } = await payments.start(request.params.reference, request.body.key, request.params.gateway, request.ip, origin);
      setPaymentCookie(reply, start.paymentId, token);
      return { success: true as const, start };
    },
  );

  app.post(
    "/my/:key/top-up/:gateway",
    {
      config: { public: true, rateLimit: limit(PAYMENT_START_LIMIT, "Too many payments started from your address.") },
      schema: {
        summary:
          "Start a top-up of the customer's store credit online, from their customer link (its key in the path): answers as paying an order does; proved, the amount is added to their credit",
        params: z.object({ key: z.string().max(100, "No link has a key this long"), gateway: z.enum(GATEWAYS) }),
        body: topUpInputSchema,
        response: {
          200: z.object({ success: z.literal(true), start: paymentStartSchema }),
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      const { start, token } = await payments.startTopUp(request.params.key, request.params.gateway, request.body.amount, request.ip, origin);
      setPaymentCookie(reply, start.paymentId, token);
      return { success: true as const, start };
    },
  );

  for (const path of ["return", "failed"] as const) {
    app.get(
      `/payments/:id/${path}`,
      {
        config: { public: true, rateLimit: limit(PAYMENT_CHECK_LIMIT, "Too many payment checks from your address.") },
        schema: {
          summary:
            path === "return"
              ? "Where the gateway sends the shopper back: the payment is checked with the gateway, then the browser goes to its order"
              : "eSewa's failure return: checked with eSewa as any return is",
          params: paymentParams,
          querystring: z.record(z.string(), z.string()),
          response: { 404: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const to = await payments.returned(request.params.id, request.query, request.cookies[PAYMENT_COOKIE]);
        return oneShoppersAnswer(reply).redirect(to, 303);
      },
    );
  }

  app.get(
    "/payments/:id",
    {
      config: { public: true, rateLimit: limit(PAYMENT_CHECK_LIMIT, "Too many payment checks from your address.") },
      schema: {
        summary: "Where one payment stands, asking the gateway while it is open (the QR's page polls this)",
        params: paymentParams,
        response: { 200: z.object({ success: z.literal(true), payment: paymentStateSchema }), 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, payment: await payments.check(request.params.id) };
    },
  );

  app.get(
    "/admin/payment-gateways",
    {
      schema: {
        summary: "Each online gateway's settings; whether a secret is stored, never the secret",
        response: { 200: z.object({ success: z.literal(true), items: z.array(gatewaySettingsSchema) }) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, items: await payments.settings() };
    },
  );

  app.put(
    "/admin/payment-gateways/:gateway",
    {
      schema: {
        summary: "Save a gateway's settings; a secret left out keeps the stored one",
        params: gatewayParams,
        body: gatewaySettingsInputSchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), item: gatewaySettingsSchema }) },
      },
    },
    async (request) => {
      const { message, data } = await payments.saveSettings(request.params.gateway, request.body);
      return { success: true as const, message, item: data };
    },
  );

  app.post(
    "/admin/payment-gateways/:gateway/reveal",
    {
      schema: {
        summary: "A gateway's merchant secret or password in the clear; written to its reveal log",
        params: gatewayParams,
        body: gatewayRevealInputSchema,
        response: { 200: z.object({ success: z.literal(true), value: z.string() }), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, value: await payments.reveal(request.params.gateway, request.body.what, actorOf(request)) };
    },
  );

  app.get(
    "/admin/payments/to-check",
    {
      schema: {
        summary: "Payments that do not match their order (amount, order, a second payment): nothing was marked paid for them",
        response: { 200: z.object({ success: z.literal(true), items: z.array(paymentToCheckSchema) }) },
      },
    },
    async () => ({ success: true as const, items: await payments.toCheck() }),
  );

  app.post(
    "/admin/payments/:id/resolve",
    answeringMessage(
      { summary: "The seller has dealt with a payment to check (refunded it, or marked the order paid by hand)", params: paymentParams },
      409,
    ),
    (request) => answerOf(payments.resolve(request.params.id)),
  );
};
