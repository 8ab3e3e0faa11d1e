import type { Locale } from "../shared/locale";
import * as words from "../shared/messages";

/** What the shop-wide ceilings count, as the refusal notice names them. */
export const CEILING_KINDS = ["orders", "paid-claims", "coupon-tries"] as const;
export type CeilingKind = (typeof CEILING_KINDS)[number];

/** What the refusals banner counts: the ceilings' refusals, and pages turned away while the shop was too busy to render them (ADR 0125). */
export const REFUSAL_KINDS = [...CEILING_KINDS, "busy-pages"] as const;
export type RefusalKind = (typeof REFUSAL_KINDS)[number];

/** What a shopper whose page a busy instance turned away is asked to wait, in seconds (its Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** How far back the Orders screen's refusals banner looks (and how long it shows a refusal nobody hid). */
export const REFUSALS_SHOWN_HOURS = 24;

/** Why the shop cancelled an order rather than the seller's own Cancel: a "new" order that expired, or the seller's bulk "spam". */
export const CANCEL_REASONS = ["expired", "spam"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The most orders the bulk action takes at once: a page of the Orders screen is 50. */
export const MAX_BULK_ORDERS = 100;

// ---------------------------------------------------------------------------------------------
// What a refused shopper reads, in the language they shop in

/** "in a minute", "in 3 minutes", or the same in Nepali. */
function inMinutes(seconds: number, locale: Locale): string {
  return words.inMinutes[locale](Math.max(1, Math.ceil(seconds / 60)));
}

export const refusalText = {
  /** The shop-wide ceiling on orders. */
  shopBusy: (seconds: number, locale: Locale) => words.shopBusy[locale](inMinutes(seconds, locale)),
  /** One address's orders. */
  ordersFromAddress: (seconds: number, locale: Locale) => words.ordersFromAddress[locale](inMinutes(seconds, locale)),
  /** One phone number's unpaid orders. */
  phoneHasOpenOrders: (open: number, locale: Locale) => words.phoneHasOpenOrders[locale](open),
  /** The shop-wide ceiling on "I have paid". */
  claimsBusy: (seconds: number, locale: Locale) => words.claimsBusy[locale](inMinutes(seconds, locale)),
  /** The shop-wide ceiling on wrong coupon codes: no code is checked until it has room, so guessing learns nothing. */
  couponsBusy: (seconds: number, locale: Locale) => words.couponsBusy[locale](inMinutes(seconds, locale)),
  /** One address's "I have paid". */
  claimsFromAddress: (seconds: number, locale: Locale) => words.claimsFromAddress[locale](inMinutes(seconds, locale)),
  /** Wrong order links from one address (ADR 0075). */
  wrongLinks: (seconds: number, locale: Locale) => words.wrongLinks[locale](inMinutes(seconds, locale)),
};

/**
 * The language a client asks its answers in: our storefront says the page's language in Accept-Language on
 * the calls whose refusals it shows (checkout, "I have paid"). Nepali when Nepali comes first, else English.
 */
export function answerLocale(acceptLanguage: string | undefined): Locale {
  return /^\s*ne\b/i.test(acceptLanguage ?? "") ? "ne" : "en";
}
