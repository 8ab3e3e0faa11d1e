export const NEWSLETTER_SUBSCRIBED_MESSAGE = "Thanks! You are subscribed.";

export type { NewsletterSubscribeInput, NewsletterSubscriber } from "./schemas/newsletter";
