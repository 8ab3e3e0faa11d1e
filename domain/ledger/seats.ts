import { type AccountStatus, type BillingCycle, coversUntil } from "./accounts";

// ---------------------------------------------------------------------------------------------
// Proposing a seat

export type SeatCandidate = {
  seatId: string;
  position: number;
  accountId: string;
  accountCreatedAt: string;
  accountStatus: AccountStatus;
  billingCycle: BillingCycle;
  /** The next bill date, or the day a non-renewing account ends; null when it never ends. */
  renewalDate: string | null;
  renews: boolean;
  itemIds: readonly string[];
  free: boolean;
  /** Seats of this account in use now. */
  accountUsed: number;
};

/**
 * The free seats a delivered line may take, best first: seats on active accounts that serve the item. Those
 * of accounts billed on a cycle that renews, or paid up beyond the line's expiry, fit, and come first, on the fullest such account first (so accounts fill
 * one at a time and an empty one can be let go); ties go to the older account and its first free seat. The
 * rest follow in the same order: the admin may still choose one, and the list then warns about it.
 */
export function rankSeats(
  candidates: readonly SeatCandidate[],
  line: { itemId: string; expiryDate: string },
): Array<SeatCandidate & { fits: boolean }> {
  return candidates
    .filter((seat) => seat.free && seat.accountStatus === "active" && seat.itemIds.includes(line.itemId))
    .map((seat) => ({ ...seat, fits: coversUntil(seat, line.expiryDate) }))
    .sort(
      (a, b) =>
        Number(b.fits) - Number(a.fits) ||
        b.accountUsed - a.accountUsed ||
        a.accountCreatedAt.localeCompare(b.accountCreatedAt) ||
        a.accountId.localeCompare(b.accountId) ||
        a.position - b.position,
    );
}

/** The seat Pasal proposes: the best of `rankSeats` that fits, or none. */
export function proposeSeat(candidates: readonly SeatCandidate[], line: { itemId: string; expiryDate: string }): SeatCandidate | null {
  const [best] = rankSeats(candidates, line);
  return best?.fits ? best : null;
}
