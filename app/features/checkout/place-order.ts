import { sellerText, type Locale } from "../../../domain/shared/locale";
import type { CartLine } from "../../../domain/orders/cart";
import type { ChatChannel } from "../../../domain/orders/checkout";
import type { CheckoutResponse } from "../../../domain/orders/schemas";
import { m } from "../../paraglide/messages";
import { rememberPlacedOrder } from "../../lib/my-orders";
import { keptReferral } from "../../lib/cart/coupon";

/** The referral code a customer's shared link carried (`?ref=`), sent with the order: it counts for a new customer only. */
function referral(): { referral?: string } {
  const code = keptReferral();
  return code ? { referral: code } : {};
}

export type PlacedOrder =
  /** The server priced and stored the order: its message carries the reference. */
  | { kind: "placed"; order: CheckoutResponse }
  /** The server could not sell some lines (each problem names its line), or the shop takes no more orders just now (429). */
  | { kind: "refused"; problems: string[] }
  /** No answer we can use (offline, timeout, overloaded, an old cart without item ids): send the browser's message. */
  | { kind: "unplaced" };

/** Long enough for a slow mobile connection, short enough that a shopper is not left waiting on a dead server. */
const ORDER_TIMEOUT_MS = 6000;

/** What an order line needs to be placed: the cart's lines, or the one line a renewal checks out. */
export type LineToPlace = Pick<CartLine, "_id" | "name" | "nameNe" | "month" | "selectedDevice">;

/**
 * Registers the cart (or a renewal's one line) as an order. Never throws, and only refuses when the server says the cart
 * itself is wrong or that the shop takes no more anonymous orders just now (ADR 0101): a sale is never blocked because
 * our server is away.
 */
export async function placeOrder(
  cart: readonly LineToPlace[],
  channel: ChatChannel,
  customer: { name: string; phone: string },
  renews?: { reference: string; key: string; lineId: string },
  language: Locale = "en",
  coupon?: string,
): Promise<PlacedOrder> {
  if (cart.some((line) => !line._id)) return { kind: "unplaced" };
  let response: Response;
  try {
    response = await fetch("/api/orders", {
      method: "POST",
      // Refusals the server words itself (too many orders) come in the page's language.
      headers: { "content-type": "application/json", "accept-language": language },
      body: JSON.stringify({
        items: cart.map((line) => ({ _id: line._id, months: line.month, devices: line.selectedDevice })),
        channel,
        name: customer.name,
        phone: customer.phone,
        ...(renews ? { renews } : {}),
        ...(coupon ? { coupon } : {}),
        ...referral(),
        language,
      }),
      signal: AbortSignal.timeout(ORDER_TIMEOUT_MS),
    });
  } catch {
    return { kind: "unplaced" };
  }
  const body = await response.json().catch(() => null);
  if (response.status === 201 && body?.reference) {
    // "My orders" remembers it (ADR 0078).
    if (body.orderUrl) rememberPlacedOrder(body.orderUrl, new Date().toISOString());
    return { kind: "placed", order: body as CheckoutResponse };
  }
  if (response.status === 400 && body) return { kind: "refused", problems: describeProblems(cart, body, language) };
  // A coupon used up meanwhile (409), a blocked phone (403): the server's sentence, in the page's language.
  if ((response.status === 409 || response.status === 403) && typeof body?.message === "string") return { kind: "refused", problems: [body.message] };
  // Past a limit on anonymous orders: the server says which, and when to send it again, in the page's
  // language. Nothing was stored, so the chat is not opened with a message the shop could not look up.
  if (response.status === 429 && typeof body?.message === "string") return { kind: "refused", problems: [body.message] };
  return { kind: "unplaced" };
}

/** "Netflix Premium (3 months): Netflix Premium no longer has…" for line errors; the message itself otherwise. */
function describeProblems(
  cart: readonly LineToPlace[],
  body: { message?: string; errors?: Array<{ field: string; message: string }> },
  language: Locale,
): string[] {
  // The server words a line's problem in the shopper's language; the name and phone checks are said here.
  const nepali: Record<string, (() => string) | undefined> = { phone: m.checkout_phone_invalid, name: m.checkout_name_invalid };
  const problems = (body.errors ?? []).map(({ field, message }) => {
    const said = language === "ne" ? nepali[field] : undefined;
    if (said) return said();
    const index = /^items\.(\d+)\./.exec(field)?.[1];
    const line = index === undefined ? undefined : cart[Number(index)];
    const name = line && sellerText(language, line.name, line.nameNe);
    return name && !message.startsWith(name) ? `${name}: ${message}` : message;
  });
  // Anything else the server says is in English.
  const fallback = language === "ne" ? m.checkout_not_placed() : (body.message ?? m.checkout_not_placed());
  return problems.length ? [...new Set(problems)] : [fallback];
}
