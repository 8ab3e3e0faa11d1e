import { Link } from "react-router";
import { ImageWithFallback } from "../../components/image-with-fallback";
import { focusRing } from "../../components/ui";
import type { Category } from "../../../domain/catalogue";
import { formatNumber } from "../../../domain/locale-format";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { categoryLabel } from "../../lib/words";
import { m } from "../../paraglide/messages";

export type HomeCategory = { name: Category; label: string; imgurl: string };

/**
 * Spec §2: each category links to /price/{name}. A swipeable row on phones, one row of five from 640 px.
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
              className={`group block overflow-hidden rounded-xl shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0 dark:ring-slate-800 ${focusRing}`}
            >
              <ImageWithFallback
                src={category.imgurl}
                alt={categoryLabel(category.name)}
                width={400}
                height={300}
                loading="lazy"
                className="aspect-[4/3] w-full object-cover"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
