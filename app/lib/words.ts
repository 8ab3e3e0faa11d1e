import type { Availability } from "../../domain/availability";
import type { Category, Status } from "../../domain/catalogue";
import type { FaqEntry } from "../../domain/faq";
import type { Locale } from "../../domain/locale";
import { formatNumber } from "../../domain/locale-format";
import { DAYS_PER_MONTH, LONG_PLAN_DIFFERENCE, type Validity } from "../../domain/validity";
import { m } from "../paraglide/messages";

/**
 * The storefront's words for the catalogue's fixed values, in the page's language (ADR 0091): domain/
 * keeps the English the admin and the API use, these are what a shopper reads. Numbers go in through
 * formatNumber, so Nepali pages show Devanagari digits.
 */
export const categoryLabel = (category: Category): string =>
  ({ ott: m.cat_ott, music: m.cat_music, vpn: m.cat_vpn, software: m.cat_software, games: m.cat_games, "18+": m.cat_adult })[category]();

export const statusLabel = (status: Exclude<Status, "none">): string => (status === "shared" ? m.status_shared() : m.status_private());

export const monthsText = (months: number, locale: Locale): string =>
  months === 1 ? m.months_one() : m.months_many({ months: formatNumber(months, locale) });

export const devicesText = (count: number, locale: Locale): string =>
  count === 1 ? m.devices_one() : m.devices_many({ count: formatNumber(count, locale) });

export function availabilityText(availability: Availability, locale: Locale): string {
  if (availability.state === "out") return m.stock_out();
  if (availability.state === "few") return m.stock_few({ left: formatNumber(availability.left, locale) });
  return m.stock_in();
}

export function validityDaysText(validity: Validity, locale: Locale): string {
  const n = (value: number) => formatNumber(value, locale);
  return validity.kind === "range"
    ? m.validity_range({ min: n(validity.minDays), max: n(validity.maxDays) })
    : m.validity_about({ days: n(validity.days), low: n(validity.differsBy.min), high: n(validity.differsBy.max) });
}

export function validitySentenceText(validity: Validity, locale: Locale): string {
  const n = (value: number) => formatNumber(value, locale);
  return validity.kind === "range"
    ? m.validity_range_sentence({ months: n(validity.months), min: n(validity.minDays), max: n(validity.maxDays) })
    : m.validity_about_sentence({
        months: n(validity.months),
        days: n(validity.days),
        low: n(validity.differsBy.min),
        high: n(validity.differsBy.max),
      });
}

export const resultCountText = (count: number, locale: Locale): string =>
  count === 1 ? m.prices_count_one() : m.prices_count_many({ count: formatNumber(count, locale) });

/** Spec §2's product FAQ (domain/faq.ts in English), one set for shared accounts and one for private ones. */
export function faqText(status: Status, locale: Locale): FaqEntry[] | null {
  if (status === "none") return null;
  const n = (value: number) => formatNumber(value, locale);
  const validity = {
    question: m.faq_validity_q(),
    answer: m.faq_validity_a({
      low: n(LONG_PLAN_DIFFERENCE.min),
      high: n(LONG_PLAN_DIFFERENCE.max),
      min: n(DAYS_PER_MONTH.min),
      max: n(DAYS_PER_MONTH.max),
    }),
  };
  const renewal = { question: m.faq_renew_q(), answer: m.faq_renew_a() };
  return status === "shared"
    ? [
        { question: m.faq_kind_q(), answer: m.faq_kind_shared_a() },
        { question: m.faq_share_q(), answer: m.faq_share_shared_a() },
        { question: m.faq_tv_q(), answer: m.faq_tv_shared_a() },
        renewal,
        validity,
      ]
    : [
        { question: m.faq_kind_q(), answer: m.faq_kind_private_a() },
        { question: m.faq_share_q(), answer: m.faq_share_private_a() },
        { question: m.faq_tv_q(), answer: m.faq_tv_private_a() },
        renewal,
        { question: m.faq_settings_q(), answer: m.faq_settings_a() },
        validity,
      ];
}

/** "3 items" in the page's language. */
export const itemsText = (n: number, locale: Locale): string => (n === 1 ? m.items_one() : m.items_many({ count: formatNumber(n, locale) }));
