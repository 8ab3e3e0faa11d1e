import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamSchema } from "../../../domain/shared/schemas";
import { absoluteLink } from "../../../domain/shared/links";
import { updateInputSchema, updateResponseSchema, updatesResponseSchema, type UpdatePost } from "../../../domain/updates/schemas";
import type { Services } from "../../services";
import { expectedVersion, replacingAtVersion } from "../versions";
import { answerOf, answeringMessage } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

export const updatesRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "updates">; publicUrl: string | undefined }> = async (
  app,
  { services, publicUrl },
) => {
  tagRoutes(app, "updates");
  const { updates } = services;
  const withAbsoluteImage = (post: UpdatePost): UpdatePost => ({ ...post, ImageUrl: absoluteLink(publicUrl, post.ImageUrl) });

  // Public, although under /admin: the storefront's Updates page reads it without credentials.
  app.get(
    "/admin/update",
    {
      config: { public: true },
      schema: { summary: "Update posts, newest first", response: { 200: updatesResponseSchema } },
    },
    async () => {
      const data = (await updates.list()).map(withAbsoluteImage);
      return { success: true, data, message: data.length ? "Updates fetched" : "No updates yet" };
    },
  );

  app.post(
    "/admin/addNewUpdates",
    { schema: { summary: "Post an update", body: updateInputSchema, response: { 201: updateResponseSchema } } },
    async (request, reply) => {
      const { message, data } = await updates.create(request.body);
      return reply.status(201).send({ success: true, data: withAbsoluteImage(data), message });
    },
  );

  app.put(
    "/admin/updates/:id",
    {
      schema: replacingAtVersion("Correct an update post; with If-Match: its version, only if still at it (409 otherwise)", {
        params: idParamSchema,
        body: updateInputSchema,
        ok: updateResponseSchema,
      }),
    },
    async (request) => {
      const { message, data } = await updates.update(request.params.id, request.body, expectedVersion(request.headers));
      return { success: true, data: withAbsoluteImage(data), message };
    },
  );

  app.delete("/admin/updates/:id", answeringMessage({ summary: "Delete an update post", params: idParamSchema }, 404), (request) =>
    answerOf(updates.delete(request.params.id)),
  );
};
