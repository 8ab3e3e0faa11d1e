// zod/mini: the search box checks answers in the browser, where classic zod would cost every page about 26 KB.
import { z } from "zod/mini";
import { firstPlan } from "./catalogue";

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SUGGESTIONS = 5;

export type SearchEntry = { Name: string; ImageId: string; category: string; plans: Record<string, number> };

export const suggestionSchema = z.object({
  Name: z.string(),
  ImageId: z.string(),
  category: z.string(),
  startingAt: z.nullable(z.object({ months: z.number(), price: z.number() })),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** `GET /api/search?q=`'s answer: the home and menu search ask the server, so no page carries the whole catalogue. */
export const searchResponseSchema = z.object({ suggestions: z.array(suggestionSchema) });

/** Spec: from 2 characters, case-insensitive match on the name, at most 5; names that start with the query first. */
export function suggest(entries: readonly SearchEntry[], query: string, limit = MAX_SUGGESTIONS): Suggestion[] {
  const q = query.trim().toLocaleLowerCase("en");
  if (q.length < MIN_SEARCH_LENGTH) return [];
  const matches = entries
    .map((entry) => ({ entry, at: entry.Name.toLocaleLowerCase("en").indexOf(q) }))
    .filter((m) => m.at >= 0)
    .sort((a, b) => Number(a.at !== 0) - Number(b.at !== 0));
  return matches.slice(0, limit).map(({ entry }) => ({
    Name: entry.Name,
    ImageId: entry.ImageId,
    category: entry.category,
    startingAt: firstPlan(entry.plans),
  }));
}

export const productPath = (name: string) => `/prices/${encodeURIComponent(name)}`;
