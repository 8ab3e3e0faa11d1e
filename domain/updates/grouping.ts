import { type Locale, sellerLang, sellerText } from "../shared/locale";
import { SHOP_TIME_ZONE } from "../shared/shop-time";
import type { UpdatePost } from "./schemas";

export type UpdatePostInput = Pick<UpdatePost, "_id" | "Title" | "Description" | "ImageUrl"> &
  Partial<Pick<UpdatePost, "TitleNe" | "DescriptionNe">> & {
    createdAt?: string | null;
  };

export type UpdateCard = {
  _id: string;
  Title: string;
  Description: string;
  ImageUrl: string;
  /** ISO instant, for <time dateTime>. */
  createdAt: string;
  /** e.g. 'Nov 12, 2026'. */
  dateLabel: string;
  /** "en" for each text a Nepali page shows in English, the seller having written none in Nepali (ADR 0093). */
  lang: { title?: "en" | undefined; description?: "en" | undefined };
};

export type UpdateMonth = {
  /** e.g. '2026-11'. */
  key: string;
  /** e.g. 'November 2026'. */
  label: string;
  posts: UpdateCard[];
};

/**
 * Posts grouped by month and year, newest month first and newest post first within a month.
 * A post with an unreadable date is skipped (and logged); one without createdAt counts as now.
 */
export function groupUpdatesByMonth(
  posts: readonly UpdatePostInput[],
  {
    now = new Date(),
    timeZone = SHOP_TIME_ZONE,
    warn = () => {},
    locale = "en",
  }: {
    now?: Date;
    timeZone?: string;
    /** Where a skipped post is logged: the request's logger on the server. */ warn?: (message: string) => void;
    /** The page's language: a Nepali page shows the seller's Nepali title and description where given. */
    locale?: Locale;
  } = {},
): UpdateMonth[] {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit" });
  const monthLabel = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "long" });
  const dayLabel = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "short", day: "numeric" });

  const dated: Array<{ post: UpdatePostInput; at: Date }> = [];
  for (const post of posts) {
    const raw = post.createdAt?.trim();
    const at = raw ? new Date(raw) : now;
    if (Number.isNaN(at.getTime())) {
      warn(`update ${post._id} skipped: invalid date ${JSON.stringify(post.createdAt)}`);
      continue;
    }
    dated.push({ post, at });
  }
  dated.sort((a, b) => b.at.getTime() - a.at.getTime());

  const months = new Map<string, UpdateMonth>();
  for (const { post, at } of dated) {
    const p = Object.fromEntries(parts.formatToParts(at).map((part) => [part.type, part.value]));
    const key = `${p.year}-${p.month}`;
    let month = months.get(key);
    if (!month) {
      month = { key, label: monthLabel.format(at), posts: [] };
      months.set(key, month);
    }
    month.posts.push({
      _id: post._id,
      Title: sellerText(locale, post.Title, post.TitleNe),
      Description: sellerText(locale, post.Description, post.DescriptionNe),
      ImageUrl: post.ImageUrl,
      createdAt: at.toISOString(),
      dateLabel: dayLabel.format(at),
      lang: { title: sellerLang(locale, post.TitleNe), description: sellerLang(locale, post.DescriptionNe) },
    });
  }
  return [...months.values()];
}
