import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { billSchema, creditNoteSchema } from "../../../domain/bills/schemas";
import type { Services } from "../../services";
import { failures } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

const referenceParams = z.object({ reference: z.string().trim().min(1).max(20) });

/** Bills (ADR 0130): an order's bill and its credit notes. Admin only. */
export const billsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "bills"> }> = async (app, { services }) => {
  tagRoutes(app, "orders");
  const { bills } = services;

  app.get(
    "/admin/orders/:reference/bill",
    {
      schema: {
        summary: "The order's bill (issued when it became paid; null before) and the credit notes of its cancellation or refunds",
        params: referenceParams,
        response: {
          200: z.object({ success: z.literal(true), bill: billSchema.nullable(), creditNotes: z.array(creditNoteSchema) }),
          ...failures(404),
        },
      },
    },
    async (request) => ({ success: true as const, ...(await bills.ofOrder(request.params.reference)) }),
  );
};
