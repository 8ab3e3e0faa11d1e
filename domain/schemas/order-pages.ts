import { z } from "zod";
import { CHAT_CHANNELS } from "../checkout";
import { ORDER_STATUSES } from "../order-statuses";
import { orderLineSchema } from "./orders";
import { TRANSACTION_ID_MAX } from "../order-pages";
import { paymentMethodSchema } from "./payment-methods";
import { paidViaSchema } from "./payments";

/** A wrong or missing key answers as an unknown reference does, so the key is read leniently here. */
export const shopperOrderQuerySchema = z.object({ key: z.string().max(100).optional().default("") });

export const paidClaimInputSchema = z.object({
  key: z.string({ error: "The order link is missing its key" }).max(100),
  transactionId: z
    .string({ error: "Transaction id must be text" })
    .trim()
    .max(TRANSACTION_ID_MAX, `Transaction id is too long (at most ${TRANSACTION_ID_MAX} characters)`)
    .optional()
    .transform((value) => value || null),
});

const stepSchema = z.object({ status: z.enum(ORDER_STATUSES), at: z.string().nullable() });

export const shopperOrderSchema = z.object({
  reference: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  channel: z.enum(CHAT_CHANNELS),
  total: z.number(),
  /** Issue 32: what a coupon and the shopper's referral credit took off; `total` is what is left to pay. */
  couponCode: z.string().nullable(),
  discount: z.number(),
  creditApplied: z.number(),
  lines: z.array(
    orderLineSchema
      .pick({ id: true, name: true, months: true, devices: true, unitPrice: true, lineTotal: true, startDate: true, expiryDate: true })
      .extend({
        /** The item's Nepali name, or null: the Nepali page shows it, the English `name` stays the line's. */
        nameNe: z.string().nullable(),
        daysLeft: z.number().nullable(),
        renewedBy: z.string().nullable(),
        renewal: z
          .object({ itemId: z.string(), unitPrice: z.number(), plans: z.array(z.object({ months: z.number(), unitPrice: z.number() })) })
          .nullable(),
        deliveredAutomatically: z.boolean(),
      }),
  ),
  customer: z.object({ name: z.string().nullable(), phone: z.string().nullable() }),
  steps: z.array(stepSchema),
  /** Cancelled because nobody took it up in time (issue 34): the page says to order again. */
  expired: z.boolean(),
  claim: z.object({ at: z.string(), transactionId: z.string().nullable() }).nullable(),
  /** A gateway proved the payment (issue 30). */
  paidVia: paidViaSchema.nullable(),
  /** The shop's enabled payment methods, as the order page shows them. */
  paymentMethods: z.array(paymentMethodSchema.omit({ enabled: true, position: true, version: true })),
});
