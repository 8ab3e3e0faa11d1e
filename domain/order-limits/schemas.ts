import { z } from "zod";
import { wholeNumber } from "../shared/schemas";
import { REFUSAL_KINDS } from "./order-limits";

// ---------------------------------------------------------------------------------------------
// The seller's limits on anonymous orders (ADR 0101)

export const orderLimitsSchema = z.object({
  /** Orders the whole shop takes from its shoppers in any 60 seconds; renewals from an order page are not counted. */
  ordersPerMinute: wholeNumber("Orders a minute", 1, 10_000),
  /** "I have paid" notices the whole shop takes in any 60 seconds. */
  paidClaimsPerMinute: wholeNumber("Payment notices a minute", 1, 10_000),
  /** Coupon codes that match no coupon, tried in the quote or at checkout by the whole shop in any 60 seconds. */
  wrongCouponsPerMinute: wholeNumber("Wrong coupon codes a minute", 1, 10_000),
  /** Orders one phone number may have waiting for payment (new or contacted) when it orders again. */
  openOrdersPerPhone: wholeNumber("Unpaid orders per phone", 1, 1_000),
  /** A "new" order nobody moved on is cancelled as expired after this many hours; 0 keeps them. */
  expireNewAfterHours: wholeNumber("Expire new orders after", 0, 24 * 90),
});
export type OrderLimits = z.infer<typeof orderLimitsSchema>;

/**
 * Far above a real shop's busiest minute (a channel post to thousands of followers brings a few orders a minute),
 * far below a script's: one address managed 10 a minute and 20 addresses 200 in a second before these existed.
 */
export const defaultOrderLimits: OrderLimits = {
  ordersPerMinute: 30,
  paidClaimsPerMinute: 30,
  // A shopper mistypes a code once or twice; 600 guesses a minute from ten addresses got through before this.
  wrongCouponsPerMinute: 20,
  openOrdersPerPhone: 5,
  expireNewAfterHours: 72,
};

export const refusalSummarySchema = z.object({
  kind: z.enum(REFUSAL_KINDS),
  refused: z.number().int(),
  /** The first and the last refusal's times (the first to the minute). */
  firstAt: z.string(),
  lastAt: z.string(),
});
export type RefusalSummary = z.infer<typeof refusalSummarySchema>;
