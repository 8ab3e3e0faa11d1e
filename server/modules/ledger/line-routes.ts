import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deliveryAnswerSchema, lineSeatAnswerSchema, seatChoiceSchema, seatPlaceSchema, thresholdInputSchema } from "../../../domain/ledger/schemas";
import { keyImportSchema } from "../../../domain/licence-keys/schemas";
import { errorResponseSchema, successMessageSchema } from "../../../domain/shared/schemas";
import { ledgerSettingsSchema } from "../../../domain/ledger/schemas";
import type { Services } from "../../services";
import { actorOf } from "../audit/routes";
import { answerOf, answeringMessage, failures } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";
import { settingsEditRoutes } from "../settings/edit-routes";

const lineParams = z.object({ lineId: z.string().min(1).max(100) });

/**
 * What delivering a line takes from the ledger: the seat it holds or may take, its licence key and its
 * delivery message; the keys in stock, the stock thresholds and the ledger's settings. Registered right after
 * ./routes.ts, so the API's description lists them in the same order as before. Admin only.
 */
export const lineRoutes: FastifyPluginAsyncZod<{
  services: Pick<Services, "availability" | "delivery" | "ledgerSettings" | "licenceKeys" | "seats">;
}> = async (app, { services }) => {
  tagRoutes(app, "ledger");
  const { seats, availability, licenceKeys, ledgerSettings, delivery } = services;

  app.get(
    "/admin/lines/:lineId/seat",
    {
      schema: {
        summary: "The seat an order line holds, or the one Pasal proposes for it, and how many licence keys it was given",
        params: lineParams,
        response: { 200: lineSeatAnswerSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await seats.lineSeat(request.params.lineId)),
      keys: await licenceKeys.countOf(request.params.lineId),
    }),
  );

  app.get(
    "/admin/lines/:lineId/seats",
    {
      schema: {
        summary:
          "The free seats an order line may be put on, best first (the first fitting one is the proposal); `fits`: paid up beyond the line's end",
        params: lineParams,
        response: { 200: z.object({ success: z.literal(true), seats: z.array(seatChoiceSchema) }), 404: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, seats: await seats.seatChoices(request.params.lineId) }),
  );

  app.put(
    "/admin/lines/:lineId/seat",
    {
      schema: {
        summary: "Put a delivered line on a seat (the proposed one when none is named); a line on a seat moves, keeping its history",
        params: lineParams,
        body: z.object({ seatId: z.string().min(1).max(100).optional() }),
        response: { 200: z.object({ success: z.literal(true), message: z.string(), seat: seatPlaceSchema }), ...failures(404, 409) },
      },
    },
    async (request) => {
      const { message, data } = await seats.assignSeat(request.params.lineId, request.body.seatId);
      return { success: true as const, message, seat: data };
    },
  );

  app.delete("/admin/lines/:lineId/seat", answeringMessage({ summary: "Free the seat a line holds", params: lineParams }, 404), (request) =>
    answerOf(seats.freeSeat(request.params.lineId)),
  );

  app.post(
    "/admin/lines/:lineId/key",
    {
      schema: {
        summary: "Take a licence key from stock for a delivered line",
        params: lineParams,
        response: { 201: successMessageSchema, ...failures(404, 409) },
      },
    },
    async (request, reply) => {
      const { message } = await licenceKeys.deliverKey(request.params.lineId);
      return reply.status(201).send({ success: true, message });
    },
  );

  app.get(
    "/admin/lines/:lineId/delivery",
    {
      schema: {
        summary: "The delivery message of a line, with links that open WhatsApp or Telegram to the customer; each use is logged as a reveal",
        params: lineParams,
        response: { 200: deliveryAnswerSchema, ...failures(404, 409) },
      },
    },
    // The customer's link in it is absolute: on PUBLIC_URL, or else the site the admin is using.
    async (request) => ({
      success: true as const,
      ...(await delivery.of(request.params.lineId, actorOf(request), `${request.protocol}://${request.host}`)),
    }),
  );

  app.get(
    "/admin/keys",
    {
      schema: {
        summary: "Licence keys per catalogue item: in stock, delivered, and whether they never expire",
        response: {
          200: z.object({
            success: z.literal(true),
            items: z.array(z.object({ itemId: z.string(), inStock: z.number(), delivered: z.number(), neverExpires: z.boolean() })),
          }),
        },
      },
    },
    async () => ({ success: true as const, items: await licenceKeys.stock() }),
  );

  app.post(
    "/admin/keys/import",
    {
      schema: {
        summary:
          "Add keys, one a line; empty lines, repeats and keys already in stock are reported by line and not imported. `neverExpires` marks the item's keys as lifetime licences (its lines get no end date)",
        body: keyImportSchema,
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            imported: z.number(),
            emptyLines: z.array(z.number()),
            duplicateLines: z.array(z.number()),
            alreadyInStock: z.array(z.number()),
          }),
          ...failures(404, 409),
        },
      },
    },
    async (request) => {
      const { message, data } = await licenceKeys.import(request.body.itemId, request.body.text, request.body.cost, request.body.neverExpires);
      return { success: true as const, message, ...data };
    },
  );

  app.put(
    "/admin/stock-thresholds",
    answeringMessage(
      { summary: 'At or below this many free seats and keys an item shows "Only N left" (3 by default)', body: thresholdInputSchema },
      404,
      409,
    ),
    (request) => answerOf(availability.setThreshold(request.body.itemId, request.body.threshold)),
  );

  settingsEditRoutes(app, "/admin/settings/ledger", {
    schema: ledgerSettingsSchema,
    summaries: {
      get: "The seats' grace period and the delivery message template",
      put: "Save the grace period and delivery message (an unknown placeholder is refused); with If-Match: their version",
    },
    forEdit: ledgerSettings.forEdit,
    save: (settings, _request, expected) => ledgerSettings.save(settings, expected),
  });
};
