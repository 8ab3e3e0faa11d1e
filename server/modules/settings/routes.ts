import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { shopSettingsSchema } from "../../../domain/settings/schemas";
import type { Services } from "../../services";
import { tagRoutes } from "../../http/conventions";
import { settingsEditRoutes } from "./edit-routes";

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
};
