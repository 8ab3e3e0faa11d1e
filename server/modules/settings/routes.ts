import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../../domain/common";
import { shopSettingsResponseSchema, shopSettingsSchema } from "../../../domain/schemas/settings";
import type { Services } from "../../services";
import { expectedVersion, ifMatchHeaders } from "../versions";
import { tagRoutes } from "../../http/conventions";

export const settingsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "settings"> }> = async (app, { services }) => {
  tagRoutes(app, "settings");
  const { settings } = services;

  app.get(
    "/admin/settings",
    {
      schema: {
        summary: "The shop's contact details and About page figures",
        response: { 200: shopSettingsResponseSchema },
      },
    },
    async () => {
      const { settings: data, version } = await settings.shopForEdit();
      return { success: true as const, data, version };
    },
  );

  app.put(
    "/admin/settings",
    {
      schema: {
        summary: "Replace the shop's settings; with If-Match: their version, only if still at it (409 otherwise)",
        headers: ifMatchHeaders,
        body: shopSettingsSchema,
        response: { 200: shopSettingsResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const version = await settings.saveShop(request.body, { admin: request.admin!, log: request.log }, expectedVersion(request.headers));
      return { success: true as const, data: (await settings.shopForEdit()).settings, version };
    },
  );
};
