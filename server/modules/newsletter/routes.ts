import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema, successMessageSchema } from "../../../domain/shared/schemas";
import { NEWSLETTER_SUBSCRIBED_MESSAGE } from "../../../domain/newsletter/newsletter";
import { newsletterListResponseSchema, newsletterSubscribeSchema } from "../../../domain/newsletter/schemas";
import { limit, perMinute } from "../../plugins/rate-limits";
import type { Services } from "../../services";
import { sendCsv } from "../csv";
import { tagRoutes } from "../../http/conventions";

export const NEWSLETTER_CSV_FILENAME = "newsletter-subscribers.csv";

/** Per client address: enough for typos, too few to fill the list with junk. */
export const SUBSCRIBE_LIMIT = perMinute(5);

export const newsletterRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "newsletter"> }> = async (app, { services }) => {
  tagRoutes(app, "newsletter");
  const { newsletter } = services;

  // Registered inside this plugin, so only routes here that ask for a limit get one.
  app.post(
    "/newsletter",
    {
      config: { public: true, rateLimit: limit(SUBSCRIBE_LIMIT, "Too many attempts from your address.") },
      schema: {
        summary: "Subscribe an email address to the newsletter (subscribing twice is fine)",
        body: newsletterSubscribeSchema,
        response: { 200: successMessageSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await newsletter.subscribe(request.body.email);
      return { success: true, message: NEWSLETTER_SUBSCRIBED_MESSAGE };
    },
  );

  app.get(
    "/admin/newsletter",
    { schema: { summary: "Every newsletter subscriber, newest first", response: { 200: newsletterListResponseSchema } } },
    async () => ({ success: true, items: await newsletter.list() }),
  );

  app.get(
    "/admin/newsletter.csv",
    {
      schema: {
        summary: "Every newsletter subscriber as a CSV download (email, subscribed_at), newest first",
        produces: ["text/csv"],
        response: { 200: z.string().describe("CSV with the header row email,subscribed_at") },
      },
    },
    async (_request, reply) => {
      const subscribers = await newsletter.list();
      return sendCsv(
        reply,
        NEWSLETTER_CSV_FILENAME,
        ["email", "subscribed_at"],
        subscribers.map((s) => [s.email, s.createdAt]),
      );
    },
  );
};
