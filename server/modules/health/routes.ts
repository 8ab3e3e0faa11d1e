import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database";

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    "/healthz",
    {
      config: { public: true },
      schema: {
        tags: ["operations"],
        summary: "200 while the shop's tables in the database can be read, 503 otherwise",
        response: { 200: z.object({ status: z.literal("ok") }), 503: z.object({ status: z.literal("unavailable") }) },
      },
    },
    async (_request, reply) => ((await database.ping()) ? { status: "ok" as const } : reply.status(503).send({ status: "unavailable" as const })),
  );
};
