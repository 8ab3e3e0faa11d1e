import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { shopSettingsSchema } from "../../../domain/settings/schemas";
import type { Services } from "../../services";
import { tagRoutes } from "../../http/conventions";
import { settingsEditRoutes } from "./edit-routes";
import { z } from "zod";
import { legalDetailsSchema } from "../../../domain/settings/schemas";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import { expectedVersion, ifMatchHeaders } from "../versions";

export const settingsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "settings"> }> = async (app, { services }) => {
  tagRoutes(app, "settings");
  const { settings } = services;

  settingsEditRoutes(app, "/admin/settings", {
    schema: shopSettingsSchema,
    summaries: {
      get: "The shop's contact details and About page figures",
      put: "Replace the shop's settings; with If-Match: their version, only if still at it (409 otherwise)",
    },
    forEdit: settings.shopForEdit,
    save: (data, request, expected) => settings.saveShop(data, { admin: request.admin!, log: request.log }, expected),
  });

  const legalAnswer = z.object({ success: z.literal(true), data: legalDetailsSchema.nullable(), version: z.number() });
  app.get(
    "/admin/settings/legal",
    {
      schema: {
        summary: "The shop's legal details (registered name, address, PAN, VAT, E-Commerce registration, complaint officer); null until saved",
        response: { 200: legalAnswer },
      },
    },
    async () => {
      const { settings: data, version } = await settings.legalForEdit();
      return { success: true as const, data, version };
    },
  );
  app.put(
    "/admin/settings/legal",
    {
      schema: {
        summary: "Save the shop's legal details; with If-Match: their version, only if still at it (409 otherwise)",
        headers: ifMatchHeaders,
        body: legalDetailsSchema,
        response: { 200: legalAnswer, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const { data: version } = await settings.saveLegal(request.body, { admin: request.admin!, log: request.log }, expectedVersion(request.headers));
      return { success: true as const, data: (await settings.legalForEdit()).settings, version };
    },
  );
};
