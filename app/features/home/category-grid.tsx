import { Link } from "react-router";
import { DecorativeImage } from "../../components/image-with-fallback";
import { focusRing } from "../../components/ui";
import type { Category } from "../../../domain/catalogue/catalogue";
import { formatNumber } from "../../../domain/shared/locale-format";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { categoryLabel, categoryTagline } from "../../lib/words";
import { m } from "../../paraglide/messages";

export type HomeCategory = { name: Category; label: string; imgurl: string };

/**
 * Each category links to /price/{name}. A swipeable row on phones, one row of five from 640 px.
 * On phones each tile takes 40% of the row, so the third one shows in part: a row cut at a tile's edge
 * looks like all there is.
 */
export function CategoryGrid({ categories }: { categories: readonly HomeCategory[] }) {
  const locale = useLocale();
  const href = useLocalHref();
  return (
    <section aria-labelledby="categories-heading">
      <h2 id="categories-heading" className="text-2xl font-bold tracking-tight">
        {m.home_categories()}
      </h2>
      <p aria-hidden="true" className="mt-1 text-sm text-slate-600 sm:hidden dark:text-slate-300">
        {m.home_categories_swipe({ count: formatNumber(categories.length, locale) })}
      </p>
      <ul
        aria-label={m.home_categories_list()}
        className="-mx-4 mt-3 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:mt-4 sm:grid sm:grid-cols-5 sm:gap-4 sm:overflow-visible sm:px-0 sm:pb-0"
      >
        {categories.map((category) => (
          <li key={category.name} className="w-[40%] shrink-0 snap-start sm:w-auto">
            <Link
              to={href(`/price/${encodeURIComponent(category.name)}`)}
              className={`group relative block overflow-hidden rounded-xl bg-slate-800 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0 dark:ring-slate-800 ${focusRing}`}
            >
              {/* Artwork without words: the words are text over it, in the page's language. */}
              <DecorativeImage src={category.imgurl} width={400} height={300} className="aspect-[4/3] w-full object-cover" />
              <span className="absolute inset-0 flex flex-col items-center justify-center gap-1 p-2 text-center text-white">
                <span className="text-2xl leading-tight font-bold sm:text-3xl">{categoryLabel(category.name)}</span>
                <span className="text-xs leading-snug font-semibold text-white/90 sm:text-sm">{categoryTagline(category.name)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
