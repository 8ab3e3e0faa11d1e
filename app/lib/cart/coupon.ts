import { useSyncExternalStore } from "react";
import type { CartLine } from "../../../domain/cart";
import { localeOfPath } from "../../../domain/locale";

// The coupon the shopper entered, or came with in a link (`?coupon=CODE` on any page), kept with the cart in the
// browser; the server prices it at the quote and at checkout (issue 32, ADR 0108).
const COUPON_STORAGE_KEY = "cart-coupon";
const listeners = new Set<() => void>();
let snapshot: string | null | undefined;

function read(): string | null {
  if (snapshot !== undefined) return snapshot;
  try {
    snapshot = localStorage.getItem(COUPON_STORAGE_KEY);
  } catch {
    snapshot = null;
  }
  return snapshot;
}

function write(code: string | null) {
  snapshot = code;
  try {
    if (code) localStorage.setItem(COUPON_STORAGE_KEY, code);
    else localStorage.removeItem(COUPON_STORAGE_KEY);
  } catch {
    // Storage blocked: the coupon holds for this page.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The coupon kept with the cart; null on the server and when there is none. */
export function useCartCoupon(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

export const couponActions = {
  set: (code: string) => write(code.replace(/\s+/g, "").toUpperCase().slice(0, 40) || null),
  clear: () => write(null),
};

const REFERRAL_STORAGE_KEY = "referral";

/**
 * Keeps the coupon (`?coupon=CODE`) and the referral code (`?ref=R-CODE`) a shared link carries, whatever storefront
 * page it opens.
 */
export function keepCodesFromLink(search: string) {
  const params = new URLSearchParams(search);
  const code = params.get("coupon");
  if (code?.trim()) couponActions.set(code);
  const referral = params.get("ref")?.trim();
  if (referral) {
    try {
      localStorage.setItem(REFERRAL_STORAGE_KEY, referral.slice(0, 20));
    } catch {
      // Storage blocked: the referral is lost, the order is not.
    }
  }
}

export function keptReferral(): string | null {
  try {
    return localStorage.getItem(REFERRAL_STORAGE_KEY);
  } catch {
    return null;
  }
}

export type CouponAnswer = { code: string; discount: number } | { code: string; problem: string };

/** What the coupon takes off these lines, or why not, in the page's language; null when the server cannot say. */
export async function checkCoupon(lines: readonly CartLine[], code: string): Promise<CouponAnswer | null> {
  const orderable = lines.filter((line) => line._id);
  if (!orderable.length) return null;
  try {
    const response = await fetch("/api/orders/quote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        items: orderable.map((line) => ({ _id: line._id, months: line.month, devices: line.selectedDevice })),
        coupon: code,
        language: localeOfPath(window.location.pathname),
      }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return null;
    const { coupon } = (await response.json()) as { coupon?: Partial<{ code: string; discount: number; problem: string }> };
    if (typeof coupon?.code !== "string") return null;
    if (typeof coupon.problem === "string") return { code: coupon.code, problem: coupon.problem };
    return Number.isInteger(coupon.discount) ? { code: coupon.code, discount: coupon.discount! } : null;
  } catch {
    return null;
  }
}
