import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import { expectedVersion, ifMatchHeaders } from "../versions";

type RoutesOf = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The GET and PUT of one group of stored settings (stored-settings.ts) at `path`: the GET answers them with their
 * version (0: never saved); the PUT saves them over the version its If-Match names (409 otherwise) and answers
 * them as now stored, with the new version.
 */
export function settingsEditRoutes<S extends z.ZodType>(
  app: RoutesOf,
  path: string,
  options: {
    schema: S;
    summaries: { get: string; put: string };
    forEdit: () => Promise<{ settings: z.output<S>; version: number }>;
    save: (settings: z.output<S>, request: FastifyRequest, expected: number | undefined) => Promise<number>;
  },
) {
  const { schema, summaries, forEdit, save } = options;
  // Typed as any schema: the type provider cannot work out answers from a schema still generic here. The
  // response schema checks them as they are sent.
  const answer: z.ZodType = z.object({ success: z.literal(true), data: schema, version: z.number() });
  const body: z.ZodType = schema;

  app.get(path, { schema: { summary: summaries.get, response: { 200: answer } } }, async () => {
    const { settings, version } = await forEdit();
    return { success: true as const, data: settings, version };
  });

  app.put(
    path,
    { schema: { summary: summaries.put, headers: ifMatchHeaders, body, response: { 200: answer, 409: errorResponseSchema } } },
    async (request) => {
      const version = await save(request.body as z.output<S>, request, expectedVersion(request.headers));
      return { success: true as const, data: (await forEdit()).settings, version };
    },
  );
}
