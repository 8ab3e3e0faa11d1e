import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema, idParamSchema } from "../../../domain/shared/schemas";
import { paymentMethodInputSchema, paymentMethodOrderSchema, paymentMethodSchema } from "../../../domain/payment-methods/schemas";
import type { Services } from "../../services";
import { actorOf } from "../audit/routes";
import { expectedVersion, ifMatchHeaders } from "../versions";
import { answeringMessage, messageWhenDone } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

const listAnswer = z.object({ success: z.literal(true), items: z.array(paymentMethodSchema) });
const oneAnswer = z.object({ success: z.literal(true), message: z.string(), item: paymentMethodSchema });

/** The shop's payment methods, for admins only (the order page reads the enabled ones through its order). */
export const paymentMethodsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "paymentMethods"> }> = async (app, { services }) => {
  tagRoutes(app, "payment methods");
  const { paymentMethods } = services;

  app.get(
    "/admin/payment-methods",
    { schema: { summary: "Every payment method, in the order the order page shows them", response: { 200: listAnswer } } },
    async () => ({ success: true as const, items: await paymentMethods.listForEdit() }),
  );

  app.post(
    "/admin/payment-methods",
    {
      schema: {
        summary: "Add a payment method (last in the order)",
        body: paymentMethodInputSchema,
        response: { 201: oneAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true as const, message: "Payment method added", item: await paymentMethods.create(request.body) }),
  );

  app.put(
    "/admin/payment-methods/order",
    {
      schema: {
        summary: "Reorder: `ids` names every payment method once, in the new order",
        body: paymentMethodOrderSchema,
        response: { 200: listAnswer },
      },
    },
    async (request) => ({ success: true as const, items: await paymentMethods.reorder(request.body.ids) }),
  );

  app.put(
    "/admin/payment-methods/:id",
    {
      schema: {
        summary: "Replace a payment method; with If-Match: its version, only if still at it (409 otherwise)",
        params: idParamSchema,
        headers: ifMatchHeaders,
        body: paymentMethodInputSchema,
        response: { 200: oneAnswer, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: "Payment method saved",
      item: await paymentMethods.update(request.params.id, request.body, expectedVersion(request.headers)),
    }),
  );

  app.delete("/admin/payment-methods/:id", answeringMessage({ summary: "Delete a payment method", params: idParamSchema }, 404), (request) =>
    messageWhenDone(paymentMethods.delete(request.params.id, actorOf(request)), "Payment method deleted"),
  );
};
