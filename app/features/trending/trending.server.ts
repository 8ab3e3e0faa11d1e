import type { AppLoadContext } from "react-router";
import { toTrendingCard, TRENDING_ERROR, type TrendingCard } from "../../../domain/trending";
import { formatBsDate } from "../../../domain/bikram-sambat-dates";
import { sampleTrending } from "../../../domain/trending-sample";

export type TrendingView = { items: TrendingCard[]; error: string | null };

/** The trending list with its labels worked out here, so server and browser render the same dates. */
export async function loadTrending(context: AppLoadContext, now = new Date()): Promise<TrendingView> {
  try {
    const { items, error } = await context.services.trending.list();
    return { items: items.map((item) => toTrendingCard(item, now, formatBsDate)), error };
  } catch (error) {
    // The service is built not to throw; this only guards against a bug in it.
    context.log.warn({ reason: (error as Error).message }, "trending unavailable");
    context.fellBack = true;
    return { items: sampleTrending.map((item) => toTrendingCard(item, now, formatBsDate)), error: TRENDING_ERROR };
  }
}
