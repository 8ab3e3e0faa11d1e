import { buildCheckoutMessage, type MessageCoupon, messageItemName } from "./checkout";
import type { Locale } from "../shared/locale";
import { renewalRunsTo } from "./dates";
import type { OrderLine } from "./pricing";
import { messageDay } from "../ledger/seller-messages";
import { orderReference, renewalGreeting, renewalNote as renewalNoteText } from "../shared/messages";

/** The line a renewal order renews, as its chat message names it: the order, the line's place in it, its name and end. */
export type RenewedLine = { reference: string; position: number; name: string; nameNe?: string | null; expiryDate: string };

/** "Renewal of PSL-ABCDE, line 1 (Netflix Premium), which ends on 2026-12-01: renewed, it runs to 2027-03-01." */
function renewalNote(renews: RenewedLine, months: number, today: string, locale: Locale): string {
  const ended = renews.expiryDate < today;
  const end = messageDay(renews.expiryDate, locale);
  const runsTo = messageDay(renewalRunsTo(renews.expiryDate, today, months), locale);
  return renewalNoteText[locale]({
    reference: renews.reference,
    position: renews.position,
    name: messageItemName(renews, locale),
    ended,
    end,
    runsTo,
  });
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
    message[0] = renewalGreeting[locale]();
    message.push(renewalNote(renewal.renews, lines[0].months, renewal.today, locale));
  }
  if (reference) message.push(orderReference[locale](reference));
  if (orderUrl) message.push(orderUrl);
  return message.join("\n");
}

/** A Nepali mobile number written locally (98XXXXXXXX) gets its country code for wa.me. */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return /^9[78]\d{8}$/.test(digits) ? `977${digits}` : digits;
}
