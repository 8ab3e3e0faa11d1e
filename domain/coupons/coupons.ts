import type { Locale } from "../shared/locale";
import { formatNpr } from "../shared/locale-format";
import { couponRefusals } from "../shared/messages";

// ---------------------------------------------------------------------------------------------
// Coupons: the one pricing rule checkout, the quote and the cart all go through (ADR 0108)

export const COUPON_KINDS = ["percent", "fixed"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_SCOPES = ["all", "categories", "items"] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/** What pricing needs of a coupon. Days are the shop's days (YYYY-MM-DD, Nepal time), both ends included. */
export type CouponRules = {
  code: string;
  kind: CouponKind;
  /** Percent off (1–100) or NPR off. */
  amount: number;
  scope: CouponScope;
  /** Categories or item ids, by scope; empty for "all". */
  targets: readonly string[];
  /** The cart's total before the discount must be at least this. */
  minTotal: number;
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  maxUsesPerPhone: number | null;
  enabled: boolean;
};

/** A priced cart line as the coupon sees it. */
export type CouponLine = { itemId: string; category: string | null; lineTotal: number };

/** Why a coupon does not apply, in a word the shopper's sentence is chosen by. */
export const COUPON_REFUSALS = [
  "unknown",
  "disabled",
  "not-started",
  "expired",
  "minimum",
  "used-up",
  "used-up-by-phone",
  "needs-phone",
  "not-for-items",
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

export type CouponPricing = { ok: true; code: string; discount: number } | { ok: false; code: string; reason: CouponRefusal };

/** Codes are typed by shoppers from a chat: one form, upper case, without spaces. */
export function normaliseCouponCode(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/**
 * The discount `coupon` gives `lines` on `today`, with `uses` so far overall and by this phone, or why it gives
 * none. Percent off is rounded to whole rupees (half up) on the lines it covers; neither kind takes more than
 * those lines cost, so a total never goes below zero.
 */
export function priceCoupon(
  coupon: CouponRules,
  lines: readonly CouponLine[],
  { today, uses, usesByPhone = 0 }: { today: string; uses: number; usesByPhone?: number },
): CouponPricing {
  const refuse = (reason: CouponRefusal): CouponPricing => ({ ok: false, code: coupon.code, reason });
  if (!coupon.enabled) return refuse("disabled");
  if (coupon.startsOn && today < coupon.startsOn) return refuse("not-started");
  if (coupon.endsOn && today > coupon.endsOn) return refuse("expired");
  if (coupon.maxUses !== null && uses >= coupon.maxUses) return refuse("used-up");
  if (coupon.maxUsesPerPhone !== null && usesByPhone >= coupon.maxUsesPerPhone) return refuse("used-up-by-phone");
  const total = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  if (total < coupon.minTotal) return refuse("minimum");
  const covered = lines.filter((line) => covers(coupon, line)).reduce((sum, line) => sum + line.lineTotal, 0);
  if (covered <= 0) return refuse("not-for-items");
  const off = coupon.kind === "percent" ? Math.round((covered * Math.min(coupon.amount, 100)) / 100) : coupon.amount;
  return { ok: true, code: coupon.code, discount: Math.max(0, Math.min(off, covered)) };
}

function covers(coupon: CouponRules, line: CouponLine): boolean {
  if (coupon.scope === "all") return true;
  if (coupon.scope === "categories") return line.category !== null && coupon.targets.includes(line.category);
  return coupon.targets.includes(line.itemId);
}

/** The sentence a refused coupon shows the shopper, in their language. */
export function couponRefusalText(reason: CouponRefusal, code: string, locale: Locale, minTotal = 0): string {
  return couponRefusals[locale][reason](code, minTotal);
}

/** A total after a discount and a credit, never below zero. */
export function totalAfter(subtotal: number, discount: number, credit = 0): number {
  return Math.max(0, subtotal - discount - credit);
}

/** "10% off" or "NPR 200 off", for the admin's list. */
export function couponLabel(coupon: Pick<CouponRules, "kind" | "amount">): string {
  return coupon.kind === "percent" ? `${coupon.amount}% off` : `${formatNpr(coupon.amount, "en")} off`;
}
