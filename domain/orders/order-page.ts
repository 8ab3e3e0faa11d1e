import type { LineWarranty } from "../warranty/warranty";
import type { OrderStatus } from "./statuses";
import type { PaymentMethod } from "../payment-methods/payment-methods";
import type { PaidVia } from "../payments/schemas";

// ---------------------------------------------------------------------------------------------
// The order key (ADR 0075)

/** 18 random bytes: 144 bits, written as 24 base64url characters. */
export const ORDER_KEY_BYTES = 18;
export const orderKeyPattern = /^[A-Za-z0-9_-]{24}$/;

/** The key's text from random bytes. */
export function orderKeyFromBytes(bytes: Uint8Array): string {
  if (bytes.length < ORDER_KEY_BYTES) throw new Error(`need ${ORDER_KEY_BYTES} random bytes`);
  let binary = "";
  for (let i = 0; i < ORDER_KEY_BYTES; i++) binary += String.fromCharCode(bytes[i]!);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_");
}

/** The shopper's page of one order; the key is the only thing that opens it. */
export function orderPath(reference: string, key: string): string {
  return `/order/${encodeURIComponent(reference)}?key=${encodeURIComponent(key)}`;
}

/** The query parameter of an order's or a customer's page that opens one line's renewal, chosen already (issue 46). */
export const RENEW_PARAM = "renew";
/** The query parameter of an order's page that starts paying it with a gateway as it opens (a renewal's Pay). */
export const PAY_PARAM = "pay";

/** An order's or a customer's page (`path`) opening the renewal of one line: the reminders' one-tap link. */
export function renewalPath(path: string, lineId: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}${RENEW_PARAM}=${encodeURIComponent(lineId)}`;
}

/**
 * A request target with any order key in its query hidden, for logs. The query is read as the server reads it
 * (each name decoded, `+` as a space), so `k%65y=`, `%6Bey=` and `key[]=` are hidden as `key=` is; a name that
 * cannot be decoded is hidden too, and so is anything after a `#`.
 */
export function withoutOrderKey(url: string): string {
  const question = url.indexOf("?");
  if (question === -1) return url;
  const query = url.slice(question + 1);
  const hash = query.indexOf("#");
  const pairs = (hash === -1 ? query : query.slice(0, hash)).split("&").map((pair) => {
    const equals = pair.indexOf("=");
    const name = equals === -1 ? pair : pair.slice(0, equals);
    return isOrderKeyName(name) && equals !== -1 ? `${name}=[hidden]` : pair;
  });
  return `${url.slice(0, question)}?${pairs.join("&")}${hash === -1 ? "" : "#[hidden]"}`;
}

function isOrderKeyName(raw: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return true;
  }
  // `key`, whatever its case, spacing or a bracket or dot after it (`key[]`, `key[0]`, `key.x`); not `keyword`.
  return /^key(?![a-z0-9_])/.test(name.trim().toLowerCase());
}

// ---------------------------------------------------------------------------------------------
// What the page shows

/** The longest wallet transaction id a shopper may give with "I have paid". */
export const TRANSACTION_ID_MAX = 100;
/** A line may be renewed from its page this many days before it ends, and any time after. */
export const RENEW_FROM_DAYS = 7;

export type OrderStep = { status: OrderStatus; at: string | null };

/**
 * received → contacted → paid → delivered, each with its time when reached (a step the seller skipped has none),
 * or the steps taken and then cancelled.
 */
export function orderSteps(order: {
  status: OrderStatus;
  createdAt: string;
  contactedAt: string | null;
  paidAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
}): OrderStep[] {
  const forward: OrderStep[] = [
    { status: "new", at: order.createdAt },
    { status: "contacted", at: order.contactedAt },
    { status: "paid", at: order.paidAt },
    { status: "delivered", at: order.deliveredAt },
  ];
  const taken = forward.filter((step) => step.at !== null);
  if (order.status === "cancelled") return [...taken, { status: "cancelled", at: order.cancelledAt }];
  // A step the shop went past (a regular customer pays before anyone writes) will not come: it is left out,
  // not shown as "not yet". The steps after the last one taken are still to come.
  const last = forward.findLastIndex((step) => step.at !== null);
  return [...taken, ...forward.slice(last + 1)];
}

/** Whether the page shows how to pay: only while the order waits for its payment. */
export const awaitsPayment = (status: OrderStatus) => status === "new" || status === "contacted";

/** Whether a gateway has anything to take: the order awaits payment and a coupon or credit left something to pay. */
export const wantsOnlinePayment = (order: { status: OrderStatus; total: number }) => awaitsPayment(order.status) && order.total > 0;

/** Whether a delivered line can be renewed from the page: it ends within RENEW_FROM_DAYS days, or has ended. */
export const canRenew = (daysLeft: number | null, renewedBy: string | null) => daysLeft !== null && daysLeft <= RENEW_FROM_DAYS && renewedBy === null;

export type ShopperOrderLine = {
  id: string;
  name: string;
  /** The seller's Nepali name of the item (from the catalogue today), or null: a Nepali page shows it (ADR 0093). */
  nameNe: string | null;
  months: number;
  devices: number;
  unitPrice: number;
  lineTotal: number;
  startDate: string | null;
  expiryDate: string | null;
  daysLeft: number | null;
  /** The order that renewed this line. */
  renewedBy: string | null;
  /** The order whose line this one renews: once delivered, it runs to this line's end. */
  renews: { reference: string } | null;
  /**
   * What its renewal checkout offers: the item's plans at today's prices (the line's own months among them when
   * still sold) and that plan's price; null when it cannot be renewed from the page now.
   */
  renewal: { itemId: string; unitPrice: number; plans: Array<{ months: number; unitPrice: number }> } | null;
  /** Automatic delivery gave it its seat or keys: the order page shows them, behind the key. */
  deliveredAutomatically: boolean;
  /** Delivered with a warranty: replaced free up to and including `until` (null: while it lasts); null without one (ADR 0128). */
  warranty: (LineWarranty & { ended: boolean }) | null;
};

/** One order as its shopper sees it: what was sold, at the stored total. */
export type ShopperOrder = {
  reference: string;
  createdAt: string;
  status: OrderStatus;
  channel: "whatsapp" | "telegram";
  total: number;
  /** A coupon's code and what it took off, and the referral credit the seller took off. */
  couponCode: string | null;
  discount: number;
  creditApplied: number;
  /** What the shopper paid from their store credit; `total` is what is left to pay. */
  balancePaid: number;
  lines: ShopperOrderLine[];
  /** The name and phone the order was placed with: the shopper's own (they hold the key), to renew as the same customer. */
  customer: { name: string | null; phone: string | null };
  steps: OrderStep[];
  /** Cancelled because nobody took it up in time. */
  expired: boolean;
  claim: { at: string; transactionId: string | null } | null;
  /** A gateway proved the payment: "Paid — checked". */
  paidVia: PaidVia | null;
  /** The bill issued when it was paid, and the credit notes against it (ADR 0130); null before payment. */
  bill: { number: string; creditNotes: string[] } | null;
  /** Enabled methods while the order waits for payment; none once paid or cancelled. */
  paymentMethods: Array<
    Omit<PaymentMethod, "enabled" | "position" | "version"> & {
      /** Set by a Nepali page's loader: the note is the English one. */ noteLang?: "en" | undefined;
    }
  >;
};

// ---------------------------------------------------------------------------------------------
// The orders this browser placed (ADR 0078)

export const MY_ORDERS_KEY = "my-orders";
export const MY_ORDERS_MAX = 50;
export type RememberedOrder = { reference: string; key: string; placedAt: string };

/** The list with `order` first, once, and at most MY_ORDERS_MAX entries. */
export function rememberOrder(list: readonly RememberedOrder[], order: RememberedOrder): RememberedOrder[] {
  return [order, ...list.filter((entry) => entry.reference !== order.reference)].slice(0, MY_ORDERS_MAX);
}

/** What localStorage held, keeping only well-formed entries. */
export function readRememberedOrders(raw: string | null): RememberedOrder[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(
      (entry): entry is RememberedOrder =>
        typeof entry === "object" &&
        entry !== null &&
        typeof entry.reference === "string" &&
        entry.reference.length <= 20 &&
        typeof entry.key === "string" &&
        orderKeyPattern.test(entry.key) &&
        typeof entry.placedAt === "string",
    )
    .slice(0, MY_ORDERS_MAX);
}
