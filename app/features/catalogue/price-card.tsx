import { Link } from "react-router";
import type { Availability } from "../../../domain/ledger/availability";
import type { Category } from "../../../domain/catalogue/catalogue";
import { formatNpr } from "../../../domain/shared/locale-format";
import { productPath } from "../../../domain/catalogue/search";
import { DecorativeImage } from "../../components/image-with-fallback";
import { Skeleton } from "../../components/skeleton";
import { focusRing, mutedText } from "../../components/ui";
import { AvailabilityBadge } from "../../components/availability-badge";
import { AdultPlaceholder } from "../../components/age-gate-panel";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { categoryLabel, monthsText } from "../../lib/words";
import { m } from "../../paraglide/messages";

export type PriceCardItem = {
  _id: string;
  /** The English name: the product's address. */
  Name: string;
  /** The name in the page's language (the seller's Nepali one on Nepali pages, where given). */
  shownName: string;
  /** "en" where a Nepali page shows the English name, there being no Nepali one. */
  shownNameLang?: "en" | undefined;
  ImageId: string;
  category: Category;
  plan: { months: number; price: number } | null;
  /** For items sold from accounts or keys. */
  availability?: Availability | null;
};

export const priceGridClass = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4";

/**
 * Cards whose images load at once: the first row on desktop, the first two rows on a phone, which is what
 * shows before any scrolling. A lazy image is requested only after layout, which made the first card the
 * slowest largest paint of `/prices` (bench/RESULTS.md); the rest stay lazy.
 */
export const EAGER_PRICE_CARDS = 4;

export function PriceCard({ item, hideImage, eager = false }: { item: PriceCardItem; hideImage: boolean; eager?: boolean }) {
  const locale = useLocale();
  const href = useLocalHref();
  return (
    <li>
      <Link
        to={href(productPath(item.Name))}
        className={`group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white transition hover:border-brand-500 hover:shadow-lg dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-400 ${focusRing}`}
      >
        <div className="relative">
          {hideImage ? (
            <AdultPlaceholder decorative className="aspect-square w-full" />
          ) : (
            <DecorativeImage
              src={item.ImageId}
              width={400}
              height={400}
              // One card of the grid: 2 columns on phones, 3 from sm, 4 (of the 72rem page) from lg.
              sizes="(min-width: 1024px) 18rem, (min-width: 640px) 33vw, 50vw"
              loading={eager ? "eager" : "lazy"}
              decoding="async"
              className="aspect-square w-full bg-slate-100 object-cover transition duration-300 group-hover:scale-[1.03] dark:bg-slate-800"
            />
          )}
          <span className="absolute left-2 top-2 rounded-full bg-slate-950 px-2 py-0.5 text-xs font-semibold text-white">
            {categoryLabel(item.category)}
          </span>
        </div>
        <div className="flex flex-1 flex-col p-3">
          <h2 lang={item.shownNameLang} className="line-clamp-2 font-semibold leading-snug text-slate-900 dark:text-slate-50">
            {item.shownName}
          </h2>
          {item.availability && <AvailabilityBadge availability={item.availability} className="mt-1 self-start" />}
          {item.plan ? (
            <p className="mt-auto flex flex-wrap items-baseline justify-between gap-x-2 pt-2">
              <span className={`text-sm ${mutedText}`}>{monthsText(item.plan.months, locale)}</span>
              <span className="font-bold text-brand-700 dark:text-brand-400">{formatNpr(item.plan.price, locale)}</span>
            </p>
          ) : (
            <p className={`mt-auto pt-2 text-sm font-medium ${mutedText}`}>{m.card_contact()}</p>
          )}
        </div>
      </Link>
    </li>
  );
}

/** Spec: while prices load, 3 groups of 3 cards. The groups flow as one grid so it looks like the list. */
export function PriceGridSkeleton() {
  return (
    <div className={priceGridClass} aria-hidden="true" data-testid="prices-skeleton">
      {[0, 1, 2].map((group) => (
        <div key={group} className="contents">
          {[0, 1, 2].map((i) => (
            <div key={i} data-testid="skeleton-card" className="overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800">
              <Skeleton className="aspect-square w-full rounded-none" />
              <div className="space-y-2 p-3">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
