import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import { MEDIA_PREFIX } from "../../../domain/uploads/uploads";
import type { Services } from "../../services";

// Names are random and never reused, so a copy may be kept for good; nosniff keeps a browser to image/webp.
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Uploaded images under /media/: from this instance's folder, which the database fills on a miss (ADR 0023).
 * An upload made through another instance is served here too.
 */
export const mediaRoutes: FastifyPluginAsync<{ services: Pick<Services, "media">; mediaDir: string }> = async (app, { services, mediaDir }) => {
  // Only reply.sendFile, for this plugin: the route below decides what may be served.
  await app.register(fastifyStatic, {
    root: mediaDir,
    serve: false,
    index: false,
    // Copies being written have hidden names and are not served.
    dotfiles: "ignore",
    cacheControl: false,
    setHeaders(res) {
      res.setHeader("cache-control", IMMUTABLE);
      res.setHeader("x-content-type-options", "nosniff");
    },
  });

  app.get(`${MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const name = (request.params as { "*": string })["*"];
    const located = await services.media.locate(name);
    if (!located) return reply.callNotFound();
    if (located.from === "folder") return reply.sendFile(name);
    // The folder could not take the copy (full, read-only): the database's bytes, with the same headers.
    return reply
      .header("content-type", located.contentType)
      .header("cache-control", IMMUTABLE)
      .header("x-content-type-options", "nosniff")
      .header("last-modified", located.modified.toUTCString())
      .send(located.bytes);
  });
};
