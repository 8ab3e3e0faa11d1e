import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema, idParamSchema } from "../../../domain/shared/schemas";
import { couponInputSchema, couponSchema, couponUseSchema } from "../../../domain/coupons/schemas";
import type { Services } from "../../services";
import { expectedVersion, replacingAtVersion } from "../versions";
import { tagRoutes } from "../../http/conventions";
import { failures } from "../../http/answers";

const listAnswer = z.object({ success: z.literal(true), items: z.array(couponSchema) });
const oneAnswer = z.object({ success: z.literal(true), message: z.string(), item: couponSchema });

/** The seller's coupons: shoppers only ever name one, through the quote and checkout. */
export const couponsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "coupons"> }> = async (app, { services }) => {
  tagRoutes(app, "coupons");
  const { coupons } = services;

  app.get(
    "/admin/coupons",
    {
      schema: {
        summary: "Every coupon, newest first, with its uses and the discount it gave",
        response: { 200: listAnswer },
      },
    },
    async () => ({ success: true as const, items: await coupons.list() }),
  );

  app.post(
    "/admin/coupons",
    {
      schema: {
        summary: "Add a coupon; its code is kept in capitals without spaces, and is unique (409)",
        body: couponInputSchema,
        response: { 201: oneAnswer, ...failures(404, 409) },
      },
    },
    async (request, reply) => {
      const { message, data } = await coupons.create(request.body);
      return reply.status(201).send({ success: true as const, message, item: data });
    },
  );

  app.put(
    "/admin/coupons/:id",
    {
      schema: replacingAtVersion(
        "Replace a coupon (also to disable it: enabled false); with If-Match: its version, only if still at it (409 otherwise)",
        { params: idParamSchema, body: couponInputSchema, ok: oneAnswer },
      ),
    },
    async (request) => {
      const { message, data } = await coupons.update(request.params.id, request.body, expectedVersion(request.headers));
      return { success: true as const, message, item: data };
    },
  );

  app.get(
    "/admin/coupons/:id/uses",
    {
      schema: {
        summary: "The orders that used a coupon, newest first (the last 500)",
        params: idParamSchema,
        response: {
          200: z.object({ success: z.literal(true), coupon: couponSchema, uses: z.array(couponUseSchema) }),
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({ success: true as const, ...(await coupons.uses(request.params.id)) }),
  );
};
