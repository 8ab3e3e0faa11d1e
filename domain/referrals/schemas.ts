import { z } from "zod";

// Referrals (ADR 0108): the seller's setting and a customer's credit, as the API reads and answers them.

export const referralSettingsSchema = z.object({
  creditAmount: z
    .number({ error: "Credit must be a whole number of rupees" })
    .int("Credit must be a whole number of rupees")
    .min(0, "Credit must be at least 0 (0: referrals earn nothing)")
    .max(100_000, "Credit must be at most 100,000"),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

export const referralCreditSchema = z.object({
  /** The customer's code; null when they have none yet (one is made with their customer link or delivery). */
  code: z.string().nullable(),
  /** What referrals earned in all: each went to the customer's store credit. */
  earned: z.number(),
  /** Each credit: the referred order and when its payment earned it. */
  credits: z.array(z.object({ reference: z.string(), amount: z.number(), createdAt: z.string() })),
});
export type ReferralCredit = z.infer<typeof referralCreditSchema>;
