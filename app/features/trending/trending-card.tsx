import type { TrendingCard as Card } from "../../../domain/trending/trending";
import { card, mutedText } from "../../components/ui";
import { Poster } from "./poster";
import { formatOneDecimal } from "../../../domain/shared/locale-format";
import { useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";

/**
 * One title: poster, platform, rating, Movie or TV, and the release date or 'Coming Soon'. The title,
 * platform and overview come from TMDB in English, and are marked so on every page.
 */
export function TrendingCard({ item, showOverview = false, headingLevel = 3 }: { item: Card; showOverview?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const nepali = useLocale() === "ne";
  return (
    <article className={`${card} flex h-full flex-col overflow-hidden`}>
      <div className="relative">
        <Poster item={item} />
        <span className="absolute left-2 top-2 rounded-full bg-slate-950/85 px-2.5 py-1 text-xs font-semibold text-white">
          <span className="sr-only">{m.trending_on()} </span>
          <span lang="en">{item.platform}</span>
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <Heading lang="en" className="line-clamp-2 font-semibold leading-snug text-slate-900 dark:text-slate-50">
          {item.title}
        </Heading>
        <p className="flex items-center gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 text-amber-500 dark:text-amber-400" fill="currentColor">
            <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
          </svg>
          {item.rating > 0 ? (
            <>
              {nepali ? formatOneDecimal(item.rating, "ne") : item.ratingLabel}
              <span className="sr-only"> {m.trending_out_of_ten()}</span>
            </>
          ) : (
            <span className={mutedText}>{m.trending_not_rated()}</span>
          )}
        </p>
        <p className={`flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm ${mutedText}`}>
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {item.mediaType === "tv" ? m.trending_tv() : m.trending_movie()}
          </span>
          <span className="whitespace-nowrap">{nepali ? (item.releaseBs ?? m.trending_coming_soon()) : item.releaseLabel}</span>
        </p>
        {showOverview && item.overview && (
          <p lang="en" className={`mt-1 line-clamp-4 text-sm ${mutedText}`}>
            {item.overview}
          </p>
        )}
      </div>
    </article>
  );
}
