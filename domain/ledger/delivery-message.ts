import type { Status } from "../catalogue/catalogue";
import type { Locale } from "../shared/locale";
import { DEFAULT_DELIVERY_TEMPLATE_NE, type DeliveryPlaceholder, placeholderPattern } from "./settings";
import type { LedgerSettings } from "./schemas";

/** The template of an order's delivery message: the Nepali one (the admin's, or the built-in) for a Nepali order. */
export function deliveryTemplateFor(settings: LedgerSettings, locale: Locale): string {
  return locale === "ne" ? settings.deliveryTemplateNe || DEFAULT_DELIVERY_TEMPLATE_NE : settings.deliveryTemplate;
}

/**
 * An account's rules as the delivery message says them: short sentences of their own, not the FAQ's answers
 * (which read as replies to questions the message does not ask). Same facts as the product FAQ
 * (messages/*.json, faq_*): change both together.
 */
const ACCOUNT_RULES: Record<Locale, Record<Exclude<Status, "none">, string[]>> = {
  en: {
    shared: [
      "This is a shared account with a profile of your own, locked by a PIN only you know.",
      "Please keep it to yourself: other customers use the same account, and sharing it can get it locked.",
      "Watch on your phone, tablet or laptop; a shared account does not work on a Smart TV.",
    ],
    private: ["This account is yours alone, so you decide who uses it.", "It works on a Smart TV as well as on phones, tablets and laptops."],
  },
  ne: {
    shared: [
      "यो साझा खाता हो, तर प्रोफाइल तपाईंको आफ्नै हो, जुन तपाईंलाई मात्र थाहा हुने PIN ले सुरक्षित हुन्छ।",
      "कृपया खाता वा प्रोफाइल कसैसँग नबाँड्नुहोस्: यही खाता अरू ग्राहकले पनि चलाउँछन्, र बाँड्दा खाता बन्द हुन सक्छ।",
      "फोन, ट्याबलेट वा ल्यापटपमा हेर्नुहोस्; साझा खाता स्मार्ट टिभीमा चल्दैन।",
    ],
    private: ["यो खाता तपाईंको मात्र हो, त्यसैले कसले चलाउने तपाईं आफैं निर्णय गर्नुहोस्।", "यो स्मार्ट टिभी, फोन, ट्याबलेट र ल्यापटप सबैमा चल्छ।"],
  },
};

/** What the shop tells a customer of their account's rules, for a shared or a private account. */
export function accountRules(status: Status, locale: Locale = "en"): string {
  return status === "none" ? "" : ACCOUNT_RULES[locale][status].join(" ");
}

/**
 * The delivery message: the template with its placeholders filled. A line whose placeholders are all
 * empty (no PIN on this seat, no key for an account) is left out, so one template serves seats and keys.
 */
export function deliveryMessage(template: string, values: Partial<Record<DeliveryPlaceholder, string | null>>): string {
  return template
    .split("\n")
    .flatMap((line) => {
      const names = [...line.matchAll(placeholderPattern)].map((match) => match[1] as DeliveryPlaceholder);
      if (names.length > 0 && names.every((name) => !values[name])) return [];
      return [line.replace(placeholderPattern, (_, name: DeliveryPlaceholder) => values[name] ?? "")];
    })
    .join("\n")
    .trim();
}
