import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "../../services";
import { POSTER_PATH } from "./service";

export const trendingRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "trending"> }> = async (app, { services }) => {
  app.get(
    `${POSTER_PATH}:file`,
    { config: { public: true }, schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const poster = await services.trending.poster(request.params.file);
      if (!poster) return reply.callNotFound();
      // A poster file's name changes when its picture does.
      return reply.header("cache-control", "public, max-age=604800").header("x-content-type-options", "nosniff").type(poster.type).send(poster.bytes);
    },
  );
};
