import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database";
import { tagRoutes } from "../../http/conventions";

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; lifecycle: { starting: boolean; stopping: boolean } }> = async (
  app,
  { database, lifecycle },
) => {
  tagRoutes(app, "operations");
  // Liveness: whether this process can do its work. A stopping instance is still alive until it exits.
  app.get(
    "/healthz",
    {
      config: { public: true },
      schema: {
        summary: "200 while the shop's tables in the database can be read, 503 otherwise",
        response: { 200: z.object({ status: z.literal("ok") }), 503: z.object({ status: z.literal("unavailable") }) },
      },
    },
    async (_request, reply) => ((await database.ping()) ? { status: "ok" as const } : reply.status(503).send({ status: "unavailable" as const })),
  );

  // Readiness: whether a proxy or orchestrator should send this instance new requests (ADR 0074).
  app.get(
    "/readyz",
    {
      config: { public: true },
      schema: {
        summary:
          "200 while this instance takes new requests and its database answers; 503 while its start-up's work is not done (the first admin), once it is stopping (it still serves what it gets while it drains) or when the database does not answer",
        response: { 200: z.object({ status: z.literal("ready") }), 503: z.object({ status: z.enum(["starting", "stopping", "unavailable"]) }) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      if (lifecycle.stopping) return reply.status(503).send({ status: "stopping" as const });
      if (lifecycle.starting) return reply.status(503).send({ status: "starting" as const });
      return (await database.ping()) ? { status: "ready" as const } : reply.status(503).send({ status: "unavailable" as const });
    },
  );
};
