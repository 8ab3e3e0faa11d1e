export { shopToday } from "../shared/shop-time";

// ---------------------------------------------------------------------------------------------
// The ledger's settings: the grace period of seats and the delivery message

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
  // The customer's link to all their subscriptions (ADR 0104).
  "customerlink",
  // The customer's referral code (ADR 0108).
  "referral",
  // What the warranty promises, a sentence of its own; empty without one (ADR 0128).
  "warranty",
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
  "{warranty}",
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
  "{warranty}",
  "तपाईंका सबै सदस्यता र नवीकरण: {customerlink}",
  "साथीलाई तपाईंको रेफरल कोड {referral} दिनुहोस्: उसको पहिलो अर्डरले तपाईंलाई क्रेडिट दिन्छ।",
  "अर्डर नम्बर (Order ref): {reference}",
  "धन्यवाद!",
].join("\n");

export const placeholderPattern = /\{([^{}]*)\}/g;

/** The placeholders of a template that are not ones a delivery message knows. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(DELIVERY_PLACEHOLDERS);
  return [...new Set([...template.matchAll(placeholderPattern)].map((match) => match[1]!).filter((name) => !known.has(name)))];
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A line that ended more than the grace period ago is over: its seat is freed and it is given no seat or key. */
export function lineIsOver(expiryDate: string | null, today: string, graceDays: number): boolean {
  return expiryDate !== null && expiryDate < addDays(today, -graceDays);
}
