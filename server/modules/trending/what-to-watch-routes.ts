import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TrendingItem } from "../../../domain/trending/trending";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import { tagRoutes } from "../../http/conventions";
import type { Services } from "../../services";
import { POSTER_PATH } from "./service";

const resultSchema = z.object({
  id: z.number().int(),
  media_type: z.enum(["movie", "tv"]),
  title: z.string().optional(),
  name: z.string().optional(),
  release_date: z.string().nullable().optional(),
  first_air_date: z.string().nullable().optional(),
  poster_path: z.string().nullable(),
  backdrop_path: z.null(),
  overview: z.string(),
  vote_average: z.number(),
});

/**
 * A title as the movie database's weekly trending answer spells it: a movie's `title` and `release_date`, a show's
 * `name` and `first_air_date`, and the poster's path on the database's image host (`/abc.jpg`), from which the
 * original client builds its own URL. The backdrop is not kept.
 */
export function asMovieDatabaseResult(item: TrendingItem): z.infer<typeof resultSchema> {
  const named =
    item.mediaType === "tv" ? { name: item.title, first_air_date: item.releaseDate } : { title: item.title, release_date: item.releaseDate };
  return {
    id: item.id,
    media_type: item.mediaType,
    ...named,
    poster_path: item.poster?.startsWith(POSTER_PATH) ? `/${item.poster.slice(POSTER_PATH.length)}` : null,
    backdrop_path: null,
    overview: item.overview,
    vote_average: item.rating,
  };
}

/**
 * `GET /api/whatToWatch`, the original client's "What's New to Watch" (its backend passed the movie database's answer
 * through): the list the home page shows, in that shape. Without a key, the built-in sample list, as on the home
 * page; when the database failed and nothing good is held, 502 with the spec's error text, which the client shows.
 */
export const whatToWatchRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "trending"> }> = async (app, { services }) => {
  tagRoutes(app, "catalogue");
  app.get(
    "/whatToWatch",
    {
      config: { public: true },
      schema: {
        summary: "The week's trending movies and shows in the movie database's shape ({ results }), for the original client",
        response: { 200: z.object({ results: z.array(resultSchema) }), 502: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      const { items, error } = await services.trending.list();
      if (error)
        return reply
          .status(502)
          .header("cache-control", "no-store")
          .send({ success: false as const, message: error });
      // The list changes every six hours at most.
      reply.header("cache-control", "public, max-age=3600");
      return { results: items.map(asMovieDatabaseResult) };
    },
  );
};
