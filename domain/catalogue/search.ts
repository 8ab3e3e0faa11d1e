import { firstPlan } from "./catalogue";
import type { Suggestion } from "./search-answer";

export type { Suggestion } from "./search-answer";

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SUGGESTIONS = 5;

export type SearchEntry = { Name: string; NameNe?: string | null; ImageId: string; category: string; plans: Record<string, number> };

/** Where `q` (lower-cased) starts in `name`, ignoring case; -1 when it is not there. */
const positionIn = (name: string | null | undefined, q: string) => (name ? name.toLocaleLowerCase("en").indexOf(q) : -1);

/**
 * Spec: from 2 characters, case-insensitive match on the name, at most 5; names that start with the query
 * first. The seller's Nepali name counts as a name too (ADR 0093), so a Nepali query finds the item.
 */
export function suggest(entries: readonly SearchEntry[], query: string, limit = MAX_SUGGESTIONS): Suggestion[] {
  const q = query.trim().toLocaleLowerCase("en");
  if (q.length < MIN_SEARCH_LENGTH) return [];
  const matches = entries
    .map((entry) => ({ entry, at: [positionIn(entry.Name, q), positionIn(entry.NameNe, q)].filter((at) => at >= 0) }))
    .filter((m) => m.at.length > 0)
    .sort((a, b) => Number(!a.at.includes(0)) - Number(!b.at.includes(0)));
  return matches.slice(0, limit).map(({ entry }) => ({
    Name: entry.Name,
    NameNe: entry.NameNe ?? null,
    ImageId: entry.ImageId,
    category: entry.category,
    startingAt: firstPlan(entry.plans),
  }));
}

/** Word search: every word of the query appears somewhere in the text, ignoring case; an empty query matches all. */
export function hasEveryWord(text: string, query: string): boolean {
  const words = query.trim().toLocaleLowerCase("en").split(/\s+/).filter(Boolean);
  const haystack = text.toLocaleLowerCase("en");
  return words.every((word) => haystack.includes(word));
}

/** The key a name is unique by: case and surrounding spaces do not make two names different. */
export const nameKey = (name: string) => name.trim().toLocaleLowerCase("en");

export const productPath = (name: string) => `/prices/${encodeURIComponent(name)}`;
