/**
 * The shop's two languages (ADR 0091). English keeps the URLs it always had; a Nepali page is the same
 * path under `/ne` (`/prices/netflix` and `/ne/prices/netflix`).
 */

export const LOCALES = ["en", "ne"] as const;
export type Locale = (typeof LOCALES)[number];

/** How the admin (in English) names the language an order was placed in. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", ne: "Nepali" };

/** A language as stored or sent: anything but "ne" is English, the shop's language before Nepali. */
export function readLocale(value: string | null | undefined): Locale {
  return value === "ne" ? "ne" : "en";
}

const NEPALI_PATH = /^\/ne(?=\/|$)/;

/** The language of a page, from its path alone. */
export function localeOfPath(pathname: string): Locale {
  return NEPALI_PATH.test(pathname) ? "ne" : "en";
}

/** The same page in a language: `/prices` → `/ne/prices` and back; `/` ↔ `/ne/`. */
export function pathInLocale(pathname: string, locale: Locale): string {
  const english = pathname.replace(NEPALI_PATH, "") || "/";
  if (locale === "en") return english;
  return english === "/" ? "/ne/" : `/ne${english}`;
}

/** A path of the shop (`/cart`, `/prices/x?y`) as it is linked to from a page in a language. */
export function localHref(locale: Locale, href: string): string {
  if (locale === "en" || !href.startsWith("/") || href.startsWith("//")) return href;
  return href === "/" ? "/ne/" : `/ne${href}`;
}

/**
 * The seller's text for a page in `locale`: the Nepali one on Nepali pages when the seller wrote one, the
 * English otherwise (ADR 0093). Chosen by loaders, so no page ships both.
 */
export function sellerText(locale: Locale, english: string, nepali: string | null | undefined): string {
  return locale === "ne" && nepali ? nepali : english;
}

/**
 * The `lang` of the element showing a seller's text that `sellerText` chose: "en" where a Nepali page falls
 * back to the English, so it is read (and voiced) as English; none where the text is in the page's language.
 */
export function sellerLang(locale: Locale, nepali: string | null | undefined): "en" | undefined {
  return locale === "ne" && !nepali ? "en" : undefined;
}
