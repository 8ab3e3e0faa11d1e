import { REFERENCE_ALPHABET } from "../orders/references";

// ---------------------------------------------------------------------------------------------
// Referrals (ADR 0108): a customer's code, and the credit a new customer's first paid order earns them

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

const referralBody = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/**
 * The code a shopper typed, written the shop's way ("r-abc 234" → "R-ABC234"); null when it cannot be one. After
 * a typed "R-" six characters must follow; without it, the prefix's R may stand alone ("rabc234").
 */
export function typedReferralCode(raw: string): string | null {
  const spaced = raw.replace(/\s/g, "").toUpperCase();
  const compact = spaced.replace(/-/g, "");
  const body =
    spaced.startsWith(REFERRAL_PREFIX) || (compact.length === REFERRAL_CODE_LENGTH + 1 && compact.startsWith("R")) ? compact.slice(1) : compact;
  return referralBody.test(body) ? REFERRAL_PREFIX + body : null;
}
