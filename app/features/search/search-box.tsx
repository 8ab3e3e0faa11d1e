import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { pricesUrl, DEFAULT_FILTERS } from "../../../domain/catalogue/filters";
import { sellerLang, sellerText } from "../../../domain/shared/locale";
import { MIN_SEARCH_LENGTH, productPath } from "../../../domain/catalogue/search";
import { DecorativeImage } from "../../components/image-with-fallback";
import { ADULT_CATEGORY, useAdultConfirmed } from "../../lib/age-gate";
import { AdultPlaceholder } from "../../components/age-gate-panel";
import { useSuggestions } from "./use-suggestions";
import { rupees } from "../../lib/cart/rupees";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { monthsText } from "../../lib/words";
import { m } from "../../paraglide/messages";

/**
 * The service search (spec: home and mobile menu): suggestions from 2 characters, at most 5,
 * a clear button, closes on a click outside; a combobox for keyboards (up, down, enter, escape).
 */
export function SearchBox({ label = m.search_services(), onNavigate }: { label?: string; onNavigate?: () => void }) {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const navigate = useNavigate();
  const { suggestions, settled, failed } = useSuggestions(query);
  const adultConfirmed = useAdultConfirmed();
  const showList = open && query.trim().length >= MIN_SEARCH_LENGTH;
  const locale = useLocale();
  const href = useLocalHref();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const go = (path: string) => {
    setOpen(false);
    setQuery("");
    onNavigate?.();
    navigate(href(path));
  };

  return (
    <div ref={rootRef} className="relative w-full">
      <label htmlFor={`${listId}-input`} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={`${listId}-input`}
          type="search"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          placeholder={m.search_placeholder()}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown") {
              event.preventDefault();
              setOpen(true);
              setActive((i) => (suggestions.length ? (i + 1) % suggestions.length : -1));
            } else if (event.key === "ArrowUp") {
              event.preventDefault();
              setActive((i) => (suggestions.length ? (i <= 0 ? suggestions.length - 1 : i - 1) : -1));
            } else if (event.key === "Enter") {
              const chosen = suggestions[active >= 0 ? active : 0];
              if (showList && chosen && (settled || active >= 0)) {
                event.preventDefault();
                go(productPath(chosen.Name));
              } else if (showList && !settled) {
                // Faster than the answer (or without one): the price list searches the same words.
                event.preventDefault();
                go(pricesUrl({ ...DEFAULT_FILTERS, q: query.trim() }));
              }
            } else if (event.key === "Escape") {
              // A search field empties itself on Escape; with the list open, Escape only closes the list.
              if (showList) event.preventDefault();
              setOpen(false);
              setActive(-1);
            }
          }}
          className="w-full rounded-full border border-slate-300 bg-white py-3 pl-5 pr-12 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-2 focus:outline-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 [&::-webkit-search-cancel-button]:hidden"
        />
        {query && (
          <button
            type="button"
            aria-label={m.search_clear()}
            onClick={() => {
              setQuery("");
              setActive(-1);
              inputRef.current?.focus();
            }}
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full p-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-400 dark:hover:bg-slate-800"
          >
            <span aria-hidden="true">✕</span>
          </button>
        )}
      </div>
      {showList && (
        <div className="absolute left-0 right-0 z-30 mt-2 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900">
          {suggestions.length > 0 ? (
            <ul id={listId} role="listbox" aria-label={m.search_suggestions()}>
              {suggestions.map((s, index) => (
                <li key={s.Name} id={`${listId}-${index}`} role="option" aria-selected={index === active}>
                  <Link
                    to={href(productPath(s.Name))}
                    tabIndex={-1}
                    onClick={() => {
                      setOpen(false);
                      setQuery("");
                      onNavigate?.();
                    }}
                    className={`flex items-center gap-3 px-4 py-3 ${index === active ? "bg-brand-50 dark:bg-slate-800" : "hover:bg-slate-50 dark:hover:bg-slate-800"}`}
                  >
                    {s.category === ADULT_CATEGORY && !adultConfirmed ? (
                      <AdultPlaceholder
                        decorative
                        className="h-10 w-10 shrink-0 rounded-lg [&>span:last-child]:px-1 [&>span:last-child]:text-[10px]"
                      />
                    ) : (
                      <DecorativeImage src={s.ImageId} width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg object-cover" />
                    )}
                    <span className="min-w-0">
                      <span lang={sellerLang(locale, s.NameNe)} className="block truncate font-medium text-slate-900 dark:text-slate-100">
                        {sellerText(locale, s.Name, s.NameNe)}
                      </span>
                      {s.startingAt && (
                        <span className="block text-sm text-slate-600 dark:text-slate-300">
                          {m.search_starting_at({ price: rupees(s.startingAt.price, locale), months: monthsText(s.startingAt.months, locale) })}
                        </span>
                      )}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : settled ? (
            <div id={listId} role="status" className="px-4 py-4 text-center">
              <p className="font-medium text-slate-900 dark:text-slate-100">{m.search_none()}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">{m.search_none_text({ query: query.trim() })}</p>
            </div>
          ) : failed ? (
            <div id={listId} role="status" className="px-4 py-4 text-center">
              <p className="font-medium text-slate-900 dark:text-slate-100">{m.search_down()}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">{m.search_down_text({ query: query.trim() })}</p>
            </div>
          ) : (
            <div id={listId} role="status" className="px-4 py-4 text-center text-sm text-slate-600 dark:text-slate-300">
              {m.search_searching()}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
