import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderLimitsSchema, refusalSummarySchema } from "../../../domain/order-limits/schemas";
import type { Services } from "../../services";
import { settingsEditRoutes } from "../settings/edit-routes";
import { answerOf, answeringMessage } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

/** The seller's limits on anonymous orders and what they refused (ADR 0101). Admin only, like all of /api/admin. */
export const orderLimitsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "orderLimits"> }> = async (app, { services }) => {
  tagRoutes(app, "orders");
  const { orderLimits } = services;
  settingsEditRoutes(app, "/admin/settings/order-limits", {
    schema: orderLimitsSchema,
    summaries: {
      get: "The shop-wide ceilings on orders and on 'I have paid' per minute, the unpaid orders a phone may have, and when new orders expire",
      put: "Save the limits on anonymous orders; with If-Match: their version",
    },
    forEdit: orderLimits.forEdit,
    save: (limits, request, expected) => orderLimits.save(limits, { admin: request.admin!, log: request.log }, expected),
  });

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
    (request) => answerOf(orderLimits.hideRefusals({ admin: request.admin!, log: request.log })),
  );
};
