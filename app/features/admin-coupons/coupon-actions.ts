import { z } from "zod";
import { blockInputSchema } from "../../../domain/blocklist/schemas";
import { couponInputSchema } from "../../../domain/coupons/schemas";
import { referralSettingsSchema } from "../../../domain/referrals/schemas";

const id = z.string().min(1).max(100);

/** Add a coupon, or save the one being edited (also to disable it), checked in the browser and by the action. */
export const saveCouponSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), fields: couponInputSchema }),
  // `version`: the one the screen read; a newer one refuses the save (ADR 0017).
  z.object({ intent: z.literal("update"), id, version: z.number().int().min(0), fields: couponInputSchema }),
]);

export const referralCreditActionSchema = z.object({ intent: z.literal("referral-credit"), fields: referralSettingsSchema });

/** Everything the coupons screen's action does. */
export const couponActionSchema = z.discriminatedUnion("intent", [...saveCouponSchema.options, referralCreditActionSchema]);

export const blockActionSchema = z.object({ intent: z.literal("block"), fields: blockInputSchema });
export const unblockActionSchema = z.object({ intent: z.literal("unblock"), phone: z.string().min(1).max(30) });
/** Everything the blocklist screen's action does. */
export const blocklistActionSchema = z.discriminatedUnion("intent", [blockActionSchema, unblockActionSchema]);
