import { daysUntil } from "../orders/dates";
import type { AccountStatus, Billing } from "./accounts";
import type { AccountWarning } from "./schemas";

// ---------------------------------------------------------------------------------------------
// Warnings on an account

export const RENEWAL_WARNING_DAYS = 7;

/**
 * What the list flags on an account: the provider bills it (or it ends) within a week; its bill date or end
 * has passed with seats still in use; a seat is sold beyond the day an account that is not renewed ends.
 */
export function accountWarnings(
  account: Billing & {
    status: AccountStatus;
    seats: ReadonlyArray<{ position: number; holder: { reference: string; expiryDate: string | null } | null }>;
  },
  today: string,
): AccountWarning[] {
  if (!account.renewalDate || account.status === "retired") return [];
  const renews = account.renews && account.billingCycle !== "none";
  const warnings: AccountWarning[] = [];
  const days = daysUntil(account.renewalDate, today);
  const held = account.seats.filter((seat) => seat.holder);
  const inUse = `${held.length} ${held.length === 1 ? "seat is" : "seats are"} in use`;
  if (days < 0 && held.length > 0) {
    warnings.push({
      kind: "past-renewal-in-use",
      message: renews
        ? `Provider renewal was due on ${account.renewalDate}, and ${inUse}: once paid, set the next bill date`
        : `The account ended on ${account.renewalDate}, and ${inUse}`,
    });
  } else if (days >= 0 && days <= RENEWAL_WARNING_DAYS) {
    const when = days === 0 ? "today" : `in ${days} ${days === 1 ? "day" : "days"} (${account.renewalDate})`;
    warnings.push({ kind: "renewal-due", message: renews ? `Provider renewal is due ${when}` : `The account ends ${when}: it is not renewed` });
  }
  if (renews) return warnings;
  for (const seat of held) {
    const expiry = seat.holder!.expiryDate;
    if (expiry && expiry > account.renewalDate) {
      warnings.push({
        kind: "seat-beyond-paid",
        message: `Seat ${seat.position} (${seat.holder!.reference}) runs to ${expiry}, after the account ends (${account.renewalDate}) without renewal`,
      });
    }
  }
  return warnings;
}
