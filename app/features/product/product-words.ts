import type { FaqEntry } from "../../../domain/catalogue/faq";
import type { Locale } from "../../../domain/shared/locale";
import { formatNumber } from "../../../domain/shared/locale-format";
import { DAYS_PER_MONTH, LONG_PLAN_DIFFERENCE, type Validity } from "../../../domain/catalogue/validity";
import type { Status } from "../../../domain/catalogue/catalogue";
import { m } from "../../paraglide/messages";

// The product page's own words (the FAQ, the validity panel), apart from app/lib/words.ts so that only the
// product page loads them.

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

/** The product FAQ, one set for shared accounts and one for private ones. */
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
