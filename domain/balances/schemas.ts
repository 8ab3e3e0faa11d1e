import { z } from "zod";
import { BALANCE_KINDS, CREDIT_REASON_MAX, MAX_CREDIT_NPR } from "./balances";

export const balanceMovementSchema = z.object({
  seq: z.number().int(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  kind: z.enum(BALANCE_KINDS),
  reference: z.string().nullable(),
  reason: z.string(),
  at: z.string(),
});

/** A customer's store credit: the balance, and its movements newest first (the admin sees who made each). */
export const balanceStatementSchema = z.object({
  balance: z.number().int(),
  movements: z.array(balanceMovementSchema),
});
export type BalanceStatement = z.infer<typeof balanceStatementSchema>;

export const adminBalanceStatementSchema = balanceStatementSchema.extend({
  movements: z.array(balanceMovementSchema.extend({ actor: z.string() })),
});
export type AdminBalanceStatement = z.infer<typeof adminBalanceStatementSchema>;

/** The seller's "Add credit": whole rupees, with the reason the customer is given it. */
export const addCreditInputSchema = z.object({
  amount: z.coerce
    .number({ error: "Give the amount in NPR" })
    .int("The amount is whole rupees")
    .min(1, "The amount is at least NPR 1")
    .max(MAX_CREDIT_NPR, `The amount is at most NPR ${MAX_CREDIT_NPR.toLocaleString("en-IN")}`),
  reason: z
    .string({ error: "Give the reason" })
    .trim()
    .min(1, "Give the reason: the customer sees it")
    .max(CREDIT_REASON_MAX, `The reason is at most ${CREDIT_REASON_MAX} characters`),
});
export type AddCreditInput = z.infer<typeof addCreditInputSchema>;

/** What spending a balance on an order did: how much it took, and whether that paid the order in full. */
export const balanceSpendSchema = z.object({ spent: z.number().int(), paid: z.boolean(), balance: z.number().int() });
export type BalanceSpend = z.infer<typeof balanceSpendSchema>;

const topUpAmount = (what: string) =>
  z
    .number({ error: `Give the ${what} top-up in whole rupees` })
    .int(`Give the ${what} top-up in whole rupees`)
    .min(10, `The ${what} top-up is at least NPR 10`)
    .max(MAX_CREDIT_NPR, `The ${what} top-up is at most NPR ${MAX_CREDIT_NPR.toLocaleString("en-IN")}`);

/**
 * The seller's settings of store credit: how many days before a line ends it renews itself from its customer's credit,
 * and the least and most a customer may top up at once.
 */
export const storeCreditSettingsSchema = z
  .object({
    autoRenewDays: z
      .number({ error: "Give the days as a whole number" })
      .int("Give the days as a whole number")
      .min(1, "Renew at least 1 day before the end")
      .max(14, "Renew at most 14 days before the end"),
    topUpMin: topUpAmount("smallest"),
    topUpMax: topUpAmount("largest"),
  })
  .refine((settings) => settings.topUpMin <= settings.topUpMax, {
    path: ["topUpMax"],
    message: "The largest top-up is at least the smallest",
  });
export type StoreCreditSettings = z.infer<typeof storeCreditSettingsSchema>;

/** A top-up's amount as the shopper types it; the seller's limits are checked by the server. */
export const topUpInputSchema = z.object({
  amount: z.coerce.number({ error: "Give the amount in NPR" }).int("The amount is whole rupees").positive("Give the amount in NPR"),
});

/** The shopper's "Renew automatically from my store credit" on their page, for one subscription. */
export const autoRenewInputSchema = z.object({ on: z.boolean({ error: "on is true or false" }) });
