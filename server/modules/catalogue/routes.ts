import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiPriceSchema, priceInputSchema, priceListResponseSchema } from "../../../domain/catalogue/schemas";
import { absoluteLink } from "../../../domain/shared/links";
import { suggest } from "../../../domain/catalogue/search";
import { searchResponseSchema } from "../../../domain/catalogue/search-answer";
import { searchQuerySchema } from "../../../domain/catalogue/schemas";
import { errorResponseSchema, idParamSchema } from "../../../domain/shared/schemas";
import type { Services } from "../../services";
import { actorOf } from "../audit/routes";
import { expectedVersion, replacingAtVersion } from "../versions";
import { toApiPrice } from "./service";
import { answerOf, answeringMessage } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

const JSON_TYPE = "application/json; charset=utf-8";
const itemResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: apiPriceSchema });

/**
 * The spec's admin client sends a card back as it read it, with the lowercase `category` and `status` of
 * the storefront's spelling beside (or instead of) `Category` and `Status`: either spelling is taken.
 */
async function acceptEitherSpelling(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | null;
  if (typeof body !== "object" || body === null || Array.isArray(body)) return;
  if (body.Category === undefined && body.category !== undefined) body.Category = body.category;
  if (body.Status === undefined && body.status !== undefined) body.Status = body.status;
}

export const catalogueRoutes: FastifyPluginAsyncZod<{
  services: Pick<Services, "catalogue">;
  publicUrl: string | undefined;
}> = async (app, { services, publicUrl }) => {
  tagRoutes(app, "catalogue");
  const { catalogue } = services;

  app.get(
    "/prices",
    {
      // The same for every anonymous visitor: served from the page cache while no admin has changed it.
      config: { public: true, pageCache: true },
      schema: { summary: "Every catalogue item, sorted by Id", response: { 200: priceListResponseSchema } },
    },
    async (_request, reply) => {
      const { body, etag } = await catalogue.listJson();
      // A string with a JSON type goes out as it is: the schema above was applied when it was made.
      return reply
        .header("etag", etag)
        .type(JSON_TYPE)
        .send(body as never);
    },
  );

  app.get(
    "/search",
    {
      config: { public: true },
      schema: {
        summary: "At most 5 services whose name contains q (from 2 characters), names starting with it first",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => ({
      suggestions: suggest(await catalogue.list(), request.query.q).map((s) => ({ ...s, ImageId: absoluteLink(publicUrl, s.ImageId) })),
    }),
  );

  app.post(
    "/prices",
    {
      preValidation: acceptEitherSpelling,
      schema: {
        summary: "Add a catalogue item",
        body: priceInputSchema,
        response: { 201: itemResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { message, data } = await catalogue.create(request.body);
      return reply.status(201).send({ success: true, message, data: toApiPrice(data, publicUrl) });
    },
  );

  app.put(
    "/prices/:id",
    {
      preValidation: acceptEitherSpelling,
      schema: replacingAtVersion("Replace a catalogue item, found by its _id; with If-Match: its version, only if still at it (409 otherwise)", {
        params: idParamSchema,
        body: priceInputSchema,
        ok: itemResponseSchema,
      }),
    },
    async (request) => {
      const { message, data } = await catalogue.update(request.params.id, request.body, expectedVersion(request.headers));
      return { success: true as const, message, data: toApiPrice(data, publicUrl) };
    },
  );

  app.delete(
    "/prices/:name",
    answeringMessage(
      {
        summary:
          "Delete the one catalogue item with this Name; refused (409, with the reason) while customers hold its keys or seats, paid orders of it wait, or it has keys in stock: hide it instead. Written to the audit log",
        params: z.object({ name: z.string().min(1).max(200) }),
      },
      404,
      409,
    ),
    (request) => answerOf(catalogue.deleteByName(request.params.name, actorOf(request))),
  );

  app.put(
    "/prices/:id/hidden",
    {
      schema: {
        summary:
          "Hide a catalogue item from the shop (retire it: no longer listed, found or sold) or show it again; its orders, keys and seats stay. Written to the audit log",
        params: idParamSchema,
        body: z.object({ hidden: z.boolean({ error: "hidden must be true or false" }) }),
        response: { 200: itemResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { message, data } = await catalogue.setHidden(request.params.id, request.body.hidden, actorOf(request));
      return { success: true as const, message, data: toApiPrice(data, publicUrl) };
    },
  );
};
