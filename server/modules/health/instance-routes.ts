import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { tagRoutes } from "../../http/conventions";
import type { RenderGate } from "../../plugins/load-shedding";
import type { PageCache } from "../../plugins/page-cache";

const instanceSchema = z.object({
  residentBytes: z.number().int(),
  heapUsedBytes: z.number().int(),
  uptimeSeconds: z.number().int(),
  pageCache: z.object({ pages: z.number().int(), bytes: z.number().int(), maxBytes: z.number().int() }).nullable(),
  renders: z.object({ underWay: z.number().int(), waiting: z.number().int(), atOnce: z.number().int(), waitingAtMost: z.number().int() }),
});

/**
 * What this instance holds now (ADR 0125): its memory, the page cache's bytes against PAGE_CACHE_MB, and the line of
 * renders. Admin only, like all of /api/admin; each instance answers for itself, as a proxy sends the request to one.
 */
export const instanceRoutes: FastifyPluginAsyncZod<{ pages: PageCache | null; renderGate: RenderGate }> = async (app, { pages, renderGate }) => {
  tagRoutes(app, "operations");
  app.get(
    "/admin/instance",
    {
      schema: {
        summary:
          "This instance's resident memory, its page cache's pages and bytes beside their most (null without a page cache), and the renders under way and waiting",
        response: { 200: z.object({ success: z.literal(true), instance: instanceSchema }) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const memory = process.memoryUsage();
      return {
        success: true as const,
        instance: {
          residentBytes: memory.rss,
          heapUsedBytes: memory.heapUsed,
          uptimeSeconds: Math.round(process.uptime()),
          pageCache: pages ? { pages: pages.size, bytes: pages.bytes.held, maxBytes: pages.bytes.most } : null,
          renders: renderGate.renders,
        },
      };
    },
  );
};
