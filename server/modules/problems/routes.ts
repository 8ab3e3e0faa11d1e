import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema, successMessageSchema } from "../../../domain/shared/schemas";
import { answerLocale } from "../../../domain/order-limits/order-limits";
import {
  problemAnswerInputSchema,
  problemMoveInputSchema,
  problemRefundInputSchema,
  problemReportInputSchema,
  problemVersionInputSchema,
  queuedProblemSchema,
  shopperProblemSchema,
} from "../../../domain/problems/schemas";
import { limit, perMinute } from "../../plugins/rate-limits";
import { actorOf } from "../audit/routes";
import type { Services } from "../../services";
import { answerOf, answeringMessage, failures, oneShoppersAnswer } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

/** Per visitor address, as the order page's Telegram link: the per-order limits are the service's, in the database. */
export const PROBLEM_REPORT_LIMIT = perMinute(10);

const referenceParams = z.object({ reference: z.string().trim().min(1).max(20) });
const idParams = z.object({ id: z.string().trim().min(1).max(100) });

/** The language a refusal is worded in: the one our storefront asks for in Accept-Language (its page's). */
const askedLocale = (request: FastifyRequest) => answerLocale(request.headers["accept-language"]);

export const problemsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  tagRoutes(app, "problems");
  const { problems } = services;

  app.post(
    "/orders/:reference/problems",
    {
      config: { public: true, rateLimit: limit(PROBLEM_REPORT_LIMIT, "Too many problem reports from your address.") },
      schema: {
        summary:
          "The shopper reports a problem on a delivered line of the order its key opens (issue 32): 429 past 3 open problems or 5 reports an hour per order",
        params: referenceParams,
        body: problemReportInputSchema,
        response: {
          201: z.object({ success: z.literal(true), problems: z.array(shopperProblemSchema) }),
          ...failures(404, 409),
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      oneShoppersAnswer(reply);
      const reported = await problems.report(request.params.reference, request.body, request.ip, askedLocale(request));
      return reply.status(201).send({ success: true as const, problems: reported });
    },
  );

  app.get(
    "/admin/problems",
    {
      schema: {
        summary: "The problem queue: not resolved, oldest first, then resolved in the last 30 days; each with its line's seat or keys and history",
        response: { 200: z.object({ success: z.literal(true), open: z.number(), items: z.array(queuedProblemSchema) }) },
      },
    },
    async () => {
      const [items, open] = await Promise.all([problems.queue(), problems.openCount()]);
      return { success: true as const, open, items };
    },
  );

  app.post(
    "/admin/problems/:id/answer",
    answeringMessage(
      { summary: "Answer a problem: the text is shown to the shopper on the order page", params: idParams, body: problemAnswerInputSchema },
      404,
      409,
    ),
    (request) => answerOf(problems.answer(request.params.id, request.body, actorOf(request))),
  );

  app.post(
    "/admin/problems/:id/move-seat",
    answeringMessage(
      {
        summary: "Move the problem's holder to the seat proposed (the account screen's move: all its checks, its notice to tell the holder)",
        params: idParams,
        body: problemMoveInputSchema,
      },
      404,
      409,
    ),
    (request) => answerOf(problems.moveSeat(request.params.id, request.body, actorOf(request))),
  );

  app.post(
    "/admin/problems/:id/new-key",
    answeringMessage(
      {
        summary: "Replace the line's licence key with the next one in stock; 409 when stock is empty or someone did it just now",
        params: idParams,
        body: problemVersionInputSchema,
      },
      404,
      409,
    ),
    (request) => answerOf(problems.newKey(request.params.id, request.body, actorOf(request))),
  );

  app.post(
    "/admin/problems/:id/refund",
    {
      schema: {
        summary:
          "Nothing can replace the line: refund its days left to store credit or Khalti (the order's refund), and resolve the problem; 409 when refunded already or stale",
        params: idParams,
        body: problemRefundInputSchema,
        response: { 200: successMessageSchema, ...failures(404, 409), 502: errorResponseSchema },
      },
    },
    (request) => answerOf(problems.refund(request.params.id, request.body, actorOf(request))),
  );

  for (const [path, resolved] of [
    ["resolve", true],
    ["reopen", false],
  ] as const) {
    app.post(
      `/admin/problems/:id/${path}`,
      answeringMessage(
        { summary: resolved ? "Mark a problem resolved" : "Open a resolved problem again", params: idParams, body: problemVersionInputSchema },
        404,
        409,
      ),
      async (request) => ({
        success: true,
        message: (await problems.setResolved(request.params.id, request.body, resolved, actorOf(request))).message,
      }),
    );
  }
};
