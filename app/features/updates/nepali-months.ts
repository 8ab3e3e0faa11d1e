import { bsMonthOf } from "../../../domain/shared/bikram-sambat-dates";
import { shopToday } from "../../../domain/shared/shop-time";
import type { UpdateMonth } from "../../../domain/updates/grouping";

/**
 * The posts of Gregorian months, newest first, regrouped by the Bikram Sambat month of each post's day in
 * Nepal (a BS month straddles two Gregorian ones), for the Nepali page (ADR 0092). The order is kept.
 */
export function inBikramSambatMonths(months: readonly UpdateMonth[]): UpdateMonth[] {
  const grouped = new Map<string, UpdateMonth>();
  for (const post of months.flatMap((month) => month.posts)) {
    const { key, label } = bsMonthOf(shopToday(new Date(post.createdAt)));
    const month = grouped.get(key) ?? { key: `bs-${key}`, label, posts: [] };
    month.posts.push(post);
    grouped.set(key, month);
  }
  return [...grouped.values()];
}
