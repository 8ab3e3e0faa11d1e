import { z } from "zod";
import { AUTO_DELIVERY_REASONS } from "./auto-delivery";
import { DEVICE_OPTIONS, MAX_CART_LINES } from "./cart";
import { buildCheckoutMessage, messageItemName, oneLine, type ChatChannel, type MessageCoupon } from "./checkout";
import { couponCodeSchema, couponQuoteSchema } from "./coupons";
import { LOCALES, type Locale } from "./locale";
import { formatNumber } from "./locale-format";
import { CANCEL_REASONS, MAX_BULK_ORDERS } from "./order-limits";
import { paidViaSchema } from "./payments";
import { messageDay } from "./seller-messages";
import { monthsLabel } from "./validity";

// ---------------------------------------------------------------------------------------------
// References

/** Read aloud over the phone: no 0/O and no 1/I, which sound or look alike. */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const REFERENCE_PREFIX = "PSL-";
/** 32^5 ≈ 33.5 million references; a clash is caught by the unique index and a new one drawn. */
export const REFERENCE_LENGTH = 5;
export const referencePattern = new RegExp(`^${REFERENCE_PREFIX}[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

/** A reference from random bytes (one per character); 32 divides 256, so every character is equally likely. */
export function referenceFromBytes(bytes: Uint8Array): string {
  if (bytes.length < REFERENCE_LENGTH) throw new Error(`need ${REFERENCE_LENGTH} random bytes`);
  let code = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += REFERENCE_ALPHABET[bytes[i]! % REFERENCE_ALPHABET.length];
  return REFERENCE_PREFIX + code;
}

/** What a person types when searching: "psl 7k2qx", "7K2QX", "PSL7K2QX" all mean PSL-7K2QX. */
export function normaliseReference(input: string): string {
  const compact = input.toUpperCase().replace(/[\s-]/g, "");
  return REFERENCE_PREFIX + (compact.startsWith("PSL") ? compact.slice(3) : compact);
}

// ---------------------------------------------------------------------------------------------
// Checkout

export const CHAT_CHANNELS = ["whatsapp", "telegram"] as const satisfies readonly ChatChannel[];

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
  /** A coupon code from the cart (issue 32): priced by the server, refused with the shopper's reason. */
  coupon: couponCodeSchema,
  /** A customer's referral code (issue 32): counts for a new customer's first order, ignored otherwise. */
  referral: z.string({ error: "referral must be a referral code" }).trim().max(20, "referral is too long").optional(),
});

/** What the catalogue says about one item, as much as pricing needs. */
export type PricedItem = { _id: string; Name: string; NameNe?: string | null; plans: Record<string, number> };

export type OrderLine = {
  itemId: string;
  name: string;
  /** The seller's Nepali name at checkout, for a Nepali shopper's message; not stored (the English name is the line's). */
  nameNe?: string | null;
  months: number;
  devices: number;
  /** The plan's price for one device, from the catalogue at checkout. */
  unitPrice: number;
  lineTotal: number;
};

export type PricingResult = { ok: true; lines: OrderLine[]; total: number } | { ok: false; errors: Array<{ field: string; message: string }> };

/** One line priced from the catalogue, or why it cannot be sold. */
function priceLine(
  input: OrderLineInput,
  index: number,
  catalogue: ReadonlyMap<string, PricedItem>,
  locale: Locale,
): OrderLine | { field: string; message: string } {
  const item = catalogue.get(input._id);
  if (!item) {
    const message = locale === "ne" ? "यो सामान अब बिक्रीमा छैन; कार्टबाट हटाउनुहोस्" : "This item is no longer sold; remove it from your cart";
    return { field: `items.${index}._id`, message };
  }
  const unitPrice = item.plans[String(input.months)];
  if (unitPrice === undefined) {
    const message =
      locale === "ne"
        ? `${item.NameNe || item.Name} को ${formatNumber(input.months, "ne")} महिनाको योजना अब छैन; हटाएर फेरि थप्नुहोस्`
        : `${item.Name} no longer has a ${monthsLabel(input.months)} plan; remove it and add it again`;
    return { field: `items.${index}.months`, message };
  }
  return {
    itemId: item._id,
    name: item.Name,
    nameNe: item.NameNe ?? null,
    months: input.months,
    devices: input.devices,
    unitPrice,
    lineTotal: unitPrice * input.devices,
  };
}

/** Prices every line from the catalogue; the browser's prices are never read. Problems in the shopper's language. */
export function priceOrder(items: readonly OrderLineInput[], catalogue: ReadonlyMap<string, PricedItem>, locale: Locale = "en"): PricingResult {
  const errors: Array<{ field: string; message: string }> = [];
  const lines: OrderLine[] = [];
  items.forEach((input, index) => {
    const priced = priceLine(input, index, catalogue, locale);
    if ("message" in priced) errors.push(priced);
    else lines.push(priced);
  });
  if (errors.length) return { ok: false, errors };
  return { ok: true, lines, total: lines.reduce((sum, line) => sum + line.lineTotal, 0) };
}

/** Today's price of each cart line, in the cart's order (with the item's names), or the reason it can no longer be ordered. */
export type LineQuote = { name: string; nameNe: string | null; unitPrice: number } | { problem: string };

/**
 * What checkout would charge for each line right now, line by line: the cart shows it before the shopper
 * sends, so the message in the chat and the cart on screen agree. A line that cannot be sold does not stop
 * the others from being priced.
 */
export function quoteCart(items: readonly OrderLineInput[], catalogue: ReadonlyMap<string, PricedItem>, locale: Locale = "en"): LineQuote[] {
  return items.map((input, index) => {
    const priced = priceLine(input, index, catalogue, locale);
    return "message" in priced ? { problem: priced.message } : { name: priced.name, nameNe: priced.nameNe ?? null, unitPrice: priced.unitPrice };
  });
}

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

/** The storefront's message with the reference the seller will look up and, last, the shopper's order page. */
/** The line a renewal order renews, as its chat message names it: the order, the line's place in it, its name and end. */
export type RenewedLine = { reference: string; position: number; name: string; nameNe?: string | null; expiryDate: string };

/** Where a renewal of `months` runs to: on from the old end, or from today when the old one has already ended. */
export function renewalRunsTo(expiryDate: string, today: string, months: number): string {
  return addMonths(expiryDate < today ? today : expiryDate, months);
}

/** "Renewal of PSL-ABCDE, line 1 (Netflix Premium), which ends on 2026-12-01: renewed, it runs to 2027-03-01." */
function renewalNote(renews: RenewedLine, months: number, today: string, locale: Locale): string {
  const ended = renews.expiryDate < today;
  const end = messageDay(renews.expiryDate, locale);
  const runsTo = messageDay(renewalRunsTo(renews.expiryDate, today, months), locale);
  if (locale === "ne") {
    return `नवीकरण: ${renews.reference} को लाइन ${renews.position} (${messageItemName(renews, "ne")}), जुन ${end} मा ${ended ? "सकियो" : "सकिन्छ"}; नवीकरणपछि ${runsTo} सम्म चल्छ।`;
  }
  return `Renewal of ${renews.reference}, line ${renews.position} (${oneLine(renews.name)}), which ${ended ? "ended" : "ends"} on ${end}: renewed, it runs to ${runsTo}.`;
}

/**
 * The chat message of a stored order: the cart's message, the reference on its own line and the shopper's link.
 * A renewal says so, and names the line it renews and until when (`today`: the shop's day, to tell an ended line).
 */
export function orderMessage(
  lines: readonly OrderLine[],
  reference: string | null,
  orderUrl?: string,
  locale: Locale = "en",
  renewal?: { renews: RenewedLine; today: string },
  coupon?: MessageCoupon,
): string {
  const message = buildCheckoutMessage(
    lines.map((line) => ({
      name: line.name,
      nameNe: line.nameNe ?? undefined,
      month: line.months,
      selectedMonth: line.unitPrice,
      selectedDevice: line.devices as 1 | 2 | 3,
      cost: line.lineTotal,
    })),
    locale,
    coupon,
  ).split("\n");
  if (renewal && lines[0]) {
    message[0] = locale === "ne" ? "नमस्ते! मलाई यो नवीकरण गर्नु छ:" : "Hello! I would like to renew:";
    message.push(renewalNote(renewal.renews, lines[0].months, renewal.today, locale));
  }
  // The seller looks the reference up by its English label, which the Nepali message keeps beside its own.
  if (reference) message.push(`${locale === "ne" ? "अर्डर नम्बर (Order ref)" : "Order ref"}: ${reference}`);
  if (orderUrl) message.push(orderUrl);
  return message.join("\n");
}

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

// ---------------------------------------------------------------------------------------------
// Status

export const ORDER_STATUSES = ["new", "contacted", "paid", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: "New",
  contacted: "Contacted",
  paid: "Paid",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

const FORWARD: readonly OrderStatus[] = ["new", "contacted", "paid", "delivered"];

/** Orders waiting for their payment: a shopper's "I have paid" among them is the seller's to check. */
export const AWAITING_PAYMENT_STATUSES = ["new", "contacted"] as const satisfies readonly OrderStatus[];

/** The admin orders screen's status filter for the seller's queue (`claimed` in the API): said paid, not marked paid. */
export const SAY_THEY_PAID = "claimed";

/** Orders still to be delivered: each of their lines will need a seat or key (ADR 0085). */
export const UNDELIVERED_STATUSES = ["new", "contacted", "paid"] as const satisfies readonly OrderStatus[];

/**
 * new → contacted → paid → delivered; a step may be skipped forward (a regular customer pays before
 * anyone writes), never taken back. Cancelled from any state before delivered. Null when allowed.
 */
export function transitionError(from: OrderStatus, to: OrderStatus): string | null {
  if (from === to) return `The order is already ${ORDER_STATUS_LABELS[to].toLowerCase()}`;
  if (from === "delivered") return "A delivered order cannot change status";
  if (from === "cancelled") return "A cancelled order cannot change status";
  if (to === "cancelled") return null;
  if (FORWARD.indexOf(to) < FORWARD.indexOf(from)) {
    return `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot go back to ${ORDER_STATUS_LABELS[to].toLowerCase()}`;
  }
  return null;
}

/** The statuses an order may move to next, for the admin's buttons. */
export function nextStatuses(from: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => transitionError(from, to) === null);
}

// ---------------------------------------------------------------------------------------------
// Dates and renewals

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

export const dateSchema = z
  .string({ error: "Date must be written YYYY-MM-DD" })
  .regex(isoDate, "Date must be written YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "That date does not exist");

/**
 * Where a renewal delivered on `start` begins: where the line it renews ends, when that is later, so the
 * customer keeps the days left; on `start` when that line has already ended.
 */
export function renewalStart(renewedExpiry: string | null, start: string): string {
  return renewedExpiry !== null && renewedExpiry > start ? renewedExpiry : start;
}

/** Calendar months: 31 Jan + 1 month is the last day of February, not 3 March. */
export function addMonths(date: string, months: number): string {
  const [, y, m, d] = isoDate.exec(date)!;
  const monthIndex = Number(m) - 1 + months;
  const year = Number(y) + Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(Number(d), lastDay))).toISOString().slice(0, 10);
}

/** Whole days from `today` to `date` (negative when past). */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export { shopToday } from "./shop-time";

export const DEFAULT_RENEWAL_WINDOW_DAYS = 7;

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
  /** The line this one renews (issue 29): delivered, it starts where that one ends, on the same seat. */
  renews: z.object({ lineId: z.string(), reference: z.string(), expiryDate: z.string().nullable() }).nullable(),
  /** Checkout found no free seat or key for it (issue 20); the sale went through all the same. */
  waitingForStock: z.boolean().optional(),
  /** Automatic delivery gave it its seat or keys (issue 30): its shopper's page shows them. */
  autoDelivered: z.boolean(),
  /** Why a paid order's line was not delivered automatically; null once delivered, or when never tried. */
  autoDeliveryReason: z.enum(AUTO_DELIVERY_REASONS).nullable(),
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
  /** A gateway proved the payment (issue 30): which, its transaction id and the amount it confirmed. */
  paidVia: paidViaSchema.nullable(),
  /** Why the shop cancelled it (issue 34): a "new" order that expired, or one the seller marked as spam; null otherwise. */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  /** Issue 32: the coupon used and what it took off, the referral credit the seller took off; `total` is what is left. */
  couponCode: z.string().nullable(),
  discount: z.number(),
  creditApplied: z.number(),
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

/** "3 orders cancelled as spam; 1 left as it was". */
export function spamMessage(marked: number, skipped: number): string {
  const done = `${marked} ${marked === 1 ? "order" : "orders"} cancelled as spam`;
  return skipped ? `${done}; ${skipped} left as ${skipped === 1 ? "it was" : "they were"}` : done;
}

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

/** How the orders screen and the dashboard count: per status, for orders made since `since`. */
export type OrderCounts = Record<OrderStatus, number>;

/** A Nepali mobile number written locally (98XXXXXXXX) gets its country code for wa.me. */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return /^9[78]\d{8}$/.test(digits) ? `977${digits}` : digits;
}
