import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../../domain/common";
import { orderLimitsSchema, refusalSummarySchema } from "../../../domain/order-limits";
import type { Services } from "../../services";
import { expectedVersion, ifMatchHeaders } from "../versions";
import { answeringMessage, messageWhenDone } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

/** The seller's limits on anonymous orders and what they refused (issue 34, ADR 0101). Admin only, like all of /api/admin. */
export const orderLimitsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "orderLimits"> }> = async (app, { services }) => {
  tagRoutes(app, "orders");
  const { orderLimits } = services;
  const limitsAnswer = z.object({ success: z.literal(true), data: orderLimitsSchema, version: z.number() });

  app.get(
    "/admin/settings/order-limits",
    {
      schema: {
        summary: "The shop-wide ceilings on orders and on 'I have paid' per minute, the unpaid orders a phone may have, and when new orders expire",
        response: { 200: limitsAnswer },
      },
    },
    async () => {
      const { settings, version } = await orderLimits.forEdit();
      return { success: true as const, data: settings, version };
    },
  );

  app.put(
    "/admin/settings/order-limits",
    {
      schema: {
        summary: "Save the limits on anonymous orders; with If-Match: their version",
        headers: ifMatchHeaders,
        body: orderLimitsSchema,
        response: { 200: limitsAnswer, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const version = await orderLimits.save(request.body, { admin: request.admin!, log: request.log }, expectedVersion(request.headers));
      return { success: true as const, data: (await orderLimits.forEdit()).settings, version };
    },
  );

  app.get(
    "/admin/order-limits/refusals",
    {
      schema: {
        summary: "What the shop-wide ceilings refused in the last 24 hours, since the notice was last hidden: per kind, how many, first and last",
        response: { 200: z.object({ success: z.literal(true), items: z.array(refusalSummarySchema) }) },
      },
    },
    async () => ({ success: true as const, items: await orderLimits.refusals() }),
  );

  app.post(
    "/admin/order-limits/refusals/hide",
    answeringMessage({ summary: "Hide the notice of refusals: those counted until now are no longer listed" }),
    (request) => messageWhenDone(orderLimits.hideRefusals({ admin: request.admin!, log: request.log }), "Notice hidden"),
  );
};
