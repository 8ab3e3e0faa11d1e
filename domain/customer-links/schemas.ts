import { z } from "zod";
import { ORDER_STATUSES } from "../orders/statuses";
import { balanceStatementSchema } from "../balances/schemas";

const renewalSchema = z.object({
  itemId: z.string(),
  unitPrice: z.number(),
  plans: z.array(z.object({ months: z.number(), unitPrice: z.number() })),
});

/** What `GET /api/my/:key` answers (ShopperCustomer in domain/customer-links/customer-page.ts). */
export const shopperCustomerSchema = z.object({
  phone: z.string(),
  subscriptions: z.array(
    z.object({
      lineId: z.string(),
      reference: z.string(),
      position: z.number().int(),
      name: z.string(),
      nameNe: z.string().nullable(),
      months: z.number(),
      devices: z.number(),
      startDate: z.string(),
      expiryDate: z.string(),
      daysLeft: z.number().int(),
      place: z
        .discriminatedUnion("kind", [
          z.object({ kind: z.literal("seat"), service: z.string(), profile: z.string().nullable(), seat: z.number().int() }),
          z.object({ kind: z.literal("keys") }),
        ])
        .nullable(),
      renewedBy: z.string().nullable(),
      /** It renews itself from the customer's store credit, `autoRenewDays` before it ends (ADR 0127). */
      autoRenew: z.boolean(),
      renewal: renewalSchema.nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      reference: z.string(),
      createdAt: z.string(),
      status: z.enum(ORDER_STATUSES),
      total: z.number(),
      key: z.string().nullable(),
      customer: z.object({ name: z.string().nullable(), phone: z.string().nullable() }),
    }),
  ),
  referral: z.object({ code: z.string(), creditAmount: z.number(), earned: z.number() }),
  /** Store credit (ADR 0127): the balance and its latest movements. */
  balance: balanceStatementSchema,
  autoRenewDays: z.number().int(),
  /** The least and most one top-up of store credit may be. */
  topUp: z.object({ min: z.number().int(), max: z.number().int() }),
});

/** The admin's view of a customer's link: its path (`/my/<key>`) and when it was made; null when there is none. */
export const customerLinkSchema = z
  .object({
    /** Null when the shop's secrets key cannot open the sealed copy any more: the link still works, but only a new one can be shown. */
    path: z.string().nullable(),
    createdAt: z.string(),
  })
  .nullable();
export type CustomerLink = z.infer<typeof customerLinkSchema>;
