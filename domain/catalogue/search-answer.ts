// zod/mini: the search box checks answers in the browser (loading this on the first search), where
// classic zod would cost about 26 KB.
import { z } from "zod/mini";

export const suggestionSchema = z.object({
  /** The English name: the product's address and what the seller reads. */
  Name: z.string(),
  /** The seller's Nepali name, shown on Nepali pages where there is one (ADR 0093). */
  NameNe: z.optional(z.nullable(z.string())),
  ImageId: z.string(),
  category: z.string(),
  startingAt: z.nullable(z.object({ months: z.number(), price: z.number() })),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** `GET /api/search?q=`'s answer: the home and menu search ask the server, so no page carries the whole catalogue. */
export const searchResponseSchema = z.object({ suggestions: z.array(suggestionSchema) });
