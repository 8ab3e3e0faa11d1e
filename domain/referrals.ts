import { z } from "zod";
import { REFERENCE_ALPHABET } from "./order-references";

// ---------------------------------------------------------------------------------------------
// Referrals (issue 32, ADR 0108): a customer's code, and the credit a new customer's first paid order earns them

/** Codes are short enough to read out over the phone, in the alphabet of order references (no 0/O, 1/I). */
export const REFERRAL_CODE_LENGTH = 6;
export const REFERRAL_PREFIX = "R-";
export const DEFAULT_REFERRAL_CREDIT = 100;

export function referralCodeFromBytes(bytes: Uint8Array): string {
  return REFERRAL_PREFIX + Array.from(bytes.slice(0, REFERRAL_CODE_LENGTH), (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("");
}

/** "r-abc 234" → "R-ABC234"; the prefix may be left out. */
export function normaliseReferralCode(raw: string): string {
  const compact = raw.replace(/[\s-]/g, "").toUpperCase();
  return REFERRAL_PREFIX + (compact.startsWith("R") && compact.length === REFERRAL_CODE_LENGTH + 1 ? compact.slice(1) : compact);
}

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
  earned: z.number(),
  used: z.number(),
  available: z.number(),
  /** Each credit: the referred order and when its payment earned it. */
  credits: z.array(z.object({ reference: z.string(), amount: z.number(), createdAt: z.string() })),
});
export type ReferralCredit = z.infer<typeof referralCreditSchema>;

/** What is left of a customer's credit: earned less used, never below zero. */
export function availableCredit(earned: number, used: number): number {
  return Math.max(0, earned - used);
}
