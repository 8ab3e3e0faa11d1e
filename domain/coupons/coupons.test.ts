import { describe, expect, it } from "vitest";
import { couponInputSchema } from "./schemas";
import { couponLabel, type CouponLine, couponRefusalText, type CouponRules, normaliseCouponCode, priceCoupon, totalAfter } from "./coupons";

const base: CouponRules = {
  code: "DASHAIN",
  kind: "percent",
  amount: 10,
  scope: "all",
  targets: [],
  minTotal: 0,
  startsOn: null,
  endsOn: null,
  maxUses: null,
  maxUsesPerPhone: null,
  enabled: true,
};
const netflix: CouponLine = { itemId: "netflix", category: "ott", lineTotal: 1760 };
const spotify: CouponLine = { itemId: "spotify", category: "music", lineTotal: 335 };
const today = "2026-11-22";
const price = (rules: Partial<CouponRules>, lines = [netflix, spotify], usage = { uses: 0, usesByPhone: 0 }) =>
  priceCoupon({ ...base, ...rules }, lines, { today, ...usage });

describe("priceCoupon", () => {
  it("takes a percent off every line, rounded to whole rupees half up", () => {
    expect(price({})).toEqual({ ok: true, code: "DASHAIN", discount: 210 }); // 209.5
    expect(price({ amount: 15 }, [{ ...netflix, lineTotal: 333 }])).toEqual({ ok: true, code: "DASHAIN", discount: 50 }); // 49.95
    expect(price({ amount: 15 }, [{ ...netflix, lineTotal: 330 }])).toEqual({ ok: true, code: "DASHAIN", discount: 50 }); // 49.5
    expect(price({ amount: 15 }, [{ ...netflix, lineTotal: 329 }])).toEqual({ ok: true, code: "DASHAIN", discount: 49 }); // 49.35
  });

  it("takes a fixed amount off, never more than the lines it covers", () => {
    expect(price({ kind: "fixed", amount: 200 })).toMatchObject({ ok: true, discount: 200 });
    expect(price({ kind: "fixed", amount: 5000 })).toMatchObject({ ok: true, discount: 2095 });
    expect(price({ kind: "fixed", amount: 5000, scope: "items", targets: ["spotify"] })).toMatchObject({ ok: true, discount: 335 });
    expect(price({ amount: 100 })).toMatchObject({ ok: true, discount: 2095 });
  });

  it("covers only the categories or items named", () => {
    expect(price({ scope: "categories", targets: ["music"] })).toMatchObject({ ok: true, discount: 34 }); // 33.5
    expect(price({ scope: "categories", targets: ["music", "ott"] })).toMatchObject({ ok: true, discount: 210 });
    expect(price({ scope: "items", targets: ["netflix"] })).toMatchObject({ ok: true, discount: 176 });
    expect(price({ scope: "categories", targets: ["vpn"] })).toEqual({ ok: false, code: "DASHAIN", reason: "not-for-items" });
    expect(price({ scope: "items", targets: ["nord"] })).toMatchObject({ ok: false, reason: "not-for-items" });
    expect(price({ scope: "categories", targets: ["ott"] }, [{ itemId: "netflix", category: null, lineTotal: 100 }])).toMatchObject({
      reason: "not-for-items",
    });
  });

  it("counts the minimum on the whole cart before the discount, the day range with both ends", () => {
    expect(price({ minTotal: 2095 })).toMatchObject({ ok: true });
    expect(price({ minTotal: 2096 })).toMatchObject({ ok: false, reason: "minimum" });
    // The minimum is the cart's, even when the coupon covers one line only.
    expect(price({ minTotal: 2000, scope: "items", targets: ["spotify"] })).toMatchObject({ ok: true, discount: 34 });
    expect(price({ startsOn: today, endsOn: today })).toMatchObject({ ok: true });
    expect(price({ startsOn: "2026-11-23" })).toMatchObject({ ok: false, reason: "not-started" });
    expect(price({ endsOn: "2026-11-21" })).toMatchObject({ ok: false, reason: "expired" });
  });

  it("refuses a coupon used up, overall or by this phone, and a disabled one", () => {
    expect(price({ maxUses: 1 }, undefined, { uses: 0, usesByPhone: 0 })).toMatchObject({ ok: true });
    expect(price({ maxUses: 1 }, undefined, { uses: 1, usesByPhone: 0 })).toMatchObject({ ok: false, reason: "used-up" });
    expect(price({ maxUsesPerPhone: 2 }, undefined, { uses: 5, usesByPhone: 1 })).toMatchObject({ ok: true });
    expect(price({ maxUsesPerPhone: 2 }, undefined, { uses: 5, usesByPhone: 2 })).toMatchObject({ ok: false, reason: "used-up-by-phone" });
    expect(price({ enabled: false })).toMatchObject({ ok: false, reason: "disabled" });
  });

  it("gives the first reason in a fixed order when several rules refuse at once", () => {
    const all = { enabled: false, startsOn: "2026-12-01", maxUses: 1, minTotal: 99_999, scope: "items" as const, targets: ["x"] };
    expect(price(all, undefined, { uses: 1, usesByPhone: 1 })).toMatchObject({ reason: "disabled" });
    expect(price({ ...all, enabled: true }, undefined, { uses: 1, usesByPhone: 1 })).toMatchObject({ reason: "not-started" });
    expect(price({ ...all, enabled: true, startsOn: null }, undefined, { uses: 1, usesByPhone: 1 })).toMatchObject({ reason: "used-up" });
    expect(price({ ...all, enabled: true, startsOn: null, maxUses: null }, undefined, { uses: 1, usesByPhone: 1 })).toMatchObject({
      reason: "minimum",
    });
    expect(price({ ...all, enabled: true, startsOn: null, maxUses: null, minTotal: 0 })).toMatchObject({ reason: "not-for-items" });
  });

  it("prices an empty or free cart without going below zero", () => {
    expect(price({ kind: "fixed", amount: 100 }, [])).toMatchObject({ ok: false, reason: "not-for-items" });
    expect(price({ kind: "fixed", amount: 100 }, [{ ...netflix, lineTotal: 0 }])).toMatchObject({ ok: false, reason: "not-for-items" });
    expect(totalAfter(100, 80, 50)).toBe(0);
    expect(totalAfter(2095, 210, 100)).toBe(1785);
  });
});

describe("coupon words", () => {
  it("tells the shopper why, in English and Nepali", () => {
    expect(couponRefusalText("expired", "DASHAIN", "en")).toBe("Coupon DASHAIN has expired");
    expect(couponRefusalText("minimum", "DASHAIN", "en", 1500)).toBe("Coupon DASHAIN needs an order of at least NPR 1,500");
    expect(couponRefusalText("minimum", "DASHAIN", "ne", 1500)).toBe("कुपन DASHAIN कम्तीमा रु. १,५०० को अर्डरमा मात्र चल्छ");
    expect(couponRefusalText("not-for-items", "X1", "ne")).toContain("कार्ट");
  });

  it("reads a code in one form and checks the admin's input", () => {
    expect(normaliseCouponCode(" dash ain ")).toBe("DASHAIN");
    expect(couponLabel({ kind: "percent", amount: 10 })).toBe("10% off");
    expect(couponLabel({ kind: "fixed", amount: 1500 })).toBe("NPR 1,500 off");
    expect(couponInputSchema.parse({ code: "dashain", kind: "percent", amount: 10 })).toMatchObject({
      code: "DASHAIN",
      scope: "all",
      minTotal: 0,
      maxUses: null,
    });
    const errors = (input: object) => couponInputSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(errors({ code: "d", kind: "percent", amount: 10 })).toEqual(["Code: at least 3 letters or digits"]);
    expect(errors({ code: "DASHAIN", kind: "percent", amount: 120 })).toEqual(["Percent off is at most 100"]);
    expect(errors({ code: "DASHAIN", kind: "fixed", amount: 10, scope: "categories", targets: ["tv"] })).toEqual(["No such category: tv"]);
    expect(errors({ code: "DASHAIN", kind: "fixed", amount: 10, scope: "items" })).toEqual(["Choose at least one item"]);
    expect(errors({ code: "DASHAIN", kind: "fixed", amount: 10, startsOn: "2026-12-02", endsOn: "2026-12-01" })).toEqual([
      "The end date is before the start date",
    ]);
  });
});
