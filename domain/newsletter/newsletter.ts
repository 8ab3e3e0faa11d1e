export const NEWSLETTER_SUBSCRIBED_MESSAGE = "Thanks! You are subscribed.";

export type { NewsletterSubscriber } from "./schemas";
