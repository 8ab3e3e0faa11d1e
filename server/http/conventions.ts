import type { FastifyInstance } from "fastify";
import { errorResponseSchema } from "../../domain/shared/schemas";

/**
 * Puts every route the plugin `app` declares from here on under the OpenAPI tag `tag`, so that each of a
 * module's routes need not say so; a route that names its own tags keeps them.
 */
export function tagRoutes(app: FastifyInstance, tag: string) {
  app.addHook("onRoute", (route) => {
    if (route.schema && !route.schema.tags) route.schema = { ...route.schema, tags: [tag] };
  });
}

/**
 * Adds to each API route's responses the failures the API's conventions give it, so that the OpenAPI document
 * lists them without every route declaring them again: 401 from the sign-in guard unless the route is public
 * (server/modules/auth/guard.ts), and 400 from validation when it reads a body, a query, path parameters or
 * headers (server/plugins/errors.ts). A response a route declares itself is kept.
 */
export function declareConventionalFailures(api: FastifyInstance) {
  api.addHook("onRoute", (route) => {
    const { schema } = route;
    if (!schema || schema.hide) return;
    const validated = Boolean(schema.body ?? schema.querystring ?? schema.params ?? schema.headers);
    route.schema = {
      ...schema,
      response: {
        ...(validated ? { 400: errorResponseSchema } : {}),
        ...(route.config?.public ? {} : { 401: errorResponseSchema }),
        ...(schema.response as object | undefined),
      },
    };
  });
}
