import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { blockedAttemptSchema, blockedPhoneSchema, blockInputSchema } from "../../../domain/blocklist/schemas";
import { errorResponseSchema, successMessageSchema } from "../../../domain/shared/schemas";
import type { Services } from "../../services";
import { tagRoutes } from "../../http/conventions";
import { answerOf, answeringMessage } from "../../http/answers";

const listAnswer = z.object({ success: z.literal(true), items: z.array(blockedPhoneSchema), attempts: z.array(blockedAttemptSchema) });

/** The seller's blocklist of phones, and the checkouts they tried. */
export const blocklistRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "blocklist"> }> = async (app, { services }) => {
  tagRoutes(app, "blocklist");
  const { blocklist } = services;

  app.get(
    "/admin/blocklist",
    {
      schema: {
        summary: "The blocked phones (newest first, each with its attempts) and the last checkouts they tried",
        response: { 200: listAnswer },
      },
    },
    async () => ({ success: true as const, ...(await blocklist.list()) }),
  );

  app.post(
    "/admin/blocklist",
    {
      schema: {
        summary: "Block a phone, written in any form (kept in one form), with an optional reason; 409 when already blocked",
        body: blockInputSchema,
        response: { 201: successMessageSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { message } = await blocklist.block(request.body);
      return reply.status(201).send({ success: true, message });
    },
  );

  app.delete(
    "/admin/blocklist/:phone",
    answeringMessage(
      { summary: "Take a phone off the blocklist (its past attempts stay listed)", params: z.object({ phone: z.string().min(1).max(30) }) },
      404,
    ),
    (request) => answerOf(blocklist.unblock(request.params.phone)),
  );
};
