import { z } from "zod";
import { CATEGORIES } from "../catalogue/categories";
import { COUPON_KINDS, COUPON_SCOPES, normaliseCouponCode } from "./coupons";

/** A code as the cart and checkout send it; read in one form by the server. */
export const couponCodeSchema = z.string({ error: "coupon must be a coupon code" }).trim().max(40, "The coupon code is too long").optional();

/** The quote's word on a coupon: what it takes off, or why not (in the shopper's language). */
export const couponQuoteSchema = z.union([z.object({ code: z.string(), discount: z.number() }), z.object({ code: z.string(), problem: z.string() })]);
export type CouponQuote = z.infer<typeof couponQuoteSchema>;

// ---------------------------------------------------------------------------------------------
// The admin's coupons

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD")
  .nullable()
  .optional()
  .transform((value) => value || null);
const optionalCount = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1, or empty for no limit`)
    .max(1_000_000)
    .nullable()
    .optional()
    .transform((value) => value ?? null);

export const couponInputSchema = z
  .object({
    code: z
      .string({ error: "Code is required" })
      .transform(normaliseCouponCode)
      .pipe(
        z
          .string()
          .min(3, "Code: at least 3 letters or digits")
          .max(30, "Code: at most 30 letters or digits")
          .regex(/^[A-Z0-9_-]+$/, "Code: letters, digits, - and _ only"),
      ),
    kind: z.enum(COUPON_KINDS, { error: "Kind must be percent or fixed" }),
    amount: z
      .number({ error: "Amount must be a whole number" })
      .int("Amount must be a whole number")
      .min(1, "Amount must be at least 1")
      .max(10_000_000),
    scope: z.enum(COUPON_SCOPES, { error: "Applies to must be all, categories or items" }).default("all"),
    targets: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
    minTotal: z
      .number({ error: "Minimum total must be a whole number" })
      .int("Minimum total must be a whole number")
      .min(0)
      .max(10_000_000)
      .default(0),
    startsOn: day,
    endsOn: day,
    maxUses: optionalCount("Use limit"),
    maxUsesPerPhone: optionalCount("Use limit per phone"),
    enabled: z.boolean().default(true),
  })
  .superRefine((coupon, context) => {
    if (coupon.kind === "percent" && coupon.amount > 100)
      context.addIssue({ code: "custom", path: ["amount"], message: "Percent off is at most 100" });
    if (coupon.scope !== "all" && coupon.targets.length === 0) {
      context.addIssue({ code: "custom", path: ["targets"], message: `Choose at least one ${coupon.scope === "categories" ? "category" : "item"}` });
    }
    if (coupon.scope === "categories") {
      const unknown = coupon.targets.filter((target) => !(CATEGORIES as readonly string[]).includes(target));
      if (unknown.length) context.addIssue({ code: "custom", path: ["targets"], message: `No such category: ${unknown.join(", ")}` });
    }
    if (coupon.startsOn && coupon.endsOn && coupon.endsOn < coupon.startsOn) {
      context.addIssue({ code: "custom", path: ["endsOn"], message: "The end date is before the start date" });
    }
  });
export type CouponInput = z.infer<typeof couponInputSchema>;

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  amount: z.number(),
  scope: z.enum(COUPON_SCOPES),
  targets: z.array(z.string()),
  minTotal: z.number(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerPhone: z.number().nullable(),
  enabled: z.boolean(),
  uses: z.number(),
  /** What its uses took off orders, in NPR (cancelled orders left out). */
  discountGiven: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponUseSchema = z.object({
  reference: z.string(),
  phone: z.string().nullable(),
  discount: z.number(),
  status: z.string(),
  createdAt: z.string(),
});
export type CouponUse = z.infer<typeof couponUseSchema>;
