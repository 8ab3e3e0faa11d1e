import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { couponRefusalText, normaliseCouponCode, priceCoupon, type CouponLine, type CouponPricing } from "../../../domain/coupons/coupons";
import type { Coupon, CouponInput, CouponUse } from "../../../domain/coupons/schemas";
import type { Locale } from "../../../domain/shared/locale";
import { shopToday } from "../../../domain/shared/shop-time";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../errors";
import { refuseUnmatched } from "../records";
import { createCouponsRepository, type StoredCoupon } from "./repository";

/**
 * A coupon checked for a cart: what it takes off, or the shopper's sentence of why not; `wrongCode` when the code
 * names no coupon the shop honours (unknown or switched off), the tries the shop-wide ceiling counts.
 */
export type CouponCheck = { coupon: StoredCoupon; discount: number } | { refusal: string; code: string; wrongCode?: boolean };

/**
 * The seller's coupons (ADR 0108). Read from the database at each quote and checkout, never kept in
 * memory: an edit or a use on one instance is what every other instance prices with next.
 */
export function createCouponsService(db: Db, clock: Clock) {
  const repository = createCouponsRepository();
  const missing = (id: string) => () => notFound(`No coupon with id ${id}`);
  const taken = (code: string) => conflict(`A coupon with the code ${code} already exists; choose another code`, "code");

  function refusal(pricing: Extract<CouponPricing, { ok: false }>, coupon: StoredCoupon | undefined, locale: Locale) {
    const wrongCode = pricing.reason === "unknown" || pricing.reason === "disabled";
    return { refusal: couponRefusalText(pricing.reason, pricing.code, locale, coupon?.minTotal), code: pricing.code, wrongCode };
  }

  return {
    list: (): Promise<Coupon[]> => repository.list(db),

    async create(input: CouponInput): Promise<AdminAnswer<Coupon>> {
      try {
        const coupon = (await repository.findById(db, await repository.insert(db, input, clock().toISOString())))!;
        return said(`Coupon ${coupon.code} added`, coupon);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(input.code);
        throw error;
      }
    },

    /** `expected`: the version the edit was read with (ADR 0017). Uses already counted stay counted. */
    async update(id: string, input: CouponInput, expected?: number): Promise<AdminAnswer<Coupon>> {
      try {
        const edited = await repository.update(db, id, input, clock().toISOString(), expected);
        await refuseUnmatched(edited, () => repository.findById(db, id), missing(id));
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(input.code);
        throw error;
      }
      const coupon = (await repository.findById(db, id))!;
      return said(`Coupon ${coupon.code} saved`, coupon);
    },

    async uses(id: string): Promise<{ coupon: Coupon; uses: CouponUse[] }> {
      const coupon = await repository.findById(db, id);
      if (!coupon) throw missing(id)();
      return { coupon, uses: await repository.uses(db, id) };
    },

    /**
     * What `code` takes off `lines` today, for `phoneKey` when known (the quote has none, so its limit per phone is
     * checked at checkout only); refusals in the shopper's language.
     */
    async check(trx: Db, rawCode: string, lines: readonly CouponLine[], phoneKey: string | null, locale: Locale): Promise<CouponCheck> {
      const code = normaliseCouponCode(rawCode);
      const coupon = await repository.findByCode(trx, code);
      if (!coupon) return refusal({ ok: false, code: code || rawCode.trim(), reason: "unknown" }, undefined, locale);
      const usesByPhone = phoneKey ? await repository.usesByPhone(trx, coupon.id, phoneKey) : 0;
      const pricing = priceCoupon(coupon, lines, { today: shopToday(clock()), uses: coupon.uses, usesByPhone });
      return pricing.ok ? { coupon, discount: pricing.discount } : refusal(pricing, coupon, locale);
    },

    /**
     * Counts `orderId`'s use of the coupon in the order's transaction: refused (409, nothing placed) when another
     * checkout took the last use first, or when this phone has used up its own share meanwhile.
     */
    async redeem(trx: Db, coupon: StoredCoupon, orderId: string, phoneKey: string | null, discount: number, locale: Locale): Promise<void> {
      if (coupon.maxUsesPerPhone !== null && !phoneKey)
        throw badRequest(couponRefusalText("needs-phone", coupon.code, locale), [
          { field: "phone", message: couponRefusalText("needs-phone", coupon.code, locale) },
        ]);
      if (!(await repository.takeUse(trx, coupon.id))) throw conflict(couponRefusalText("used-up", coupon.code, locale), "coupon");
      await repository.recordUse(trx, { orderId, couponId: coupon.id, phoneKey, discount }, clock().toISOString());
      // After taking the use: on PostgreSQL that holds the coupon's row, so checkouts of one phone are counted in turn.
      if (coupon.maxUsesPerPhone !== null && phoneKey && (await repository.usesByPhone(trx, coupon.id, phoneKey)) > coupon.maxUsesPerPhone) {
        throw conflict(couponRefusalText("used-up-by-phone", coupon.code, locale), "coupon");
      }
    },
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
