import { useEffect, useRef, useState } from "react";
import { MIN_SEARCH_LENGTH, type Suggestion } from "../../../domain/catalogue/search";

/** Typing pauses shorter than this send no request; a quick typist asks once, not per letter. */
const DEBOUNCE_MS = 120;

export type SuggestionsState = {
  suggestions: Suggestion[];
  /** The suggestions answer the query as typed now (not an earlier one still shown while asking). */
  settled: boolean;
  failed: boolean;
};

/** Suggestions for `query` from `GET /api/search`, remembered per query while the box is on screen. */
export function useSuggestions(query: string): SuggestionsState {
  const key = query.trim().toLocaleLowerCase("en");
  const known = useRef(new Map<string, Suggestion[]>());
  const [answer, setAnswer] = useState<{ key: string; suggestions: Suggestion[] } | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);

  useEffect(() => {
    if (key.length < MIN_SEARCH_LENGTH) return;
    const remembered = known.current.get(key);
    const controller = new AbortController();
    const timer = setTimeout(
      async () => {
        if (remembered) return setAnswer({ key, suggestions: remembered });
        try {
          // The answer's schema (zod/mini) loads with the first search, not with every page.
          const [response, { searchResponseSchema }] = await Promise.all([
            fetch(`/api/search?q=${encodeURIComponent(key)}`, { signal: controller.signal }),
            import("../../../domain/catalogue/search-answer"),
          ]);
          if (!response.ok) throw new Error(`Server responded with status: ${response.status}`);
          const { suggestions } = searchResponseSchema.parse(await response.json());
          known.current.set(key, suggestions);
          setAnswer({ key, suggestions });
        } catch {
          if (!controller.signal.aborted) setFailedKey(key);
        }
      },
      remembered ? 0 : DEBOUNCE_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  const settled = answer?.key === key;
  return { suggestions: answer?.suggestions ?? [], settled, failed: !settled && failedKey === key };
}
