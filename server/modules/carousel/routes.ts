import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { carouselInputSchema, carouselSlideSchema, publicCarouselResponseSchema } from "../../../domain/schemas/carousel";
import { errorResponseSchema, idParamSchema, successMessageSchema } from "../../../domain/common";
import type { Services } from "../../services";

export const carouselRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { carousel } = services;

  app.get(
    "/carousel",
    {
      config: { public: true },
      schema: { tags: ["carousel"], summary: "Homepage slides in order", response: { 200: publicCarouselResponseSchema } },
    },
    async () => ({ status: 200 as const, data: await carousel.list() }),
  );

  app.get(
    "/admin/carousel",
    { schema: { tags: ["carousel"], summary: "Slides for the admin", response: { 200: z.array(carouselSlideSchema) } } },
    () => carousel.list(),
  );

  app.post(
    "/admin/carousel",
    {
      schema: {
        tags: ["carousel"],
        summary: "Add a slide (at the end unless a position is given)",
        body: carouselInputSchema,
        response: { 201: carouselSlideSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await carousel.create(request.body)),
  );

  app.put(
    "/admin/carousel/:id",
    {
      schema: {
        tags: ["carousel"],
        summary: "Replace a slide",
        params: idParamSchema,
        body: carouselInputSchema,
        response: { 200: carouselSlideSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => carousel.update(request.params.id, request.body),
  );

  app.delete(
    "/admin/carousel/:id",
    {
      schema: {
        tags: ["carousel"],
        summary: "Delete a slide",
        params: idParamSchema,
        response: { 200: successMessageSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await carousel.delete(request.params.id);
      return { success: true, message: "Carousel item deleted" };
    },
  );
};
