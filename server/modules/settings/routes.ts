import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../../domain/common";
import { shopSettingsResponseSchema, shopSettingsSchema } from "../../../domain/schemas/settings";
import type { Services } from "../../services";

export const settingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { settings } = services;

  app.get(
    "/admin/settings",
    {
      schema: {
        tags: ["settings"],
        summary: "The shop's contact details and About page figures",
        response: { 200: shopSettingsResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await settings.shop() }),
  );

  app.put(
    "/admin/settings",
    {
      schema: {
        tags: ["settings"],
        summary: "Replace the shop's settings; the storefront uses them from the next request",
        body: shopSettingsSchema,
        response: { 200: shopSettingsResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await settings.saveShop(request.body, { admin: request.admin!, log: request.log });
      return { success: true as const, data: await settings.shop() };
    },
  );
};
