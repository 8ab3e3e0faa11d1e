import { z } from "zod";
import type { Status } from "./catalogue";
import type { Locale } from "./locale";

export { shopToday } from "./shop-time";

// ---------------------------------------------------------------------------------------------
// The ledger's settings: the grace period of seats and the delivery message (issue 20)

export const DEFAULT_GRACE_DAYS = 3;

/** What a delivery message may name, each as {name}. */
export const DELIVERY_PLACEHOLDERS = [
  "customer",
  "service",
  "login",
  "password",
  "profile",
  "pin",
  "key",
  "start",
  "expiry",
  "rules",
  "reference",
  // The customer's link to all their subscriptions (issue 31, ADR 0104).
  "customerlink",
  // The customer's referral code (issue 32, ADR 0108).
  "referral",
] as const;
export type DeliveryPlaceholder = (typeof DELIVERY_PLACEHOLDERS)[number];

export const DEFAULT_DELIVERY_TEMPLATE = [
  "Hello {customer}! Your {service} is ready.",
  "Login: {login}",
  "Password: {password}",
  "Profile: {profile}",
  "PIN: {pin}",
  "Key: {key}",
  "Valid from {start} to {expiry}.",
  "{rules}",
  "All your subscriptions, and Renew: {customerlink}",
  "Invite a friend with your referral code {referral}: their first order earns you credit.",
  "Order {reference}. Thank you!",
].join("\n");

/** The delivery message of an order placed in Nepali, unless the admin writes their own (ADR 0094). */
export const DEFAULT_DELIVERY_TEMPLATE_NE = [
  "नमस्ते {customer}! तपाईंको {service} तयार छ।",
  "लगइन: {login}",
  "पासवर्ड: {password}",
  "प्रोफाइल: {profile}",
  "PIN: {pin}",
  "लाइसेन्स की: {key}",
  "अवधि: {start} देखि {expiry} सम्म।",
  "{rules}",
  "तपाईंका सबै सदस्यता र नवीकरण: {customerlink}",
  "साथीलाई तपाईंको रेफरल कोड {referral} दिनुहोस्: उसको पहिलो अर्डरले तपाईंलाई क्रेडिट दिन्छ।",
  "अर्डर नम्बर (Order ref): {reference}",
  "धन्यवाद!",
].join("\n");

const placeholderPattern = /\{([^{}]*)\}/g;

/** The placeholders of a template that are not ones a delivery message knows. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(DELIVERY_PLACEHOLDERS);
  return [...new Set([...template.matchAll(placeholderPattern)].map((match) => match[1]!).filter((name) => !known.has(name)))];
}

const templateSchema = (label: string, required: boolean) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(required ? 1 : 0, `${label} is required`)
    .max(2000, `${label} is too long (at most 2000 characters)`)
    .superRefine((template, ctx) => {
      const unknown = unknownPlaceholders(template);
      if (unknown.length) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown placeholder ${unknown.map((name) => `{${name}}`).join(", ")}: use ${DELIVERY_PLACEHOLDERS.map((name) => `{${name}}`).join(" ")}`,
        });
      }
    });

export const ledgerSettingsSchema = z.object({
  graceDays: z
    .number({ error: "Grace period must be a number of days" })
    .int("Grace period must be whole days")
    .min(0, "Grace period cannot be negative")
    .max(60, "Grace period is at most 60 days"),
  deliveryTemplate: templateSchema("Delivery message", true),
  /** For orders placed in Nepali; empty (or absent) for the built-in Nepali message. */
  deliveryTemplateNe: templateSchema("Nepali delivery message", false).optional(),
});
export type LedgerSettings = z.infer<typeof ledgerSettingsSchema>;

export const defaultLedgerSettings: LedgerSettings = {
  graceDays: DEFAULT_GRACE_DAYS,
  deliveryTemplate: DEFAULT_DELIVERY_TEMPLATE,
  deliveryTemplateNe: DEFAULT_DELIVERY_TEMPLATE_NE,
};

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

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A line that ended more than the grace period ago is over: its seat is freed and it is given no seat or key. */
export function lineIsOver(expiryDate: string | null, today: string, graceDays: number): boolean {
  return expiryDate !== null && expiryDate < addDays(today, -graceDays);
}
