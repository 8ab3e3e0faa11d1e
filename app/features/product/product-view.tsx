import type { Availability } from "../../../domain/ledger/availability";
import { AvailabilityBadge } from "../../components/availability-badge";
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { DEVICE_OPTIONS, lineCost } from "../../../domain/orders/cart";
import { planEntries, type CatalogueItem } from "../../../domain/catalogue/catalogue";
import { whatsappUrl } from "../../../domain/orders/checkout";
import { categoryPath } from "../../../domain/catalogue/filters";
import type { Locale } from "../../../domain/shared/locale";
import { formatNpr, formatNumber } from "../../../domain/shared/locale-format";
import { planValidity } from "../../../domain/catalogue/validity";
import { ImageWithFallback } from "../../components/image-with-fallback";
import { card, focusRing, mutedText, primaryButton } from "../../components/ui";
import { cartActions, useCart } from "../../lib/cart/cart-store";
import { refreshPrices, usePriceFindings } from "../../lib/cart/fresh-prices";
import { rupees } from "../../lib/cart/rupees";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { useShop } from "../../lib/use-shop";
import { categoryLabel as categoryText, devicesText, monthsText, statusLabel } from "../../lib/words";
import { faqText, validityDaysText, validitySentenceText } from "./product-words";
import { m } from "../../paraglide/messages";
import { FaqAccordion } from "./faq-accordion";
import { flyToCart } from "./fly-to-cart";
import { TitledSection } from "../../components/titled-section";

/**
 * `Name` is the English name (the address, the cart line, the seller's message); `shownName`, `Info` and
 * `Note` are in the page's language, chosen by the loader (ADR 0093).
 */
export type ProductItem = Pick<
  CatalogueItem,
  "_id" | "Id" | "Name" | "Info" | "ImageId" | "category" | "status" | "plans" | "Note" | "WarrantyDays"
> & {
  shownName: string;
  /** "en" for each of the three a Nepali page shows in English, there being no Nepali words for it. */
  lang: { name?: "en" | undefined; info?: "en" | undefined; note?: "en" | undefined };
  /** On a Nepali page, the seller's Nepali name (null for none): the cart line shows it (ADR 0093). */
  NameNe: string | null;
};

/** Spec: the 'Added to Cart!' state lasts 2 seconds. */
const ADDED_MS = 2000;

// Narrow side padding on phones: three device buttons share 328 px at 360 px, and "2 devices" stays on one line.
const optionClass = (pressed: boolean) =>
  `flex min-h-12 flex-col items-center justify-center rounded-xl border-2 px-1 py-2.5 text-center transition sm:px-3 ${focusRing} ${
    pressed
      ? "border-brand-600 bg-brand-50 text-brand-700 dark:border-brand-400 dark:bg-brand-400/10 dark:text-brand-400"
      : "border-slate-200 bg-white text-slate-800 hover:border-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:border-slate-500"
  }`;

export function ProductView({
  item,
  availability = null,
  neverExpires = false,
}: {
  item: ProductItem;
  availability?: Availability | null;
  /** Its licence keys never expire: no validity in days. */
  neverExpires?: boolean;
}) {
  const { shop } = useShop();
  const locale = useLocale();
  const href = useLocalHref();
  const plans = planEntries(item.plans);
  const [months, setMonths] = useState<number | null>(plans[0]?.[0] ?? null);
  const [devices, setDevices] = useState<(typeof DEVICE_OPTIONS)[number]>(1);
  const [added, setAdded] = useState(false);
  const [addedLineId, setAddedLineId] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const addedChange = usePriceFindings(useCart()).changes.find((found) => found.lineId === addedLineId);
  const changedTo = addedChange?.after;
  // The page showed an old price: it shows today's once the server said so.
  useEffect(() => {
    if (changedTo !== undefined) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per price found, not per revalidator state
  }, [changedTo]);
  const imageRef = useRef<HTMLDivElement>(null);
  const addedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(addedTimer.current), []);

  const chosen = plans.find(([m]) => m === months);
  const faq = faqText(item.status, locale);
  const categoryLabel = categoryText(item.category);

  const addToCart = () => {
    if (!chosen) return;
    const [planMonths, price] = chosen;
    const lineId = cartActions.add({
      // Built-in items (shown when the database is unavailable) have no server id to price them by.
      ...(item._id.startsWith("builtin-") ? {} : { _id: item._id }),
      Id: item.Id,
      name: item.Name,
      ...(item.NameNe ? { nameNe: item.NameNe } : {}),
      month: planMonths,
      selectedMonth: price,
      selectedDevice: devices,
      image: item.ImageId,
    });
    setAddedLineId(lineId);
    // The page may have been open for a while: the server says whether the price still holds.
    void refreshPrices();
    flyToCart(imageRef.current?.querySelector("img"));
    setAdded(true);
    clearTimeout(addedTimer.current);
    addedTimer.current = setTimeout(() => setAdded(false), ADDED_MS);
  };

  return (
    <article className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <nav aria-label={m.breadcrumb()} className="text-sm">
        <ol className={`flex flex-wrap items-center gap-1.5 ${mutedText}`}>
          <li>
            <Link to={href("/prices")} className="rounded hover:text-brand-700 hover:underline dark:hover:text-brand-400">
              {m.nav_prices()}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={href(categoryPath(item.category))} className="rounded hover:text-brand-700 hover:underline dark:hover:text-brand-400">
              {categoryLabel}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" lang={item.lang.name} className="font-medium text-slate-900 dark:text-slate-100">
            {item.shownName}
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-12">
        <div ref={imageRef} className="mx-auto w-full max-w-sm md:max-w-none">
          <ImageWithFallback
            src={item.ImageId}
            alt={item.shownName}
            lang={item.lang.name}
            width={400}
            height={400}
            sizes="(min-width: 768px) 30rem, 24rem"
            loading="eager"
            fetchPriority="high"
            className="aspect-square w-full rounded-2xl bg-slate-100 object-cover shadow-sm dark:bg-slate-800 md:sticky md:top-24"
          />
        </div>

        <div className="min-w-0">
          <p className="flex flex-wrap gap-2 text-xs font-semibold uppercase tracking-wide">
            <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700 dark:bg-slate-800 dark:text-slate-200">{categoryLabel}</span>
            {item.status !== "none" && (
              <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-700 dark:bg-brand-400/10 dark:text-brand-400">
                {statusLabel(item.status)}
              </span>
            )}
          </p>
          <h1 lang={item.lang.name} className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
            {item.shownName}
          </h1>
          {availability && <AvailabilityBadge availability={availability} className="mt-3 text-sm" />}
          <WarrantyPromise days={item.WarrantyDays} neverExpires={neverExpires} locale={locale} />
          {item.Info && (
            <p lang={item.lang.info} className={`mt-3 whitespace-pre-line leading-relaxed ${mutedText}`}>
              {item.Info}
            </p>
          )}
          {item.Note && (
            <p className="mt-4 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-400/10 dark:text-amber-100">
              <span className="font-semibold">{m.product_note()} </span>
              <span lang={item.lang.note}>{item.Note}</span>
            </p>
          )}

          {chosen ? (
            <>
              <div className="mt-6">
                <h2 id="plan-label" className="font-semibold">
                  {m.product_choose_plan()}
                </h2>
                <div role="group" aria-labelledby="plan-label" className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {plans.map(([planMonths, price]) => (
                    <button
                      key={planMonths}
                      type="button"
                      aria-pressed={planMonths === months}
                      onClick={() => setMonths(planMonths)}
                      className={optionClass(planMonths === months)}
                    >
                      <span className="font-semibold">{monthsText(planMonths, locale)}</span>
                      <span className="text-sm">{formatNpr(price, locale)}</span>
                    </button>
                  ))}
                </div>
              </div>

              <div className="mt-5">
                <h2 id="devices-label" className="font-semibold">
                  {m.product_devices()}
                </h2>
                <div role="group" aria-labelledby="devices-label" className="mt-2 grid grid-cols-3 gap-2 sm:max-w-sm">
                  {DEVICE_OPTIONS.map((n) => (
                    <button key={n} type="button" aria-pressed={n === devices} onClick={() => setDevices(n)} className={optionClass(n === devices)}>
                      <span className="font-semibold whitespace-nowrap">{devicesText(n, locale)}</span>
                    </button>
                  ))}
                </div>
              </div>

              {/* On phones a buy bar held at the screen's foot while the plan choices are in view (the add
                  button would otherwise sit more than a screen down); a card in place from 640 px. */}
              <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:mx-0 sm:gap-4 sm:rounded-xl sm:border sm:bg-white sm:p-4 sm:backdrop-blur-none dark:border-slate-800 dark:bg-slate-900/95 sm:dark:bg-slate-900">
                <p aria-live="polite" className="min-w-0 font-semibold sm:text-lg">
                  <span className={`text-sm font-medium sm:text-lg sm:font-semibold sm:text-inherit ${mutedText}`}>{m.product_total()}</span>{" "}
                  <span className="block text-lg whitespace-nowrap sm:inline">{formatNpr(lineCost(chosen[1], devices), locale)}</span>
                </p>
                <button
                  type="button"
                  onClick={addToCart}
                  className={`${primaryButton} min-w-40 shrink-0 sm:min-w-44 ${added ? "bg-emerald-700 hover:bg-emerald-700" : ""}`}
                >
                  {added ? m.product_added() : m.product_add()}
                </button>
              </div>
              <div aria-live="polite">
                {addedChange && (
                  <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50">
                    {m.product_price_changed({ before: rupees(addedChange.before, locale), after: rupees(addedChange.after, locale) })}
                  </p>
                )}
              </div>
              <p role="status" className="sr-only">
                {added ? m.product_added_sr({ name: item.shownName }) : ""}
              </p>
              {added && (
                <p className="mt-2 text-right text-sm">
                  <Link to={href("/cart")} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
                    {m.product_view_cart()}
                  </Link>
                </p>
              )}

              <PlanDetails months={chosen[0]} price={chosen[1]} devices={devices} status={item.status} locale={locale} neverExpires={neverExpires} />
            </>
          ) : (
            <div className={`${card} mt-6 p-5`}>
              <p className="text-lg font-semibold">{m.product_contact_title()}</p>
              <p className={`mt-1 text-sm ${mutedText}`}>{m.product_contact_text()}</p>
              <a
                href={whatsappUrl(shop.whatsappNumber, m.product_contact_message({ name: item.Name }))}
                target="_blank"
                rel="noopener noreferrer"
                className={`${primaryButton} mt-4 bg-emerald-700 hover:bg-emerald-600`}
              >
                {m.product_contact_whatsapp()}
                <span className="sr-only"> {m.new_tab()}</span>
              </a>
            </div>
          )}
        </div>
      </div>

      {faq && (
        <TitledSection id="faq-title" title={m.faq_title()} className="mt-12" titleClassName="text-2xl font-bold">
          <div className="mt-4">
            <FaqAccordion entries={faq} />
          </div>
        </TitledSection>
      )}

      <TitledSection id="comments-title" title={m.comments_title()} className="mt-12" titleClassName="text-2xl font-bold">
        <p className={`${card} mt-4 px-4 py-6 text-center ${mutedText}`}>{m.comments_soon()}</p>
      </TitledSection>
    </article>
  );
}

/** What the item's warranty promises (ADR 0128); nothing for an item without one. */
function WarrantyPromise({ days, neverExpires, locale }: { days: ProductItem["WarrantyDays"]; neverExpires: boolean; locale: Locale }) {
  if (days === 0) return null;
  const promise =
    days === null
      ? neverExpires
        ? m.product_warranty_always()
        : m.product_warranty_term()
      : days === 1
        ? m.product_warranty_day()
        : m.product_warranty_days({ days: formatNumber(days, locale) });
  return (
    <p className="mt-3 flex items-start gap-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
      <span aria-hidden="true">✓</span>
      <span>{promise}</span>
    </p>
  );
}

function PlanDetails({
  months,
  price,
  devices,
  status,
  locale,
  neverExpires,
}: {
  months: number;
  price: number;
  devices: number;
  status: ProductItem["status"];
  locale: Locale;
  neverExpires: boolean;
}) {
  const validity = planValidity(months);
  const rows: Array<[string, string]> = [
    [m.details_plan(), monthsText(months, locale)],
    [m.details_validity(), neverExpires ? m.validity_never() : validityDaysText(validity, locale)],
    [m.details_per_month(), formatNpr(price / months, locale)],
    [m.details_devices(), formatNumber(devices, locale)],
  ];
  if (status !== "none") rows.push([m.details_account(), statusLabel(status)]);
  return (
    <section aria-labelledby="plan-details-title" className={`${card} mt-6 p-4`}>
      <h2 id="plan-details-title" className="font-semibold">
        {m.details_title()}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className={mutedText}>{term}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <p className={`mt-3 border-t border-slate-200 pt-3 text-sm dark:border-slate-800 ${mutedText}`}>
        {neverExpires ? m.validity_never_sentence() : validitySentenceText(validity, locale)}
      </p>
    </section>
  );
}
