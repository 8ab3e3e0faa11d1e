/**
 * Automatic delivery: once an order is paid, each line of an item set to "Deliver automatically when
 * paid" takes the seat or keys the ledger proposes. An order is delivered as a whole or not at all: when one
 * line cannot go, none does, and each line keeps why for the seller's order card.
 */

export const AUTO_DELIVERY_REASONS = ["not-enabled", "no-seat", "no-key", "no-stock-kept", "other-lines"] as const;
export type AutoDeliveryReason = (typeof AUTO_DELIVERY_REASONS)[number];

/** The order card's words for each reason (the admin is in English). */
export const AUTO_DELIVERY_REASON_TEXT: Record<AutoDeliveryReason, string> = {
  "not-enabled": "Not delivered automatically: its item is not set to deliver automatically",
  "no-seat": "Not delivered automatically: no free seat fits",
  "no-key": "Not delivered automatically: no key in stock",
  "no-stock-kept": "Not delivered automatically: no account serves this item and none of its keys were stocked",
  "other-lines": "Not delivered automatically: another line of this order waits for you",
};

/** What one line came to: its seat or keys were taken, or the reason it could not be. */
export type LineOutcome = { lineId: string; taken: true } | { lineId: string; taken: false; reason: Exclude<AutoDeliveryReason, "other-lines"> };

/**
 * The reason each line keeps when the order could not be delivered automatically, or null when every line
 * was: a line that could have gone waits for the others ("other-lines"), since its seat or key was not kept.
 */
export function undeliveredReasons(outcomes: readonly LineOutcome[]): Map<string, AutoDeliveryReason> | null {
  if (outcomes.every((outcome) => outcome.taken)) return null;
  return new Map(outcomes.map((outcome) => [outcome.lineId, outcome.taken ? "other-lines" : outcome.reason]));
}

/** What an automatically delivered line shows its shopper, behind the order key: never cached, never logged. */
export type LineCredentials = {
  lineId: string;
  /** The seat's account, or null for a line delivered with keys. */
  seat: { service: string; login: string; password: string; profile: string | null; position: number; pin: string | null } | null;
  keys: string[];
  /** The delivery message the seller's "Send on WhatsApp" sends, in the order's language. */
  message: string;
};
