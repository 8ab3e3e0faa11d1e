import { toCurrency as englishNepal } from "to-words/en-NP";
import { toCurrency as nepali } from "to-words/np-NP";
import type { Locale } from "../shared/locale";

/**
 * A bill's total in words, as Nepali bills write it (docs/research/nepal-bills.md §9): in lakh and crore, rupees and
 * paisa, "only" at the end. From the to-words package's Nepali and Nepal-English locales, not a table of ours.
 */
export function amountInWords(npr: number, locale: Locale): string {
  return (locale === "ne" ? nepali : englishNepal)(npr);
}
