import type { CartLine } from "./cart";
import type { Locale } from "../shared/locale";
import { monthsLabel, orderCoupon, orderGreeting, orderItemLine, orderSubtotal, orderTotal } from "../shared/messages";

// Here rather than in validity.ts: every page loads this module for its chat links, and few need validity.ts.
export { monthsLabel };

export type ChatChannel = "whatsapp" | "telegram";
export const CHAT_CHANNELS = ["whatsapp", "telegram"] as const satisfies readonly ChatChannel[];

export const CHAT_CHANNEL_LABELS: Record<ChatChannel, string> = { whatsapp: "WhatsApp", telegram: "Telegram" };

/** A coupon as the chat message names it: its code and what it took off. */
export type MessageCoupon = { code: string; discount: number };

export type CheckoutLine = Pick<CartLine, "name" | "nameNe" | "month" | "selectedMonth" | "selectedDevice" | "cost">;

/**
 * Text from the browser's storage goes into a message the seller reads line by line:
 * a name with a line break in it could pass for another order line, so whitespace runs become one space.
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * An item's name in the message a shopper sends: in Nepali the seller's Nepali name, where there is one, with the
 * English beside it, which is how the seller knows the item ("नेटफ्लिक्स प्रिमियम (Netflix Premium)").
 */
export function messageItemName(line: { name: string; nameNe?: string | null | undefined }, locale: Locale): string {
  return locale === "ne" && line.nameNe ? `${oneLine(line.nameNe)} (${oneLine(line.name)})` : oneLine(line.name);
}

/**
 * The message the shopper sends to the seller: the spec's line per item,
 * 'Item: {name}, Quantity: {devices}, Price: {plan price} NPR', with the plan's months, then the total.
 * Price is the plan's price per device as in the spec (selectedMonth); the total counts every device.
 */
export function buildCheckoutMessage(lines: readonly CheckoutLine[], locale: Locale = "en", coupon?: MessageCoupon): string {
  const subtotal = lines.reduce((sum, line) => sum + line.cost, 0);
  const discount = coupon ? Math.min(coupon.discount, subtotal) : 0;
  const total = subtotal - discount;
  // In Nepali in the shopper's words, but with the digits the seller types and searches for (ADR 0092), and each
  // product's English name, as the catalogue spells it, beside a Nepali one.
  const body = lines.map((line) =>
    orderItemLine[locale]({ name: messageItemName(line, locale), devices: line.selectedDevice, unitPrice: line.selectedMonth, months: line.month }),
  );
  const couponLines = coupon ? [orderSubtotal[locale](subtotal), orderCoupon[locale](oneLine(coupon.code), discount)] : [];
  return [orderGreeting[locale](), ...body, ...couponLines, orderTotal[locale](total)].join("\n");
}

/** encodeURIComponent throws on a lone surrogate (a cut emoji); such halves become U+FFFD instead. */
function encodeText(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));
}

/** wa.me takes the number in international form, digits only. */
export function whatsappUrl(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeText(text)}`;
}

/**
 * Opens the seller's chat with the text pre-filled where the Telegram app supports `?text=`;
 * older apps ignore it, so the storefront also copies the text for the shopper to paste.
 */
export function telegramUrl(username: string, text: string): string {
  return `https://t.me/${username.replace(/[^A-Za-z0-9_]/g, "")}?text=${encodeText(text)}`;
}

export function chatUrl(channel: ChatChannel, contact: { whatsappNumber: string; telegramUsername: string }, text: string): string {
  return channel === "whatsapp" ? whatsappUrl(contact.whatsappNumber, text) : telegramUrl(contact.telegramUsername, text);
}
