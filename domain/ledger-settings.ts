import { z } from "zod";
import type { Status } from "./catalogue";
import { FAQ } from "./faq";

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
  "Order {reference}. Thank you!",
].join("\n");

const placeholderPattern = /\{([^{}]*)\}/g;

/** The placeholders of a template that are not ones a delivery message knows. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(DELIVERY_PLACEHOLDERS);
  return [...new Set([...template.matchAll(placeholderPattern)].map((match) => match[1]!).filter((name) => !known.has(name)))];
}

export const ledgerSettingsSchema = z.object({
  graceDays: z
    .number({ error: "Grace period must be a number of days" })
    .int("Grace period must be whole days")
    .min(0, "Grace period cannot be negative")
    .max(60, "Grace period is at most 60 days"),
  deliveryTemplate: z
    .string({ error: "Delivery message is required" })
    .trim()
    .min(1, "Delivery message is required")
    .max(2000, "Delivery message is too long (at most 2000 characters)")
    .superRefine((template, ctx) => {
      const unknown = unknownPlaceholders(template);
      if (unknown.length) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown placeholder ${unknown.map((name) => `{${name}}`).join(", ")}: use ${DELIVERY_PLACEHOLDERS.map((name) => `{${name}}`).join(" ")}`,
        });
      }
    }),
});
export type LedgerSettings = z.infer<typeof ledgerSettingsSchema>;

export const defaultLedgerSettings: LedgerSettings = { graceDays: DEFAULT_GRACE_DAYS, deliveryTemplate: DEFAULT_DELIVERY_TEMPLATE };

/** What the shop tells a customer of their account's rules: the FAQ's answers for shared or private accounts. */
export function accountRules(status: Status): string {
  if (status === "none") return "";
  return FAQ[status]
    .slice(0, 3)
    .map((entry) => entry.answer)
    .join(" ");
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
