import type { AppLoadContext } from "react-router";
import { toTrendingCard, TRENDING_ERROR, type TrendingCard } from "../../../domain/trending/trending";
import { formatBsDate } from "../../../domain/shared/bikram-sambat-dates";
import { sampleTrending } from "../../../domain/trending/trending-sample";
import { readOrFallBack } from "../../lib/fall-back.server";

export type TrendingView = { items: TrendingCard[]; error: string | null };

/** The trending list with its labels worked out here, so server and browser render the same dates. */
export function loadTrending(context: AppLoadContext, now = new Date()): Promise<TrendingView> {
  // The service is built not to throw; the fallback only guards against a bug in it.
  return readOrFallBack(
    context,
    "trending unavailable",
    async () => {
      const { items, error } = await context.services.trending.list();
      return { items: items.map((item) => toTrendingCard(item, now, formatBsDate)), error };
    },
    () => ({ items: sampleTrending.map((item) => toTrendingCard(item, now, formatBsDate)), error: TRENDING_ERROR }),
  );
}
