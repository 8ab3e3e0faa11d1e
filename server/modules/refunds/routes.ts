import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { refundInputSchema, refundPreviewSchema } from "../../../domain/refunds/schemas";
import type { Services } from "../../services";
import { actorOf } from "../audit/routes";
import { failures } from "../../http/answers";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import { tagRoutes } from "../../http/conventions";

const lineParams = z.object({ reference: z.string().trim().min(1).max(20), lineId: z.string().min(1).max(100) });

/** Refunds (ADR 0127): a delivered line's days left, to store credit or the gateway that took the payment. Admin only. */
export const refundsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "refunds"> }> = async (app, { services }) => {
  tagRoutes(app, "orders");
  const { refunds } = services;

  app.get(
    "/admin/orders/:reference/lines/:lineId/refund",
    {
      schema: {
        summary: "What refunding a delivered line would give back (its days left at what it was paid), and where it can go",
        params: lineParams,
        response: { 200: refundPreviewSchema.extend({ success: z.literal(true) }), ...failures(404, 409) },
      },
    },
    async (request) => ({ success: true as const, ...(await refunds.preview(request.params.reference, request.params.lineId)) }),
  );

  app.post(
    "/admin/orders/:reference/lines/:lineId/refund",
    {
      schema: {
        summary: "Refund a delivered line's days left, once, to the customer's store credit or to Khalti; the line ends and its seat is freed",
        params: lineParams,
        body: refundInputSchema,
        response: {
          200: refundPreviewSchema.extend({ success: z.literal(true), message: z.string() }),
          ...failures(404, 409),
          502: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { message, data } = await refunds.refund(request.params.reference, request.params.lineId, request.body.to, actorOf(request));
      return { success: true as const, message, ...data };
    },
  );
};
