import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import {
  checkoutInputSchema,
  checkoutResponseSchema,
  lineStartInputSchema,
  orderDetailsInputSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderAnswerSchema,
  orderStatusInputSchema,
  quoteInputSchema,
  quoteResponseSchema,
  renewalSchema,
  renewalsQuerySchema,
  spamInputSchema,
  spamResultSchema,
} from "../../../domain/orders/schemas";
import { answerLocale, refusalText } from "../../../domain/order-limits/order-limits";
import { paidClaimInputSchema, shopperOrderQuerySchema, shopperOrderSchema } from "../../../domain/orders/schemas";
import { limit, perMinute } from "../../plugins/rate-limits";
import type { Services } from "../../services";
import { expectedVersion, replacingAtVersion } from "../versions";
import { failures, oneShoppersAnswer } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

/** Per visitor address: a shopper checks out a few times at most; a script filling the table is stopped. */
export const CHECKOUT_LIMIT = perMinute(10);
/** The cart asks when it opens, when checkout opens and on each add: a busy shopper stays well below this. */
export const QUOTE_LIMIT = perMinute(60);
/** Reads of one's own order page from the API: a shopper opens it a few times; wrong keys are counted apart (ADR 0075). */
export const SHOPPER_ORDER_LIMIT = perMinute(60);
/** "I have paid" is said once per order; a few tries cover a mistyped transaction id. */
export const PAID_CLAIM_LIMIT = perMinute(10);

/** The language a refusal is worded in: the one our storefront asks for in Accept-Language (its page's). */
const askedLocale = (request: FastifyRequest) => answerLocale(request.headers["accept-language"]);

const referenceParams = z.object({ reference: z.string().trim().min(1).max(20) });
const orderAnswer = orderAnswerSchema;

export const ordersRoutes: FastifyPluginAsyncZod<{
  services: Pick<Services, "checkout" | "orders" | "renewals" | "shopperOrders">;
}> = async (app, { services }) => {
  tagRoutes(app, "orders");
  const { checkout, shopperOrders, renewals, orders } = services;

  app.post(
    "/orders",
    {
      config: {
        public: true,
        rateLimit: limit(CHECKOUT_LIMIT, (request, seconds) => refusalText.ordersFromAddress(seconds, askedLocale(request))),
      },
      schema: {
        summary:
          "Check out: prices the cart from the catalogue, stores the order and answers the chat message with its reference; 429 with Retry-After past the limits on anonymous orders (per address, per phone, shop-wide)",
        body: checkoutInputSchema,
        response: { 201: checkoutResponseSchema, ...failures(404, 409), 429: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ success: true as const, ...(await checkout.checkout(request.body, request.ip)) }),
  );

  app.get(
    "/orders/:reference",
    {
      config: { public: true, rateLimit: limit(SHOPPER_ORDER_LIMIT, "Too many order look-ups from your address.") },
      schema: {
        summary: "The shopper's view of one order, by its reference and `key` (from the order link); 404 for a wrong key as for an unknown reference",
        params: referenceParams,
        querystring: shopperOrderQuerySchema,
        response: { 200: shopperOrderSchema.extend({ success: z.literal(true) }), 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      oneShoppersAnswer(reply);
      return { success: true as const, ...(await shopperOrders.forShopper(request.params.reference, request.query.key, request.ip)) };
    },
  );

  app.post(
    "/orders/:reference/paid",
    {
      config: {
        public: true,
        rateLimit: limit(PAID_CLAIM_LIMIT, (request, seconds) => refusalText.claimsFromAddress(seconds, askedLocale(request))),
      },
      schema: {
        summary: "The shopper says they paid (once, with an optional transaction id); the status changes only when the admin marks it paid",
        params: referenceParams,
        body: paidClaimInputSchema,
        response: { 200: shopperOrderSchema.extend({ success: z.literal(true) }), ...failures(404, 409), 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      oneShoppersAnswer(reply);
      const { key, transactionId } = request.body;
      return {
        success: true as const,
        ...(await shopperOrders.claimPaid(request.params.reference, key, transactionId, request.ip, askedLocale(request))),
      };
    },
  );

  app.post(
    "/orders/quote",
    {
      config: { public: true, rateLimit: limit(QUOTE_LIMIT, "Too many price checks from your address.") },
      schema: {
        summary:
          "Today's price of each cart line (or why it can no longer be ordered), in the cart's order, and what `coupon` takes off (or why not); stores nothing",
        body: quoteInputSchema,
        response: { 200: quoteResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => checkout.quote(request.body.items, request.body.language, request.body.coupon),
  );

  app.get(
    "/admin/orders",
    {
      schema: {
        summary: "Orders, newest first, a page at a time (`before`: the last reference shown); filter by status, search by reference or phone",
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema.extend({ success: z.literal(true) }) },
      },
    },
    async (request) => ({ success: true as const, ...(await orders.list(request.query)) }),
  );

  app.post(
    "/admin/orders/spam",
    {
      schema: {
        summary:
          "Cancel several orders as spam at once: each that awaits payment (new or contacted) is cancelled, releasing what it held; the others are left, each with why",
        body: spamInputSchema,
        response: { 200: spamResultSchema.extend({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (request) => {
      const { message, data } = await orders.markSpam(request.body.references, { admin: request.admin!, log: request.log });
      return { success: true as const, message, ...data };
    },
  );

  app.get(
    "/admin/orders/:reference",
    {
      schema: {
        summary: "One order by its reference",
        params: referenceParams,
        response: { 200: orderAnswer, 404: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, message: "Order found", order: await orders.get(request.params.reference) }),
  );

  app.put(
    "/admin/orders/:reference/details",
    {
      schema: replacingAtVersion(
        "The customer's name and phone, and the seller's private note; with If-Match: the order's version, only if still at it",
        { params: referenceParams, body: orderDetailsInputSchema, ok: orderAnswer },
      ),
    },
    async (request) => {
      const { message, data } = await orders.updateDetails(request.params.reference, request.body, expectedVersion(request.headers));
      return { success: true as const, message, order: data };
    },
  );

  app.post(
    "/admin/orders/:reference/status",
    {
      schema: {
        summary: "Move the order on (new → contacted → paid → delivered, or cancelled); delivering starts each line's subscription",
        params: referenceParams,
        body: orderStatusInputSchema,
        response: { 200: orderAnswer, ...failures(404, 409) },
      },
    },
    async (request) => {
      const { message, data } = await orders.changeStatus(request.params.reference, request.body.status, request.body.startDate);
      return { success: true as const, message, order: data };
    },
  );

  app.put(
    "/admin/orders/:reference/lines/:lineId/start",
    {
      schema: {
        summary: "Correct the day a delivered line started; its expiry follows",
        params: referenceParams.extend({ lineId: z.string().min(1).max(100) }),
        body: lineStartInputSchema,
        response: { 200: orderAnswer, ...failures(404, 409) },
      },
    },
    async (request) => {
      const { message, data } = await orders.setLineStart(request.params.reference, request.params.lineId, request.body.startDate);
      return { success: true as const, message, order: data };
    },
  );

  app.get(
    "/admin/renewals",
    {
      schema: {
        summary: "Delivered lines that end within `days` days (7 by default) or have ended, not renewed yet; soonest first",
        querystring: renewalsQuerySchema,
        response: { 200: z.object({ success: z.literal(true), items: z.array(renewalSchema) }) },
      },
    },
    async (request) => ({ success: true as const, items: await renewals.due(request.query.days) }),
  );

  app.post(
    "/admin/renewals/:lineId/remind",
    {
      schema: {
        summary: "The renewal reminder of a line, to send the customer; the line remembers it was reminded",
        params: z.object({ lineId: z.string().min(1).max(100) }),
        response: { 200: z.object({ success: z.literal(true), renewal: renewalSchema }), ...failures(404, 409) },
      },
    },
    // The answer has no message: the screen's ("Reminder for … noted") is dropped here.
    async (request) => ({ success: true as const, renewal: (await renewals.remind(request.params.lineId)).data }),
  );

  app.post(
    "/admin/renewals/:lineId",
    {
      schema: {
        summary: "Mark a line renewed: creates the new order at today's price",
        params: z.object({ lineId: z.string().min(1).max(100) }),
        response: { 201: orderAnswer, ...failures(404, 409) },
      },
    },
    async (request, reply) => {
      const { message, data } = await renewals.renew(request.params.lineId);
      return reply.status(201).send({ success: true as const, message, order: data });
    },
  );
};
