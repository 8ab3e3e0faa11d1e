import { z } from "zod";
import { firstPlan } from "./catalogue";
import { MAX_QUERY_LENGTH } from "./filters";

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SUGGESTIONS = 5;

export type SearchEntry = { Name: string; ImageId: string; category: string; plans: Record<string, number> };

export const suggestionSchema = z.object({
  Name: z.string(),
  ImageId: z.string(),
  category: z.string(),
  startingAt: z.object({ months: z.number(), price: z.number() }).nullable(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** `GET /api/search?q=`: the home and menu search ask the server, so no page carries the whole catalogue. */
export const searchQuerySchema = z.object({ q: z.string().max(MAX_QUERY_LENGTH).default("") });
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
