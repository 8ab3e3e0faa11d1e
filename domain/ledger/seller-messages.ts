import { formatDecidingDay } from "../shared/bikram-sambat-dates";
import { monthsLabel } from "../orders/checkout";
import type { Locale } from "../shared/locale";
import { formatNpr } from "../shared/money";

/*
 * What the seller sends a shopper from the admin (renewal reminders, and the dates of a delivery message), in the
 * language the shopper ordered in (ADR 0094). A small dictionary of our own rather than Paraglide's messages:
 * the server and the admin use no messages, and these few texts are written with the seller's digits.
 * Nepali texts keep Western digits for amounts and references (the seller reads, types and searches for them,
 * ADR 0092); their days are Bikram Sambat with the AD day beside.
 */

/** A day in a message to the shopper: "2026-12-01" in English, "२०८३ मंसिर १६ (1 Dec 2026)" in Nepali. */
export function messageDay(isoDay: string, locale: Locale): string {
  return locale === "ne" ? formatDecidingDay(isoDay, "ne") : isoDay;
}

/** "3 months" or "3 महिना". */
function months(count: number, locale: Locale): string {
  return locale === "ne" ? `${count} महिना` : monthsLabel(count);
}

/** The seat a line holds, which a renewal keeps. */
export type SeatPlace = { service: string; profileName: string; position: number };

/** "Netflix 1, profile Sita" or "Netflix 1, seat 2"; in Nepali "Netflix 1, प्रोफाइल Sita" or "Netflix 1, सिट 2". */
function seatPlace(seat: SeatPlace, locale: Locale): string {
  if (locale === "ne") return `${seat.service}, ${seat.profileName ? `प्रोफाइल ${seat.profileName}` : `सिट ${seat.position}`}`;
  return `${seat.service}, ${seat.profileName ? `profile ${seat.profileName}` : `seat ${seat.position}`}`;
}

/** The reminder of a line about to end, with today's price when the plan is still sold and the seat it keeps. */
export function renewalMessage(
  line: { customerName: string | null; name: string; months: number; expiryDate: string; currentPrice: number | null; seat?: SeatPlace | undefined },
  locale: Locale = "en",
): string {
  const plan = months(line.months, locale);
  const day = messageDay(line.expiryDate, locale);
  if (locale === "ne") {
    return [
      line.customerName ? `नमस्ते ${line.customerName}!` : "नमस्ते!",
      `तपाईंको ${line.name} (${plan}) को अवधि ${day} मा सकिन्छ।`,
      line.currentPrice === null
        ? "नवीकरण गर्न चाहनुहुन्छ भने यहीँ जवाफ दिनुहोस्।"
        : `अर्को ${plan} का लागि नवीकरण गर्दा रु. ${formatNpr(line.currentPrice)} लाग्छ। नवीकरण गर्न यहीँ जवाफ दिनुहोस्।`,
      ...(line.seat ? [`नवीकरण गर्दा तपाईं उही ठाउँमा रहनुहुन्छ: ${seatPlace(line.seat, locale)}।`] : []),
    ].join(" ");
  }
  return [
    line.customerName ? `Hello ${line.customerName}!` : "Hello!",
    `Your ${line.name} (${plan}) ends on ${day}.`,
    line.currentPrice === null
      ? "Reply here if you would like to renew it."
      : `Renewing it for another ${plan} costs NPR ${formatNpr(line.currentPrice)}. Reply here to renew.`,
    ...(line.seat ? [`Renewing keeps you on the same place: ${seatPlace(line.seat, locale)}.`] : []),
  ].join(" ");
}

/** How the delivery message names a customer whose name the order does not give. */
export const UNNAMED_CUSTOMER: Record<Locale, string> = { en: "there", ne: "हजुर" };

/** A seat without a profile name, as the delivery message calls it. */
export function seatLabel(position: number, locale: Locale): string {
  return locale === "ne" ? `सिट ${position}` : `Seat ${position}`;
}

/** Why new credentials are sent, said before the delivery message that carries them (issue 32, ADR 0109). */
export const CREDENTIALS_CHANGED: Record<"password" | "pin" | "moved", Record<Locale, string>> = {
  password: {
    en: "The password of your account has changed. Your details, up to date:",
    ne: "तपाईंको खाताको पासवर्ड परिवर्तन भएको छ। तपाईंको अद्यावधिक विवरण:",
  },
  pin: {
    en: "The PIN of your profile has changed. Your details, up to date:",
    ne: "तपाईंको प्रोफाइलको PIN परिवर्तन भएको छ। तपाईंको अद्यावधिक विवरण:",
  },
  moved: {
    en: "We have moved you to another account: your subscription goes on as before. Your new details:",
    ne: "हामीले तपाईंलाई अर्को खातामा सारेका छौं: तपाईंको सदस्यता पहिले जस्तै चल्छ। तपाईंको नयाँ विवरण:",
  },
};
