import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import { customerLinkSchema, shopperCustomerSchema } from "../../../domain/customer-links/schemas";
import { limit } from "../../plugins/rate-limits";
import type { Services } from "../../services";
import { SHOPPER_ORDER_LIMIT } from "../orders/routes";
import { answerOf, answeringMessage, oneShoppersAnswer } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

const phoneParams = z.object({ phone: z.string().trim().min(1, "Give the customer's phone").max(30, "A phone has at most 30 characters") });
/** A wrong or unknown key answers 404 as an unknown one does; only a length no key has is refused outright. */
const keyParams = z.object({ key: z.string().max(100, "No link has a key this long") });
const linkAnswer = z.object({ success: z.literal(true), link: customerLinkSchema });

/** The customer link (ADR 0104): the shopper's page of all their subscriptions, and the admin's New and Revoke. */
export const customerLinksRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "customerLinks"> }> = async (app, { services }) => {
  tagRoutes(app, "customers");
  const { customerLinks } = services;

  app.get(
    "/my/:key",
    {
      config: { public: true, rateLimit: limit(SHOPPER_ORDER_LIMIT, "Too many look-ups from your address.") },
      schema: {
        summary: "A customer's subscriptions and orders, by the key of their customer link; 404 for a wrong or revoked key as for a wrong order key",
        params: keyParams,
        response: {
          200: shopperCustomerSchema.extend({ success: z.literal(true) }),
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      oneShoppersAnswer(reply);
      return { success: true as const, ...(await customerLinks.forShopper(request.params.key, request.ip)) };
    },
  );

  app.get(
    "/admin/customers/:phone/link",
    {
      schema: {
        summary: "The customer's link to their page of subscriptions (`/my/<key>`), or null when they have none",
        params: phoneParams,
        response: { 200: linkAnswer, 404: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, link: await customerLinks.linkOf(request.params.phone) }),
  );

  app.post(
    "/admin/customers/:phone/link",
    {
      schema: {
        summary: "A new customer link, in place of the old one, which stops working",
        params: phoneParams,
        response: { 201: linkAnswer.extend({ message: z.string() }), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { message, data } = await customerLinks.replace(request.params.phone);
      return reply.status(201).send({ success: true as const, message, link: data });
    },
  );

  app.delete(
    "/admin/customers/:phone/link",
    answeringMessage({ summary: "Revoke the customer link: it opens nothing from now on", params: phoneParams }, 404),
    (request) => answerOf(customerLinks.revoke(request.params.phone)),
  );
};
