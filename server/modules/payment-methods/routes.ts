import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "../../../domain/shared/schemas";
import { paymentMethodInputSchema, paymentMethodOrderSchema, paymentMethodSchema } from "../../../domain/payment-methods/schemas";
import type { Services } from "../../services";
import { actorOf } from "../audit/routes";
import { expectedVersion, replacingAtVersion } from "../versions";
import { answerOf, answeringMessage } from "../../http/answers";
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
    async (request, reply) => {
      const { message, data } = await paymentMethods.create(request.body);
      return reply.status(201).send({ success: true as const, message, item: data });
    },
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
    // The answer has no message: the screen's ("Payment methods reordered") is dropped here.
    async (request) => ({ success: true as const, items: (await paymentMethods.reorder(request.body.ids)).data }),
  );

  app.put(
    "/admin/payment-methods/:id",
    {
      schema: replacingAtVersion("Replace a payment method; with If-Match: its version, only if still at it (409 otherwise)", {
        params: idParamSchema,
        body: paymentMethodInputSchema,
        ok: oneAnswer,
      }),
    },
    async (request) => {
      const { message, data } = await paymentMethods.update(request.params.id, request.body, expectedVersion(request.headers));
      return { success: true as const, message, item: data };
    },
  );

  app.delete("/admin/payment-methods/:id", answeringMessage({ summary: "Delete a payment method", params: idParamSchema }, 404), (request) =>
    answerOf(paymentMethods.delete(request.params.id, actorOf(request))),
  );
};
