import { z } from "zod";

export const NEWSLETTER_EMAIL_ERROR = "Enter a valid email address";

/** Addresses are kept trimmed and lower-cased, so one mailbox is one subscriber. */
export const newsletterEmailSchema = z
  .string({ error: NEWSLETTER_EMAIL_ERROR })
  .trim()
  .toLowerCase()
  .max(254, NEWSLETTER_EMAIL_ERROR)
  .pipe(z.email(NEWSLETTER_EMAIL_ERROR));

export const newsletterSubscribeSchema = z.object({ email: newsletterEmailSchema });

export const newsletterSubscriberSchema = z.object({ email: z.string(), createdAt: z.string() });
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;

export const newsletterListResponseSchema = z.object({
  success: z.boolean(),
  items: z.array(newsletterSubscriberSchema),
});
