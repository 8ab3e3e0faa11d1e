import { data, Link, redirect, useNavigation } from "react-router";
import { firstPlan, type Category } from "../../domain/catalogue/catalogue";
import { applyFilters, categoryPath, parseCategory, parseFilters, parseOffset, PRICES_PAGE_SIZE } from "../../domain/catalogue/filters";
import { localeOfPath, localHref, sellerLang, sellerText, type Locale } from "../../domain/shared/locale";
import { formatNumber } from "../../domain/shared/locale-format";
import { mutedText, secondaryButton } from "../components/ui";
import { ADULT_CATEGORY, useAdultConfirmed } from "../lib/age-gate";
import { AgeGateBanner } from "../components/age-gate-panel";
import { loadAvailability, loadCatalogue } from "../features/catalogue/catalogue.server";
import { EAGER_PRICE_CARDS, PriceCard, priceGridClass, PriceGridSkeleton, type PriceCardItem } from "../features/catalogue/price-card";
import { PriceFilterForm } from "../features/catalogue/price-filters";
import { useDelayedFlag } from "../features/catalogue/use-delayed-flag";
import { useMorePrices, useNearViewport } from "../features/catalogue/use-more-prices";
import { categoryImage } from "../features/seo/category-images";
import { seoMeta } from "../features/seo/seo";
import { publicOrigin } from "../features/seo/seo.server";
import { useLocale, useLocalHref } from "../lib/i18n";
import { categoryLabel } from "../lib/words";
import { m } from "../paraglide/messages";
import { getLocale } from "../paraglide/runtime";
import type { Route } from "./+types/prices";

// Serves /prices and /price/{cat}; the filters besides the category are in the query (domain/catalogue/filters.ts).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const raw = (params as { cat?: string }).cat;
  const category = parseCategory(raw);
  if (category === undefined) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // /price/OTT and /price/all have one canonical address each.
  if (raw !== undefined && raw !== category) throw redirect(`${localHref(localeOfPath(url.pathname), categoryPath(category))}${url.search}`, 301);

  const filters = parseFilters(url.searchParams, category);
  const offset = parseOffset(url.searchParams);
  const [catalogue, availability] = await Promise.all([loadCatalogue(context), loadAvailability(context)]);
  const matching = applyFilters(catalogue, filters);
  const locale = localeOfPath(url.pathname);
  const items: PriceCardItem[] = matching.slice(offset, offset + PRICES_PAGE_SIZE).map((item) => ({
    _id: item._id,
    Name: item.Name,
    shownName: sellerText(locale, item.Name, item.NameNe),
    shownNameLang: sellerLang(locale, item.NameNe),
    ImageId: item.ImageId,
    category: item.category,
    plan: firstPlan(item.plans),
    availability: availability.get(item._id) ?? null,
  }));
  return { items, total: matching.length, offset, filters, origin: publicOrigin(request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: m.not_found_meta() }];
  const { category } = loaderData.filters;
  const label = category ? categoryLabel(category as Category) : null;
  return seoMeta({
    origin: loaderData.origin,
    path: categoryPath(category),
    locale: getLocale(),
    title: label ? m.prices_meta_title_category({ category: label }) : m.prices_meta_title(),
    description: label ? m.prices_meta_description_category({ category: label }) : m.prices_meta_description(),
    image: category ? { ...categoryImage(category), alt: m.prices_category_alt({ category: label! }) } : undefined,
  });
};

const resultCountText = (count: number, locale: Locale): string =>
  count === 1 ? m.prices_count_one() : m.prices_count_many({ count: formatNumber(count, locale) });

const isListPath = (pathname: string) => /^(?:\/ne)?\/(?:prices$|price\/)/.test(pathname);

export default function Prices({ loaderData }: Route.ComponentProps) {
  const { filters, total } = loaderData;
  const locale = useLocale();
  const href = useLocalHref();
  const { items, end, hasMore, nextHref, loading, loadMore } = useMorePrices(loaderData);
  const sentinel = useNearViewport<HTMLDivElement>(loadMore, hasMore);
  const adultConfirmed = useAdultConfirmed();
  const navigation = useNavigation();
  // Quick answers keep the current list on screen; only a slow one shows the skeleton.
  const showSkeleton = useDelayedFlag(navigation.state === "loading" && isListPath(navigation.location.pathname), 200);
  // The banner only where 18+ items are near the top; further down, their cards lead to the gate anyway.
  const showAgeBanner = !adultConfirmed && items.slice(0, 8).some((item) => item.category === ADULT_CATEGORY);
  const label = filters.category ? categoryLabel(filters.category as Category) : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{label ? m.prices_heading_category({ category: label }) : m.prices_heading()}</h1>
      <p className={`mt-2 ${mutedText}`}>{m.prices_intro()}</p>

      <div className="mt-6">
        <PriceFilterForm filters={filters} />
      </div>

      <div className="mt-6 flex items-center justify-between gap-4">
        <p role="status" className="font-medium text-slate-800 dark:text-slate-200">
          {resultCountText(total, locale)}
        </p>
        <Link
          to={href("/prices")}
          preventScrollReset
          className="rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-400"
        >
          {m.prices_clear()}
        </Link>
      </div>

      {showAgeBanner && !showSkeleton && (
        <div className="mt-4">
          <AgeGateBanner />
        </div>
      )}

      <div className="mt-4" aria-busy={showSkeleton}>
        {showSkeleton ? (
          <PriceGridSkeleton />
        ) : items.length > 0 ? (
          <>
            <ul aria-label={m.prices_list()} className={priceGridClass}>
              {items.map((item, index) => (
                <PriceCard
                  key={item._id}
                  item={item}
                  hideImage={!adultConfirmed && item.category === ADULT_CATEGORY}
                  eager={index < EAGER_PRICE_CARDS}
                />
              ))}
            </ul>
            {hasMore && (
              <div ref={sentinel} className="mt-8 flex flex-col items-center gap-2">
                <p className={`text-sm ${mutedText}`}>{m.prices_showing({ shown: formatNumber(end, locale), total: formatNumber(total, locale) })}</p>
                {/* A link for when scripts do not run; with them, the next page is added below this one. */}
                <Link
                  to={nextHref}
                  preventScrollReset
                  aria-disabled={loading}
                  onClick={(event) => {
                    event.preventDefault();
                    loadMore();
                  }}
                  className={secondaryButton}
                >
                  {loading ? m.prices_loading_more() : m.prices_show_more()}
                </Link>
              </div>
            )}
          </>
        ) : (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
            <p className="text-lg font-semibold text-slate-900 dark:text-slate-50">{m.prices_none()}</p>
            <p className={`mt-1 ${mutedText}`}>{m.prices_none_hint()}</p>
            <Link to={href("/prices")} className={`${secondaryButton} mt-6`}>
              {m.prices_show_all()}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
