import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { carouselInputSchema, carouselSlideSchema, type CarouselSlide } from "../../../domain/carousel/schemas";
import { absoluteLink } from "../../../domain/shared/links";
import { idParamSchema } from "../../../domain/shared/schemas";
import type { Services } from "../../services";
import { expectedVersion, replacingAtVersion } from "../versions";
import { answerOf, answeringMessage } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

const slideListSchema = z.array(carouselSlideSchema);

export const carouselRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "carousel">; publicUrl: string | undefined }> = async (
  app,
  { services, publicUrl },
) => {
  tagRoutes(app, "carousel");
  const { carousel } = services;
  const withAbsoluteImage = (slide: CarouselSlide): CarouselSlide => ({ ...slide, image: absoluteLink(publicUrl, slide.image) });
  const slides = async () => (await carousel.list()).map(withAbsoluteImage);

  // The list itself, not wrapped: the spec's client reads the HTTP answer's status and its data (an array).
  app.get(
    "/carousel",
    {
      config: { public: true },
      schema: { summary: "Homepage slides in order", response: { 200: slideListSchema } },
    },
    slides,
  );

  // Public, although under /admin: slides are public content, and the spec's client reads them without credentials.
  app.get(
    "/admin/carousel",
    {
      config: { public: true },
      schema: { summary: "Slides for the admin", response: { 200: slideListSchema } },
    },
    slides,
  );

  app.post(
    "/admin/carousel",
    {
      schema: { summary: "Add a slide (at the end unless a position is given)", body: carouselInputSchema, response: { 201: carouselSlideSchema } },
    },
    // The answer is the slide alone: the screen's message ("… added") is dropped here.
    async (request, reply) => reply.status(201).send(withAbsoluteImage((await carousel.create(request.body)).data)),
  );

  app.put(
    "/admin/carousel/:id",
    {
      schema: replacingAtVersion("Replace a slide; with If-Match: its version, only if still at it (409 otherwise)", {
        params: idParamSchema,
        body: carouselInputSchema,
        ok: carouselSlideSchema,
      }),
    },
    async (request) => withAbsoluteImage((await carousel.update(request.params.id, request.body, expectedVersion(request.headers))).data),
  );

  app.delete("/admin/carousel/:id", answeringMessage({ summary: "Delete a slide", params: idParamSchema }, 404), (request) =>
    answerOf(carousel.delete(request.params.id)),
  );
};
