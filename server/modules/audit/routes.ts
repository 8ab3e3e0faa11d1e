import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { auditPageSchema, auditQuerySchema } from "../../../domain/audit/schemas";
import type { Services } from "../../services";
import type { Actor } from "../actor";
import { tagRoutes } from "../../http/conventions";

/** The signed-in admin of an /api/admin request and the address it came from, for the audit log. */
export const actorOf = (request: FastifyRequest): Actor => ({ email: request.admin!.email, address: request.ip });

/** The audit log (ADR 0100). Admin only, like all of /api/admin. */
export const auditRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "audit"> }> = async (app, { services }) => {
  tagRoutes(app, "audit");
  app.get(
    "/admin/audit",
    {
      schema: {
        summary:
          "The audit log a page at a time, newest first: every reveal of a password, PIN, licence key, delivery message or merchant secret (the shoppers' own too), and every deletion and retirement, with who, when, what and from which address; kept when the thing is gone. Filter by `kind`, `who` (an admin's email, or `shoppers`), `from` and `to` (shop days) and text (`q`)",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema.extend({ success: z.literal(true) }) },
      },
    },
    async (request) => ({ success: true as const, ...(await services.audit.list(request.query)) }),
  );
};
