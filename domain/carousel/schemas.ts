import { z } from "zod";
import { linkSchema, nepaliText, optionalText, requiredText } from "../shared/schemas";

export const carouselInputSchema = z.object({
  image: linkSchema("Image URL"),
  title: requiredText("Title", 120),
  description: requiredText("Description", 400),
  badge: optionalText("Badge", 40),
  ctaText: optionalText("CTA text", 40),
  ctaLink: z
    .union([linkSchema("CTA link"), z.literal("")])
    .optional()
    .default(""),
  position: z
    .number({ error: "Position must be a whole number" })
    .int("Position must be a whole number")
    .min(0, "Position cannot be negative")
    .max(10_000, "Position is too large")
    .optional(),
  titleNe: nepaliText("Title in Nepali", 120),
  descriptionNe: nepaliText("Description in Nepali", 400),
  ctaTextNe: nepaliText("CTA text in Nepali", 40),
});
export type CarouselInput = z.input<typeof carouselInputSchema>;
export type CarouselData = z.output<typeof carouselInputSchema>;

export const carouselSlideSchema = z.object({
  _id: z.string(),
  image: z.string(),
  title: z.string(),
  description: z.string(),
  badge: z.string(),
  ctaText: z.string(),
  ctaLink: z.string(),
  position: z.number(),
  /** The number of its last change, to send back with an edit (ADR 0017). */
  version: z.number(),
  /** The seller's Nepali title, description and CTA text, or null: Nepali pages show the English then (ADR 0093). */
  titleNe: z.string().nullable(),
  descriptionNe: z.string().nullable(),
  ctaTextNe: z.string().nullable(),
});
export type CarouselSlide = z.infer<typeof carouselSlideSchema>;
