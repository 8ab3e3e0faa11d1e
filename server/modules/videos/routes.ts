import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import { videoDeleteSchema, videoInputSchema, videoListResponseSchema, videoSaveResponseSchema } from "../../../domain/videos/schemas";
import type { Services } from "../../services";
import { expectedVersion, ifMatchHeaders } from "../versions";
import { answeringMessage, messageWhenDone } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

export const videosRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "videos"> }> = async (app, { services }) => {
  tagRoutes(app, "videos");
  const { videos } = services;

  app.post(
    "/admin/addWhatsNewVideo",
    {
      schema: {
        summary:
          "Add a what's-new video, or update the one whose _id is given; without _id, the one with this Name (as the spec's client does). With If-Match: its version, only if still at it",
        headers: ifMatchHeaders,
        body: videoInputSchema,
        response: {
          200: videoSaveResponseSchema,
          201: videoSaveResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { _id, ...data } = request.body;
      const expected = expectedVersion(request.headers);
      const { video, created } = _id ? await videos.save(data, _id, expected) : await videos.saveByName(data, expected);
      return reply.status(created ? 201 : 200).send({ success: true, message: created ? "Video added" : "Video updated", item: video });
    },
  );

  app.get(
    "/admin/viewWhatsNewVideo",
    // Public, although under /admin: trailer links are public content, read by the spec's storefront without credentials.
    { config: { public: true }, schema: { summary: "Every what's-new video", response: { 200: videoListResponseSchema } } },
    async () => {
      const items = await videos.list();
      return { success: true, items, message: items.length ? "Videos fetched" : "No videos yet" };
    },
  );

  app.post("/admin/deleteWhatsNewVideo", answeringMessage({ summary: "Delete the video with this _id", body: videoDeleteSchema }, 404), (request) =>
    messageWhenDone(videos.delete(request.body._id), "Video deleted"),
  );
};
