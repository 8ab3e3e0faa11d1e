import { expect, it } from "vitest";
import { normaliseReferralCode, referralCodeFromBytes, typedReferralCode } from "./referrals";

it("reads a referral code however it is typed, with or without its prefix", () => {
  for (const typed of ["R-ABC234", "r-abc234", " r abc 234 ", "RABC234", "abc234"]) expect(normaliseReferralCode(typed), typed).toBe("R-ABC234");
});

it("takes a typed code only when it can be one: six letters or digits of the alphabet after R", () => {
  for (const typed of ["R-ABC234", "r-abc234", " r abc 234 ", "abc234"]) expect(typedReferralCode(typed), typed).toBe("R-ABC234");
  // Too short or long, or with 0, O, 1 or I, which no code has.
  for (const typed of ["", "R-", "R-ABC23", "R-ABC2345", "R-ABC0O1", "R-ABCI23", "DASHAIN10"]) expect(typedReferralCode(typed), typed).toBeNull();
});

it("makes codes of the reference alphabet", () => {
  expect(referralCodeFromBytes(new Uint8Array([0, 1, 2, 31, 32, 255]))).toMatch(/^R-[2-9A-HJ-NP-Z]{6}$/);
});
