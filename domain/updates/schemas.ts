import { z } from "zod";
import { linkSchema, nepaliText, optionalText, requiredText } from "../shared/schemas";

/** Description and image URL required, title optional. */
export const updateInputSchema = z.object({
  Title: optionalText("Title", 160),
  Description: requiredText("Description", 4000),
  ImageUrl: linkSchema("Image URL"),
  TitleNe: nepaliText("Title in Nepali", 160),
  DescriptionNe: nepaliText("Description in Nepali", 4000),
});
export type UpdateInput = z.input<typeof updateInputSchema>;
export type UpdateData = z.output<typeof updateInputSchema>;

export const updatePostSchema = z.object({
  _id: z.string(),
  Title: z.string(),
  Description: z.string(),
  ImageUrl: z.string(),
  Date: z.string(),
  createdAt: z.string(),
  /** The number of its last change, to send back with an edit (ADR 0017). */
  version: z.number(),
  /** The seller's Nepali title and description, or null: Nepali pages show the English then (ADR 0093). */
  TitleNe: z.string().nullable(),
  DescriptionNe: z.string().nullable(),
});
export type UpdatePost = z.infer<typeof updatePostSchema>;

export const updatesResponseSchema = z.object({
  success: z.boolean(),
  data: z.array(updatePostSchema),
  message: z.string(),
});
export const updateResponseSchema = z.object({ success: z.boolean(), data: updatePostSchema, message: z.string() });
