import { useLocation } from "react-router";
import { localeOfPath, localHref, type Locale } from "../../domain/shared/locale";

/**
 * The page's language, from its path (ADR 0091). Paraglide's messages ask `getLocale()`, which
 * entry.server.tsx answers per request and entry.client.tsx from the address bar; components that build
 * links or format numbers read it here.
 */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** A shop path as linked from the current page's language: `/cart` or `/ne/cart`. */
export function useLocalHref(): (href: string) => string {
  const locale = useLocale();
  return (href) => localHref(locale, href);
}

/** Where the shopper's choice of language is kept ("en" or "ne"); read only on a first visit to `/`. */
export const LANGUAGE_STORAGE_KEY = "pasal-language";
const SESSION_SEEN_KEY = "pasal-seen";

/** Keeps the shopper's choice of language for their next visit. */
export function rememberLanguage(locale: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Private mode or storage full: the choice lasts for this visit only.
  }
}

/**
 * Runs in <head> before the first paint. Only the first page of a visit, and only `/`, follows the
 * remembered choice: a shared link to any other page, or to `/` later in the visit, opens as it is.
 */
export const languageBootScript = `try{if(!sessionStorage.getItem("${SESSION_SEEN_KEY}")){sessionStorage.setItem("${SESSION_SEEN_KEY}","1");if(location.pathname==="/"&&localStorage.getItem("${LANGUAGE_STORAGE_KEY}")==="ne")location.replace("/ne/"+location.search)}}catch(e){}`;
