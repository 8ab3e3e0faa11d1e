// A renewal started from an order page, until its checkout: the cart line it put there and the line it renews.
const RENEWAL_KEY = "renewing";

export type PendingRenewal = {
  reference: string;
  key: string;
  lineId: string;
  /** The cart line the Renew button added. */
  cartLineId: string;
};

export function setPendingRenewal(renewal: PendingRenewal) {
  try {
    sessionStorage.setItem(RENEWAL_KEY, JSON.stringify(renewal));
  } catch {
    // Storage blocked: the order is placed without the link to the old one.
  }
}

/** The renewal whose cart line is still in `cartLineIds`, if any. */
export function pendingRenewal(cartLineIds: readonly string[]): PendingRenewal | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(RENEWAL_KEY) ?? "null") as PendingRenewal | null;
    return stored && typeof stored.cartLineId === "string" && cartLineIds.includes(stored.cartLineId) ? stored : null;
  } catch {
    return null;
  }
}

export function clearPendingRenewal() {
  try {
    sessionStorage.removeItem(RENEWAL_KEY);
  } catch {
    // Nothing stored.
  }
}
