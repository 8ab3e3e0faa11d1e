import type { Locale } from "../shared/locale";

/*
 * Store credit (issue 46, ADR 0127): a customer's balance in NPR, the sum of its movements. Credits: referral credit,
 * a refund kept as credit, an overpayment a gateway proved, credit the seller adds with a reason, a top-up, and what
 * a cancelled order had taken from it. Debits: an order paid from it, and referral credit taken back when the
 * order that earned it is cancelled.
 */

export const BALANCE_KINDS = ["referral", "credit", "refund", "overpayment", "top-up", "returned", "spend", "taken-back"] as const;
export type BalanceKind = (typeof BALANCE_KINDS)[number];

/** Who moved a balance when nobody did by hand: the shop itself (a referral paid, an order cancelled). */
export const SHOP_ACTOR = "shop";

/** The most the seller adds in one go: a typo of a zero too many is refused rather than given. */
export const MAX_CREDIT_NPR = 100_000;
export const CREDIT_REASON_MAX = 200;

/** The seller's words for each movement (the admin is in English). */
export const BALANCE_KIND_LABELS: Record<BalanceKind, string> = {
  referral: "Referral credit",
  credit: "Credit added",
  refund: "Refund kept as credit",
  overpayment: "Overpayment",
  "top-up": "Top-up",
  returned: "Given back: order cancelled",
  spend: "Paid an order",
  "taken-back": "Referral taken back: order cancelled",
};

/** The shopper's words for each movement, on their customer page. */
export const BALANCE_KIND_TEXT: Record<Locale, Record<BalanceKind, string>> = {
  en: {
    referral: "A friend you referred ordered",
    credit: "Credit from the shop",
    refund: "Refund kept as credit",
    overpayment: "Paid more than the order",
    "top-up": "Top-up",
    returned: "Given back: order cancelled",
    spend: "Paid an order",
    "taken-back": "Referral taken back: that order was cancelled",
  },
  ne: {
    referral: "तपाईंले पठाएका साथीले अर्डर गर्नुभयो",
    credit: "पसलबाट क्रेडिट",
    refund: "फिर्ता रकम क्रेडिटमा",
    overpayment: "अर्डरभन्दा बढी तिरिएको",
    "top-up": "टप-अप",
    returned: "फिर्ता: अर्डर रद्द भयो",
    spend: "अर्डर तिरियो",
    "taken-back": "रेफरल फिर्ता लिइयो: त्यो अर्डर रद्द भयो",
  },
};

export const readBalanceKind = (stored: string): BalanceKind =>
  (BALANCE_KINDS as readonly string[]).includes(stored) ? (stored as BalanceKind) : "credit";

/** A balance's movements are right when each running balance is the one before plus its amount, never below zero. */
export function runningBalancesHold(movements: ReadonlyArray<{ amount: number; balanceAfter: number }>): boolean {
  let balance = 0;
  for (const movement of movements) {
    balance += movement.amount;
    if (balance !== movement.balanceAfter || balance < 0) return false;
  }
  return true;
}

/** Until the seller says otherwise: a line set to renew itself does so 3 days before it ends; a top-up is NPR 100 to 20,000. */
export const DEFAULT_STORE_CREDIT_SETTINGS = { autoRenewDays: 3, topUpMin: 100, topUpMax: 20_000 } as const;
/** A line that ended while nothing ran (the shop down a few days) is still renewed within this many days of its end. */
export const AUTO_RENEW_CATCH_UP_DAYS = 3;
