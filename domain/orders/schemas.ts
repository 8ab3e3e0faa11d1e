import { z } from "zod";
import { AUTO_DELIVERY_REASONS } from "../ledger/auto-delivery";
import { DEVICE_OPTIONS, MAX_CART_LINES } from "./cart";
import { CHAT_CHANNELS } from "./checkout";
import { couponCodeSchema, couponQuoteSchema } from "../coupons/schemas";
import { LOCALES } from "../shared/locale";
import { CANCEL_REASONS, MAX_BULK_ORDERS } from "../order-limits/order-limits";
import { DEFAULT_RENEWAL_WINDOW_DAYS, ISO_DATE } from "./dates";
import { ORDER_STATUSES } from "./statuses";
import { paidViaSchema } from "../payments/schemas";
import { TRANSACTION_ID_MAX } from "./order-page";
import { paymentMethodSchema } from "../payment-methods/schemas";

const optionalContact = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .optional()
    .transform((value) => value || null);

export const orderPhoneSchema = z
  .string({ error: "Phone must be text" })
  .trim()
  .max(20, "Phone is too long")
  .refine((value) => value === "" || /^\+?[\d\s-]{7,20}$/.test(value), "Phone: digits only, with the country code, e.g. 9779800000000")
  .optional()
  .transform((value) => (value ? value.replace(/[\s-]/g, "") : null));

export const orderLineInputSchema = z.object({
  _id: z.string({ error: "Each item needs its _id" }).trim().min(1, "Each item needs its _id").max(100),
  months: z.number({ error: "Choose a plan (months)" }).int("Months must be a whole number").min(1, "Choose a plan (months)").max(120),
  devices: z
    .number({ error: "Devices must be 1, 2 or 3" })
    .int("Devices must be 1, 2 or 3")
    .refine((n) => (DEVICE_OPTIONS as readonly number[]).includes(n), "Devices must be 1, 2 or 3"),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

export const checkoutInputSchema = z.object({
  items: z
    .array(orderLineInputSchema, { error: "items must be a list of cart lines" })
    .min(1, "Your cart is empty")
    .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} lines in one order`),
  channel: z.enum(CHAT_CHANNELS, { error: "channel must be whatsapp or telegram" }),
  name: optionalContact("Name", 100),
  phone: orderPhoneSchema,
  /** The shopper's language: the chat message and the order link follow it (ADR 0091). English when absent. */
  language: z.enum(["en", "ne"], { error: "language must be en or ne" }).optional(),
  /** Renewing a delivered line from the shopper's order page: the new order is linked to that line. */
  renews: z
    .object({
      reference: z.string({ error: "renews.reference must be an order reference" }).trim().min(1).max(20),
      key: z.string({ error: "renews.key must be the order's key" }).max(100),
      lineId: z.string({ error: "renews.lineId must be the line's id" }).min(1).max(100),
    })
    .optional(),
  /** A coupon code from the cart: priced by the server, refused with the shopper's reason. */
  coupon: couponCodeSchema,
  /** A customer's referral code: counts for a new customer's first order, ignored otherwise. */
  referral: z.string({ error: "referral must be a referral code" }).trim().max(20, "referral is too long").optional(),
});

export const quoteInputSchema = z.object({
  items: checkoutInputSchema.shape.items,
  coupon: couponCodeSchema,
  /** The shopper's language, for the reasons a line cannot be ordered. English when absent. */
  language: checkoutInputSchema.shape.language,
});

export const quoteResponseSchema = z.object({
  lines: z.array(z.union([z.object({ name: z.string(), nameNe: z.string().nullable(), unitPrice: z.number() }), z.object({ problem: z.string() })])),
  /** The coupon asked about: what it takes off the lines that can be ordered, or why it does not apply. */
  coupon: couponQuoteSchema.optional(),
});

export const checkoutResponseSchema = z.object({
  success: z.literal(true),
  reference: z.string(),
  lines: z.array(
    z.object({ itemId: z.string(), name: z.string(), months: z.number(), devices: z.number(), unitPrice: z.number(), lineTotal: z.number() }),
  ),
  /** The lines' total before the coupon, what the coupon took off, and `total`: what is left to pay. */
  subtotal: z.number(),
  couponCode: z.string().nullable(),
  discount: z.number(),
  total: z.number(),
  message: z.string(),
  url: z.string(),
  /** The shopper's page of this order (`/order/<reference>?key=…`), absolute when PUBLIC_URL is set. */
  orderUrl: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const dateSchema = z
  .string({ error: "Date must be written YYYY-MM-DD" })
  .regex(ISO_DATE, "Date must be written YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "That date does not exist");

// ---------------------------------------------------------------------------------------------
// What the admin API answers

export const orderLineSchema = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  name: z.string(),
  months: z.number(),
  devices: z.number(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  startDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  /** The order that renewed this line, if any. */
  renewalReference: z.string().nullable(),
  /** The line this one renews: delivered, it starts where that one ends, on the same seat. */
  renews: z.object({ lineId: z.string(), reference: z.string(), expiryDate: z.string().nullable() }).nullable(),
  /** Checkout found no free seat or key for it; the sale went through all the same. */
  waitingForStock: z.boolean().optional(),
  /** Automatic delivery gave it its seat or keys: its shopper's page shows them. */
  autoDelivered: z.boolean(),
  /** Why a paid order's line was not delivered automatically; null once delivered, or when never tried. */
  autoDeliveryReason: z.enum(AUTO_DELIVERY_REASONS).nullable(),
  /** Refunded for its days left, and ended (ADR 0127). */
  refunded: z.boolean(),
  /** Delivered with a warranty: replaced free up to and including `until` (null: while it lasts); null without one (ADR 0128). */
  warranty: z.object({ until: z.string().nullable() }).nullable(),
});

export const orderSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  channel: z.enum(CHAT_CHANNELS),
  status: z.enum(ORDER_STATUSES),
  customerName: z.string().nullable(),
  phone: z.string().nullable(),
  note: z.string(),
  total: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The number of its last change, to send back with an edit of its details (ADR 0017). */
  version: z.number(),
  /** The shopper's language: the delivery and renewal messages to them are written in it. */
  language: z.enum(LOCALES),
  lines: z.array(orderLineSchema),
  /** The shopper's order page (path with its key), to paste into the chat; null for orders placed before order pages. */
  shopperPath: z.string().nullable(),
  /** A shopper's Telegram chat gets this order's updates (ADR 0107): tied to it, or to its customer's phone. */
  telegramUpdates: z.boolean(),
  /** The shopper said they paid (the status changes only when the admin marks it paid). */
  paidClaim: z.object({ at: z.string(), transactionId: z.string().nullable() }).nullable(),
  /** A gateway proved the payment: which, its transaction id and the amount it confirmed. */
  paidVia: paidViaSchema.nullable(),
  /** Why the shop cancelled it: a "new" order that expired, or one the seller marked as spam; null otherwise. */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  /** Its bill, issued when it became paid (ADR 0130), with the numbers of the credit notes that took from it; null before. */
  bill: z.object({ number: z.string(), creditNotes: z.array(z.string()) }).nullable(),
  /** The coupon used and what it took off, the referral credit the seller took off; `total` is what is left. */
  couponCode: z.string().nullable(),
  discount: z.number(),
  creditApplied: z.number(),
  /** What the shopper paid from their store credit (ADR 0127); `total` is what is left to pay. */
  balancePaid: z.number(),
});
export type Order = z.infer<typeof orderSchema>;

/** Orders on one page of the admin list; older ones are reached with `before`. */
export const ORDER_PAGE_SIZE = 50;

export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(", ")}` }).optional(),
  q: z.string().trim().max(40, "Search at most 40 characters").optional(),
  /** Only the orders whose shopper says they paid and that are not marked paid yet: the seller's queue. */
  claimed: z.stringbool({ error: "claimed must be true or false" }).optional(),
  /** The reference of the last order already shown: the page continues with the ones placed before it. */
  before: z.string().trim().max(20, "before is an order reference").optional(),
  limit: z.coerce.number().int().min(1).max(500).default(ORDER_PAGE_SIZE),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderPageSchema = z.object({
  items: z.array(orderSchema),
  /** Every order matching the filter, on all pages. */
  total: z.number().int(),
  /** How many matching orders are newer than this page (0 on the first page). */
  skipped: z.number().int(),
  /** The `before` of the next page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderDetailsInputSchema = z.object({
  customerName: optionalContact("Name", 100),
  phone: orderPhoneSchema,
  note: z.string({ error: "Note must be text" }).trim().max(2000, "Note is too long (at most 2000 characters)").default(""),
});

export const orderStatusInputSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(", ")}` }),
  /** For delivered: the day the subscriptions start (the shop's today when absent). */
  startDate: dateSchema.optional(),
});

export const lineStartInputSchema = z.object({ startDate: dateSchema });

/** The seller's bulk action on spam orders: the references of the orders to cancel as spam. */
export const spamInputSchema = z.object({
  references: z
    .array(z.string({ error: "Each reference must be text" }).trim().min(1, "A reference is empty").max(20, "A reference is too long"), {
      error: "references must be a list of order references",
    })
    .min(1, "Choose at least one order")
    .max(MAX_BULK_ORDERS, `At most ${MAX_BULK_ORDERS} orders at once`),
});

/** What the bulk action did: the orders it cancelled as spam, and those it left, with why. */
export const spamResultSchema = z.object({
  marked: z.array(z.string()),
  skipped: z.array(z.object({ reference: z.string(), reason: z.string() })),
});
export type SpamResult = z.infer<typeof spamResultSchema>;

export const renewalsQuerySchema = z.object({
  days: z.coerce
    .number({ error: "days must be a whole number" })
    .int("days must be a whole number")
    .min(0)
    .max(365)
    .default(DEFAULT_RENEWAL_WINDOW_DAYS),
});

/** The API's answer to a change of one order (status, note, a renewal). */
export const orderAnswerSchema = z.object({ success: z.literal(true), message: z.string(), order: orderSchema });

export const renewalSchema = z.object({
  lineId: z.string(),
  reference: z.string(),
  customerName: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string(),
  months: z.number(),
  devices: z.number(),
  startDate: z.string(),
  expiryDate: z.string(),
  daysLeft: z.number(),
  /** Today's price of the same plan for the same devices; null when the item or plan is gone. */
  currentPrice: z.number().nullable(),
  /** The language of the order, which the message is written in. */
  language: z.enum(LOCALES),
  message: z.string(),
  /** wa.me link to the customer with the message, when their phone is known. */
  whatsappUrl: z.string().nullable(),
  /** When the customer was last reminded (the Renewals screen's Remind, or the seller's bot); null: never. */
  remindedAt: z.string().nullable(),
});
export type Renewal = z.infer<typeof renewalSchema>;

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
  /** What a coupon and the shopper's referral credit took off; `total` is what is left to pay. */
  couponCode: z.string().nullable(),
  discount: z.number(),
  creditApplied: z.number(),
  /** What the shopper paid from their store credit (ADR 0127); `total` is what is left to pay. */
  balancePaid: z.number(),
  lines: z.array(
    orderLineSchema
      .pick({ id: true, name: true, months: true, devices: true, unitPrice: true, lineTotal: true, startDate: true, expiryDate: true })
      .extend({
        /** The item's Nepali name, or null: the Nepali page shows it, the English `name` stays the line's. */
        nameNe: z.string().nullable(),
        daysLeft: z.number().nullable(),
        renewedBy: z.string().nullable(),
        renews: z.object({ reference: z.string() }).nullable(),
        renewal: z
          .object({ itemId: z.string(), unitPrice: z.number(), plans: z.array(z.object({ months: z.number(), unitPrice: z.number() })) })
          .nullable(),
        deliveredAutomatically: z.boolean(),
        warranty: z.object({ until: z.string().nullable(), ended: z.boolean() }).nullable(),
      }),
  ),
  customer: z.object({ name: z.string().nullable(), phone: z.string().nullable() }),
  steps: z.array(stepSchema),
  /** Cancelled because nobody took it up in time: the page says to order again. */
  expired: z.boolean(),
  claim: z.object({ at: z.string(), transactionId: z.string().nullable() }).nullable(),
  /** A gateway proved the payment. */
  paidVia: paidViaSchema.nullable(),
  /** The shop's enabled payment methods, as the order page shows them. */
  paymentMethods: z.array(paymentMethodSchema.omit({ enabled: true, position: true, version: true })),
});
