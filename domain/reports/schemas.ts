import { z } from "zod";

export const monthSchema = z
  .string({ error: "month must be written YYYY-MM" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be written YYYY-MM, e.g. 2026-03");

export const monthQuerySchema = z.object({ month: monthSchema.optional() });

/** `revenue`: what delivered orders were paid, after coupons and referral credit; `discount`: what those took off. */
export const moneyMonthSchema = z.object({
  month: z.string(),
  /** Delivered orders' money, on the day they were paid: what was paid, store credit spent included (ADR 0127). */
  revenue: z.number().int(),
  discount: z.number().int(),
  /** Refunds made in the month, to store credit or a gateway; the margin is after them. */
  refunds: z.number().int(),
  /** Store credit given that nobody paid for: referral credit and the seller's Add credit. Owed, not yet a cost. */
  creditGiven: z.number().int(),
  /** Top-ups of store credit taken in: owed to the customers until spent, not revenue. */
  topUps: z.number().int(),
  cost: z.number().int(),
  margin: z.number().int(),
});
export type MoneyMonth = z.infer<typeof moneyMonthSchema>;

export const serviceMoneySchema = z.object({ service: z.string(), revenue: z.number().int(), cost: z.number().int(), margin: z.number().int() });
export type ServiceMoney = z.infer<typeof serviceMoneySchema>;

export const customerMonthSchema = z.object({ month: z.string(), new: z.number().int(), returning: z.number().int() });
export type CustomerMonth = z.infer<typeof customerMonthSchema>;

export const renewalMonthSchema = z.object({
  month: z.string(),
  ended: z.number().int(),
  renewed: z.number().int(),
  /** Whole percent; null when no line ended that month. */
  rate: z.number().int().nullable(),
});
export type RenewalMonth = z.infer<typeof renewalMonthSchema>;

export const dashboardMoneySchema = z.object({
  thisMonth: moneyMonthSchema,
  lastMonth: moneyMonthSchema,
  /** Orders new or contacted: not paid yet. */
  awaitingPayment: z.number().int(),
  /** Orders whose shopper said they paid and that are not marked paid yet. */
  paidClaims: z.number().int(),
  /** What the shop owes its customers as store credit now (every balance). */
  creditOwed: z.number().int(),
});
export type DashboardMoney = z.infer<typeof dashboardMoneySchema>;

export const accountProfitMonthSchema = z.object({
  month: z.string(),
  revenue: z.number().int(),
  cost: z.number().int(),
  profit: z.number().int(),
  /** Seats held on average over the month's days so far, to one decimal. */
  seatsFilled: z.number(),
});

export const accountProfitSchema = z.object({
  accountId: z.string(),
  service: z.string(),
  login: z.string(),
  status: z.string(),
  seats: z.number().int(),
  /** Over its life: its holders' revenue, the periods paid so far, and the difference. */
  revenue: z.number().int(),
  cost: z.number().int(),
  profit: z.number().int(),
  /** It cost more than its holders brought. */
  losing: z.boolean(),
  /** The months since it was added, at most the last twelve, oldest first. */
  months: z.array(accountProfitMonthSchema),
});
export type AccountProfit = z.infer<typeof accountProfitSchema>;
