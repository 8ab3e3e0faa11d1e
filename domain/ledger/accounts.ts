// ---------------------------------------------------------------------------------------------
// The seller's ledger: provider accounts and their seats; licence keys are in domain/licence-keys/

export const ACCOUNT_STATUSES = ["active", "paused", "retired"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const MAX_SEATS = 50;

/** How the provider bills an account: every month, every year, or not at all (bought once). */
export const BILLING_CYCLES = ["monthly", "yearly", "none"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
/** The months of a cycle, kept for the reports' cost periods; "none" counts its one payment over a month. */
export const CYCLE_MONTHS: Record<BillingCycle, number> = { monthly: 1, yearly: 12, none: 1 };

export type Billing = { billingCycle: BillingCycle; renewalDate: string | null; renews: boolean };

/** The account's billing in a few words, beside a seat proposal: "billed monthly, next bill 2026-12-20". */
export function billingLabel(billing: Billing): string {
  if (billing.billingCycle === "none") return billing.renewalDate ? `bought once, ends on ${billing.renewalDate}` : "bought once, never ends";
  const cycle = billing.billingCycle === "monthly" ? "monthly" : "yearly";
  return billing.renews ? `billed ${cycle}, next bill ${billing.renewalDate}` : `billed ${cycle}, not renewed: ends on ${billing.renewalDate}`;
}

/** Seats of the account may be sold beyond `day`: it renews, never ends, or is paid up to then. */
export const coversUntil = (billing: Billing, day: string): boolean =>
  billing.renewalDate === null || (billing.renews && billing.billingCycle !== "none") || billing.renewalDate >= day;

/** Whether an account as given renews: as said, else when it is billed on a cycle. */
export const renewsOf = (account: { billingCycle: BillingCycle; renews?: boolean | undefined }): boolean =>
  account.renews ?? account.billingCycle !== "none";

export const ACCOUNT_WARNINGS = ["renewal-due", "seat-beyond-paid", "past-renewal-in-use"] as const;

/** Accounts on one page of the admin list. */
export const ACCOUNT_PAGE_SIZE = 20;

/** What Delete answers: an account with a history is retired, not deleted (ADR 0100). */
export const ACCOUNT_REMOVED = {
  deleted: "Account deleted",
  retired: "Account retired, not deleted: it has held customers or had a secret revealed, so its history is kept. It gets no new seats.",
} as const;

// ---------------------------------------------------------------------------------------------
// Keeping accounts healthy (ADR 0109): a changed password or PIN, seats moved, holders told

/** Days a replaced password or PIN stays readable in the reveal log before the sweep deletes it. */
export const PREVIOUS_SECRET_DAYS = 7;

export const HOLDER_MESSAGE_REASONS = ["password", "pin", "moved"] as const;
export type HolderMessageReason = (typeof HOLDER_MESSAGE_REASONS)[number];
