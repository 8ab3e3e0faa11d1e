import { useEffect, useState, useSyncExternalStore } from "react";
import type { CartLine } from "../../../domain/orders/cart";
import { askQuote } from "./quote";

/**
 * One short code kept in the browser (the coupon, the referral code) with the subscribe of `useSyncExternalStore`:
 * a page that cannot store it keeps it for itself.
 */
function keptCode(key: string) {
  const listeners = new Set<() => void>();
  let snapshot: string | null | undefined;
  const read = (): string | null => {
    if (snapshot !== undefined) return snapshot;
    try {
      snapshot = localStorage.getItem(key);
    } catch {
      snapshot = null;
    }
    return snapshot;
  };
  const write = (code: string | null) => {
    snapshot = code;
    try {
      if (code) localStorage.setItem(key, code);
      else localStorage.removeItem(key);
    } catch {
      // Storage blocked: the code holds for this page.
    }
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { read, write, subscribe };
}

// The coupon the shopper entered, or came with in a link (`?coupon=CODE` on any page), kept with the cart in the
// browser; the server prices it at the quote and at checkout (ADR 0108).
const coupon = keptCode("cart-coupon");
// The referral code a friend shared, by link (`?ref=R-CODE`) or typed in the cart's code field; sent with the
// order, where it counts for a new customer only.
const referral = keptCode("referral");

/** The coupon kept with the cart; null on the server and when there is none. */
export function useCartCoupon(): string | null {
  return useSyncExternalStore(coupon.subscribe, coupon.read, () => null);
}

/** The referral code kept for the next order; null on the server and when there is none. */
export function useKeptReferral(): string | null {
  return useSyncExternalStore(referral.subscribe, referral.read, () => null);
}

export const couponActions = {
  set: (code: string) => coupon.write(code.replace(/\s+/g, "").toUpperCase().slice(0, 40) || null),
  clear: () => coupon.write(null),
};

export const referralActions = {
  set: (code: string) => referral.write(code.trim().slice(0, 20) || null),
  clear: () => referral.write(null),
};

/**
 * Keeps the coupon (`?coupon=CODE`) and the referral code (`?ref=R-CODE`) a shared link carries, whatever storefront
 * page it opens.
 */
export function keepCodesFromLink(search: string) {
  const params = new URLSearchParams(search);
  const code = params.get("coupon");
  if (code?.trim()) couponActions.set(code);
  const shared = params.get("ref");
  if (shared?.trim()) referralActions.set(shared);
}

export function keptReferral(): string | null {
  return referral.read();
}

export type CouponAnswer = { code: string; discount: number } | { code: string; problem: string };

/** What the coupon takes off these lines, or why not, in the page's language; null when the server cannot say. */
export async function checkCoupon(lines: readonly CartLine[], code: string): Promise<CouponAnswer | null> {
  const orderable = lines.filter((line): line is CartLine & { _id: string } => !!line._id);
  if (!orderable.length) return null;
  const body = (await askQuote(orderable, code)) as { coupon?: Partial<{ code: string; discount: number; problem: string }> } | null;
  const coupon = body?.coupon;
  if (typeof coupon?.code !== "string") return null;
  if (typeof coupon.problem === "string") return { code: coupon.code, problem: coupon.problem };
  return Number.isInteger(coupon.discount) ? { code: coupon.code, discount: coupon.discount! } : null;
}

export type CouponState = { code: string | null; answer: CouponAnswer | null; checking: boolean };

/** The coupon kept with the cart, checked by the server against the cart as it is now. */
export function useCouponQuote(cart: readonly CartLine[]): CouponState {
  const code = useCartCoupon();
  // The lines as priced: a change of plan, devices or price asks again.
  const asked = `${code}|${cart.map((line) => `${line._id}:${line.month}:${line.selectedDevice}:${line.cost}`).join(",")}`;
  const [checked, setChecked] = useState<{ asked: string; answer: CouponAnswer | null } | null>(null);
  useEffect(() => {
    if (!code) return;
    let current = true;
    void checkCoupon(cart, code).then((answer) => {
      if (current) setChecked({ asked, answer });
    });
    return () => {
      current = false;
    };
    // `asked` stands for the code and the cart's lines.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  const answered = checked?.asked === asked;
  return { code, answer: answered ? checked.answer : null, checking: !!code && !answered };
}

/** What the coupon takes off, when the server says it applies. */
export const couponDiscount = (state: CouponState) => (state.answer && "discount" in state.answer ? state.answer.discount : 0);
