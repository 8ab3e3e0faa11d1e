import { z } from "zod";
import { wholeNumber } from "./common";
import type { Locale } from "./locale";
import { formatNumber } from "./locale-format";

// ---------------------------------------------------------------------------------------------
// The seller's limits on anonymous orders (issue 34, ADR 0101)

export const orderLimitsSchema = z.object({
  /** Orders the whole shop takes from its shoppers in any 60 seconds; renewals from an order page are not counted. */
  ordersPerMinute: wholeNumber("Orders a minute", 1, 10_000),
  /** "I have paid" notices the whole shop takes in any 60 seconds. */
  paidClaimsPerMinute: wholeNumber("Payment notices a minute", 1, 10_000),
  /** Coupon codes that match no coupon, tried in the quote or at checkout by the whole shop in any 60 seconds (issue 43). */
  wrongCouponsPerMinute: wholeNumber("Wrong coupon codes a minute", 1, 10_000),
  /** Orders one phone number may have waiting for payment (new or contacted) when it orders again. */
  openOrdersPerPhone: wholeNumber("Unpaid orders per phone", 1, 1_000),
  /** A "new" order nobody moved on is cancelled as expired after this many hours; 0 keeps them. */
  expireNewAfterHours: wholeNumber("Expire new orders after", 0, 24 * 90),
});
export type OrderLimits = z.infer<typeof orderLimitsSchema>;

/**
 * Far above a real shop's busiest minute (a channel post to thousands of followers brings a few orders a minute),
 * far below a script's: one address managed 10 a minute and 20 addresses 200 in a second before these existed.
 */
export const defaultOrderLimits: OrderLimits = {
  ordersPerMinute: 30,
  paidClaimsPerMinute: 30,
  // A shopper mistypes a code once or twice; 600 guesses a minute from ten addresses got through before this.
  wrongCouponsPerMinute: 20,
  openOrdersPerPhone: 5,
  expireNewAfterHours: 72,
};

/** What the shop-wide ceilings count, as the refusal notice names them. */
export const CEILING_KINDS = ["orders", "paid-claims", "coupon-tries"] as const;
export type CeilingKind = (typeof CEILING_KINDS)[number];

export const refusalSummarySchema = z.object({
  kind: z.enum(CEILING_KINDS),
  refused: z.number().int(),
  /** The first and the last refusal's times (the first to the minute). */
  firstAt: z.string(),
  lastAt: z.string(),
});
export type RefusalSummary = z.infer<typeof refusalSummarySchema>;

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
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (locale === "ne") return minutes === 1 ? "एक मिनेटपछि" : `${formatNumber(minutes, "ne")} मिनेटपछि`;
  return minutes === 1 ? "in a minute" : `in ${minutes} minutes`;
}

export const refusalText = {
  /** The shop-wide ceiling on orders. */
  shopBusy: (seconds: number, locale: Locale) =>
    locale === "ne"
      ? `अहिले पसलमा एकैपटक धेरै अर्डर आइरहेका छन्, त्यसैले तपाईंको अर्डर राखिएन। कृपया ${inMinutes(seconds, locale)} फेरि पठाउनुहोस्, वा पसललाई च्याटमा सिधै सन्देश पठाउनुहोस्।`
      : `The shop is receiving very many orders right now, so yours was not placed. Please send it again ${inMinutes(seconds, locale)}, or message the shop directly in the chat.`,
  /** One address's orders. */
  ordersFromAddress: (seconds: number, locale: Locale) =>
    locale === "ne"
      ? `तपाईंको ठेगानाबाट धेरै अर्डर आए। कृपया ${inMinutes(seconds, locale)} फेरि पठाउनुहोस्, वा पसललाई च्याटमा सिधै सन्देश पठाउनुहोस्।`
      : `Too many orders from your address. Please send yours again ${inMinutes(seconds, locale)}, or message the shop directly in the chat.`,
  /** One phone number's unpaid orders. */
  phoneHasOpenOrders: (open: number, locale: Locale) =>
    locale === "ne"
      ? `यो फोन नम्बरमा भुक्तानी बाँकी ${formatNumber(open, "ne")} वटा अर्डर पहिले नै छन्। तीमध्ये कुनै एकको भुक्तानी गर्नुहोस्, वा नचाहिएका अर्डर रद्द गर्न पसललाई च्याटमा भन्नुहोस्, अनि फेरि अर्डर गर्नुहोस्।`
      : `This phone number already has ${open} orders waiting for payment. Pay for one of them, or ask the shop in the chat to cancel the ones you do not want, then order again.`,
  /** The shop-wide ceiling on "I have paid". */
  claimsBusy: (seconds: number, locale: Locale) =>
    locale === "ne"
      ? `अहिले पसलमा एकैपटक धेरै भुक्तानी सूचना आइरहेका छन्। कृपया ${inMinutes(seconds, locale)} फेरि प्रयास गर्नुहोस्; तपाईंको भुक्तानी सुरक्षित छ, र च्याटमा पनि पसललाई भन्न सक्नुहुन्छ।`
      : `The shop is receiving very many payment notices right now. Please try again ${inMinutes(seconds, locale)}; your payment is safe, and you can also tell the shop in the chat.`,
  /** The shop-wide ceiling on wrong coupon codes: no code is checked until it has room, so guessing learns nothing. */
  couponsBusy: (seconds: number, locale: Locale) =>
    locale === "ne"
      ? `अहिले पसलमा धेरै गलत कुपन कोड प्रयास भइरहेका छन्, त्यसैले तपाईंको कुपन जाँचिएन। कृपया ${inMinutes(seconds, locale)} फेरि प्रयास गर्नुहोस्, वा कुपनबिना अर्डर गर्नुहोस्।`
      : `The shop is receiving very many wrong coupon codes right now, so yours was not checked. Please try it again ${inMinutes(seconds, locale)}, or order without it.`,
  /** One address's "I have paid". */
  claimsFromAddress: (seconds: number, locale: Locale) =>
    locale === "ne"
      ? `तपाईंको ठेगानाबाट धेरै प्रयास भयो। कृपया ${inMinutes(seconds, locale)} फेरि प्रयास गर्नुहोस्, वा च्याटमा पसललाई भन्नुहोस्।`
      : `Too many tries from your address. Please try again ${inMinutes(seconds, locale)}, or tell the shop in the chat.`,
  /** Wrong order links from one address (ADR 0075). */
  wrongLinks: (seconds: number, locale: Locale) =>
    locale === "ne"
      ? `तपाईंको ठेगानाबाट धेरै गलत अर्डर लिङ्क खोलियो। कृपया ${inMinutes(seconds, locale)} फेरि प्रयास गर्नुहोस्।`
      : `Too many wrong order links from your address. Please try again ${inMinutes(seconds, locale)}.`,
};

/**
 * The language a client asks its answers in: our storefront says the page's language in Accept-Language on
 * the calls whose refusals it shows (checkout, "I have paid"). Nepali when Nepali comes first, else English.
 */
export function answerLocale(acceptLanguage: string | undefined): Locale {
  return /^\s*ne\b/i.test(acceptLanguage ?? "") ? "ne" : "en";
}
