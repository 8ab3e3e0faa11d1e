import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import {
  categoryPath,
  CHIP_CATEGORIES,
  countDrawerFilters,
  DEFAULT_FILTERS,
  parseFilters,
  pricesUrl,
  SORTS,
  type PriceFilters,
} from "../../../domain/catalogue/filters";
import { MAX_QUERY_LENGTH } from "../../../domain/catalogue/categories";
import { focusRing, primaryButton, secondaryButton } from "../../components/ui";
import { useLocalHref } from "../../lib/i18n";
import { categoryLabel } from "../../lib/words";
import { m } from "../../paraglide/messages";
import { Options } from "../../components/options";

const SORT_TEXT = { featured: m.sort_featured, name: m.sort_name, "price-asc": m.sort_price_asc, "price-desc": m.sort_price_desc } as const;

const SEARCH_DELAY_MS = 300;

const fieldClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";
const labelClass = "mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200";

function formFilters(form: HTMLFormElement, category: PriceFilters["category"]): PriceFilters {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
  return parseFilters(params, category);
}

/** Puts the URL's filters back into fields the shopper is not typing in (after Clear, chips, back). */
function syncField(form: HTMLFormElement, name: string, value: string | boolean) {
  const field = form.elements.namedItem(name);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || field === document.activeElement) return;
  if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = value === true;
  else field.value = String(value);
}

/** One end of the price range: a whole number of rupees, or empty for no bound. */
function PriceBound({ name, label, value, placeholder }: { name: "min" | "max"; label: string; value: number | null; placeholder: string }) {
  return (
    <div>
      <label htmlFor={`prices-${name}`} className="mb-1 block text-xs text-slate-600 dark:text-slate-300">
        {label}
      </label>
      <input
        id={`prices-${name}`}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        defaultValue={value ?? ""}
        placeholder={placeholder}
        className={fieldClass}
      />
    </div>
  );
}

/**
 * The search box, category chips and filter drawer of the prices page: a plain GET form, so it works
 * before (or without) JavaScript; once hydrated, typing searches after a pause and every change
 * replaces the URL, which always holds the whole filter so a filtered list can be shared.
 */
export function PriceFilterForm({ filters }: { filters: PriceFilters }) {
  const navigate = useNavigate();
  const href = useLocalHref();
  const formRef = useRef<HTMLFormElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const currentUrl = href(pricesUrl(filters));
  const drawerCount = countDrawerFilters(filters);

  const apply = () => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const next = href(pricesUrl(formFilters(form, filters.category)));
    if (next !== currentUrl) navigate(next, { replace: true, preventScrollReset: true });
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  const { q, sort, status, min, max, pricedOnly } = filters;
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    syncField(form, "q", q);
    syncField(form, "sort", sort);
    syncField(form, "status", status ?? "");
    syncField(form, "min", min === null ? "" : String(min));
    syncField(form, "max", max === null ? "" : String(max));
    syncField(form, "priced", pricedOnly);
  }, [q, sort, status, min, max, pricedOnly]);

  // The drawer closes on Escape and on a click outside it, like other popups.
  useEffect(() => {
    if (!drawerOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (detailsRef.current && !detailsRef.current.contains(event.target as Node)) detailsRef.current.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [drawerOpen]);

  const closeDrawer = (focusSummary: boolean) => {
    const details = detailsRef.current;
    if (!details?.open) return;
    details.open = false;
    if (focusSummary) details.querySelector("summary")?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply();
    closeDrawer(false);
  };

  const withoutQuery = href(pricesUrl({ ...filters, q: "" }));
  const chips = [
    null,
    ...CHIP_CATEGORIES,
    ...(filters.category && !(CHIP_CATEGORIES as readonly string[]).includes(filters.category) ? [filters.category] : []),
  ];

  return (
    <div className="space-y-4">
      <form
        ref={formRef}
        method="get"
        action={href(categoryPath(filters.category))}
        role="search"
        aria-label={m.filters_form()}
        onSubmit={onSubmit}
        onChange={(event) => {
          const target: EventTarget = event.target;
          // Typing waits for a pause; a choice (select, checkbox) applies at once.
          if (target instanceof HTMLInputElement && target.type !== "checkbox") {
            clearTimeout(timer.current);
            timer.current = setTimeout(apply, SEARCH_DELAY_MS);
          } else apply();
        }}
        className="flex items-start gap-2"
      >
        <div className="relative min-w-0 flex-1">
          <label htmlFor="prices-search" className="sr-only">
            {m.filters_search()}
          </label>
          <input
            ref={searchRef}
            id="prices-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={MAX_QUERY_LENGTH}
            placeholder={m.filters_search_placeholder()}
            autoComplete="off"
            enterKeyHint="search"
            className="peer h-12 w-full rounded-full border border-slate-300 bg-white pl-5 pr-12 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-2 focus:outline-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 [&::-webkit-search-cancel-button]:hidden"
          />
          {/* A link, so it also works without JavaScript; hidden while the box is empty. */}
          <Link
            to={withoutQuery}
            replace
            preventScrollReset
            aria-label={m.search_clear()}
            onClick={(event) => {
              event.preventDefault();
              if (searchRef.current) searchRef.current.value = "";
              searchRef.current?.focus();
              apply();
            }}
            className={`absolute right-1.5 top-1/2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full text-slate-500 peer-placeholder-shown:hidden hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800 ${focusRing}`}
          >
            <span aria-hidden="true">✕</span>
          </Link>
        </div>

        <details
          ref={detailsRef}
          className="relative"
          onToggle={(event) => setDrawerOpen(event.currentTarget.open)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && detailsRef.current?.open) {
              event.preventDefault();
              closeDrawer(true);
            }
          }}
        >
          <summary
            className={`flex h-12 cursor-pointer list-none items-center gap-2 rounded-full border border-slate-300 bg-white px-3.5 font-medium sm:px-4 text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden ${focusRing}`}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
              <path d="M3 5h14v2H3zm3 4h8v2H6zm2 4h4v2H8z" />
            </svg>
            {/* The word only from small tablets up: on a phone the search box needs the room. */}
            <span className="sr-only sm:not-sr-only">{m.filters()}</span>
            {drawerCount > 0 && (
              <span className="rounded-full bg-brand-700 px-2 text-xs font-semibold leading-5 text-white">
                <span className="sr-only">(</span>
                {drawerCount}
                <span className="sr-only"> {m.filters_active()}</span>
              </span>
            )}
          </summary>
          <div
            role="group"
            aria-label={m.filters()}
            className="absolute right-0 top-full z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-2xl dark:border-slate-700 dark:bg-slate-900"
          >
            <div>
              <label htmlFor="prices-sort" className={labelClass}>
                {m.filters_sort()}
              </label>
              <select id="prices-sort" name="sort" defaultValue={filters.sort} className={fieldClass}>
                <Options of={SORTS} label={(s) => SORT_TEXT[s]()} />
              </select>
            </div>
            <div>
              <label htmlFor="prices-status" className={labelClass}>
                {m.filters_account()}
              </label>
              <select id="prices-status" name="status" defaultValue={filters.status ?? ""} className={fieldClass}>
                <option value="">{m.filters_any()}</option>
                <option value="shared">{m.filters_shared()}</option>
                <option value="private">{m.filters_private()}</option>
              </select>
            </div>
            <fieldset>
              <legend className={labelClass}>{m.filters_price()}</legend>
              <div className="grid grid-cols-2 gap-3">
                <PriceBound name="min" label={m.filters_min()} value={filters.min} placeholder="0" />
                <PriceBound name="max" label={m.filters_max()} value={filters.max} placeholder={m.filters_any()} />
              </div>
            </fieldset>
            <label className="flex items-center gap-3 text-sm text-slate-800 dark:text-slate-200">
              <input type="checkbox" name="priced" value="1" defaultChecked={filters.pricedOnly} className="h-5 w-5 accent-brand-700" />
              {m.filters_priced()}
            </label>
            <div className="flex gap-2 pt-1">
              <Link
                to={href(pricesUrl({ ...DEFAULT_FILTERS, category: filters.category, q: filters.q }))}
                replace
                preventScrollReset
                className={`${secondaryButton} flex-1 px-3 py-2`}
                onClick={() => closeDrawer(false)}
              >
                {m.filters_reset()}
              </Link>
              <button type="submit" className={`${primaryButton} flex-1 px-3 py-2`}>
                {m.filters_apply()}
              </button>
            </div>
          </div>
        </details>
      </form>

      <nav aria-label={m.home_categories_list()}>
        <ul className="flex flex-wrap gap-1.5 sm:gap-2">
          {chips.map((category) => {
            const active = category === filters.category;
            return (
              <li key={category ?? "all"}>
                <Link
                  to={href(pricesUrl({ ...filters, category }))}
                  preventScrollReset
                  aria-current={active ? "page" : undefined}
                  className={`inline-flex h-10 items-center rounded-full border px-3.5 text-sm font-semibold transition sm:px-4 ${focusRing} ${
                    active
                      ? "border-brand-700 bg-brand-700 text-white"
                      : "border-slate-300 bg-white text-slate-800 hover:border-brand-500 hover:text-brand-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:text-brand-400"
                  }`}
                >
                  {category ? categoryLabel(category) : m.filters_all()}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
