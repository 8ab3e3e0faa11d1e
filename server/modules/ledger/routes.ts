import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PREVIOUS_SECRET_DAYS } from "../../../domain/ledger/accounts";
import {
  accountCreateSchema,
  accountListQuerySchema,
  accountPageSchema,
  accountSchema,
  accountUpdateSchema,
  billDueSchema,
  billPaidSchema,
  deliveryAnswerSchema,
  holderMessageSchema,
  moveConfirmSchema,
  moveProposalSchema,
  moveRequestSchema,
  previousSecretSchema,
  secretChangeSchema,
  revealInputSchema,
  revealSchema,
  weekMoneySchema,
} from "../../../domain/ledger/schemas";
import { BILLS_WINDOW_DAYS } from "../../../domain/ledger/bills";
import { errorResponseSchema, idParamSchema, successMessageSchema } from "../../../domain/shared/schemas";
import type { Services } from "../../services";
import { actorOf } from "../audit/routes";
import { expectedVersion, replacingAtVersion } from "../versions";
import { failures } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

const accountAnswer = z.object({ success: z.literal(true), message: z.string(), account: accountSchema });
const historySchema = z.array(
  z.object({
    id: z.string(),
    position: z.number(),
    reference: z.string(),
    customerName: z.string().nullable(),
    startedAt: z.string(),
    endedAt: z.string().nullable(),
    endReason: z.string().nullable(),
  }),
);

/** The seller's ledger: accounts, their seats and holders, bills and health; what delivering a line takes is ./line-routes.ts. Admin only, like all of /api/admin. */
export const accountsRoutes: FastifyPluginAsyncZod<{
  services: Pick<Services, "accountHealth" | "accounts" | "previousSecrets" | "renewals">;
}> = async (app, { services }) => {
  tagRoutes(app, "ledger");
  const { accounts, accountHealth, previousSecrets } = services;

  app.get(
    "/admin/accounts",
    {
      schema: {
        summary:
          "Provider accounts a page at a time, with their seats, who holds each and warnings; never a password or PIN. Search (`q`) over service, login, notes and the customers on the seats; filter by `status` or `attention=true`",
        querystring: accountListQuerySchema,
        response: { 200: accountPageSchema.extend({ success: z.literal(true) }) },
      },
    },
    async (request) => ({ success: true as const, ...(await accounts.list(request.query)) }),
  );

  app.get(
    "/admin/accounts/:id",
    {
      schema: {
        summary: "One account, its reveal log and its seats' history",
        params: idParamSchema,
        response: {
          200: z.object({ success: z.literal(true), account: accountSchema, reveals: z.array(revealSchema), history: historySchema }),
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({ success: true as const, ...(await accounts.get(request.params.id)) }),
  );

  app.post(
    "/admin/accounts",
    {
      schema: {
        summary: "Add a provider account with its seats",
        body: accountCreateSchema,
        response: { 201: accountAnswer, ...failures(404, 409) },
      },
    },
    async (request, reply) => {
      const { message, data } = await accounts.create(request.body);
      return reply.status(201).send({ success: true as const, message, account: data });
    },
  );

  app.put(
    "/admin/accounts/:id",
    {
      schema: replacingAtVersion("Replace an account (an empty password or absent PIN keeps the stored one); with If-Match: its version", {
        params: idParamSchema,
        body: accountUpdateSchema,
        ok: accountAnswer,
      }),
    },
    async (request) => {
      const { message, data } = await accounts.update(request.params.id, request.body, actorOf(request), expectedVersion(request.headers));
      return { success: true as const, message, account: data };
    },
  );

  app.delete(
    "/admin/accounts/:id",
    {
      schema: {
        summary:
          "Delete an account none of whose seats is in use. One that ever held a customer or had a secret revealed is retired instead (`outcome`), keeping its history; either is written to the audit log",
        params: idParamSchema,
        response: {
          200: successMessageSchema.extend({ outcome: z.enum(["deleted", "retired"]) }),
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { message, data } = await accounts.delete(request.params.id, actorOf(request));
      return { success: true, message, outcome: data };
    },
  );

  app.post(
    "/admin/accounts/:id/reveal",
    {
      schema: {
        summary: "The account's password or a seat's PIN in the clear; written to the account's reveal log",
        params: idParamSchema,
        body: revealInputSchema,
        response: { 200: z.object({ success: z.literal(true), value: z.string() }), ...failures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      value:
        request.body.what === "previous"
          ? await previousSecrets.reveal(request.params.id, request.body.previousId, actorOf(request))
          : await accounts.reveal(request.params.id, { what: request.body.what, seatId: request.body.seatId }, actorOf(request)),
    }),
  );

  app.get(
    "/admin/bills",
    {
      schema: {
        summary: `Provider bills due within ${BILLS_WINDOW_DAYS} days or past, and this week's money: what the bills cost against what the renewals due would bring`,
        response: { 200: z.object({ success: z.literal(true), bills: z.array(billDueSchema), week: weekMoneySchema }) },
      },
    },
    async () => {
      const [bills, renewals] = await Promise.all([accountHealth.billsDue(), services.renewals.due(BILLS_WINDOW_DAYS)]);
      return { success: true as const, bills, week: accountHealth.week(bills, renewals) };
    },
  );

  app.post(
    "/admin/accounts/:id/bill-paid",
    {
      schema: {
        summary: "Mark the bill of `renewalDate` paid: the next bill is a cycle later (409 when that bill is no longer the one due)",
        params: idParamSchema,
        body: billPaidSchema,
        response: { 200: successMessageSchema.extend({ renewalDate: z.string() }), ...failures(404, 409) },
      },
    },
    async (request) => {
      const { message, data } = await accountHealth.billPaid(request.params.id, request.body.renewalDate, actorOf(request));
      return { success: true, message, renewalDate: data };
    },
  );

  app.post(
    "/admin/accounts/:id/secret-change",
    {
      schema: {
        summary: `Record a new password, or a seat's new PIN: the old one stays readable by a logged reveal for ${PREVIOUS_SECRET_DAYS} days, and every holder it concerns is listed to be told`,
        params: idParamSchema,
        body: secretChangeSchema,
        response: { 200: successMessageSchema.extend({ holders: z.number() }), ...failures(404, 409) },
      },
    },
    async (request) => {
      const { message, data } = await accountHealth.changeSecret(request.params.id, request.body, actorOf(request));
      return { success: true, message, holders: data.holders };
    },
  );

  app.get(
    "/admin/accounts/:id/notices",
    {
      schema: {
        summary: "The account's holders to tell of new credentials (the last month, untold first) and its replaced secrets still kept",
        params: idParamSchema,
        response: {
          200: z.object({ success: z.literal(true), notices: z.array(holderMessageSchema), previous: z.array(previousSecretSchema) }),
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await accounts.get(request.params.id);
      const [notices, previous] = await Promise.all([accountHealth.holderMessages(request.params.id), previousSecrets.list(request.params.id)]);
      return { success: true as const, notices, previous };
    },
  );

  app.post(
    "/admin/notices/:id/send",
    {
      schema: {
        summary:
          "The new-credentials message for one holder, in their order's language, with links that open WhatsApp or Telegram to them; logged as a reveal, and the holder is marked told",
        params: idParamSchema,
        response: { 200: deliveryAnswerSchema, ...failures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await accountHealth.tell(request.params.id, actorOf(request), `${request.protocol}://${request.host}`)),
    }),
  );

  app.post(
    "/admin/accounts/:id/move-proposals",
    {
      schema: {
        summary:
          "Where the account's holders (those of `lineIds`, or all) could move: the best free seat that fits each on another active account of its item; nothing changes",
        params: idParamSchema,
        body: moveRequestSchema,
        response: { 200: z.object({ success: z.literal(true), proposals: z.array(moveProposalSchema) }), ...failures(404, 409) },
      },
    },
    async (request) => ({ success: true as const, proposals: await accountHealth.moveProposals(request.params.id, request.body.lineIds) }),
  );

  app.post(
    "/admin/accounts/:id/moves",
    {
      schema: {
        summary:
          "Move holders as proposed, all or none: each must still hold the seat it was proposed from and each seat still be free (else 409). The old seats are freed and each holder is listed to be told",
        params: idParamSchema,
        body: moveConfirmSchema,
        response: { 200: successMessageSchema.extend({ moved: z.number() }), ...failures(404, 409) },
      },
    },
    async (request) => {
      const { message, data } = await accountHealth.move(request.params.id, request.body, actorOf(request));
      return { success: true, message, moved: data };
    },
  );
};
