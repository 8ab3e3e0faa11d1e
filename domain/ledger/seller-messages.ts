import { formatDecidingDay } from "../shared/bikram-sambat-dates";
import type { Locale } from "../shared/locale";
import { planMonths, renewalReminder, seatLabel as seatLabelText, seatPlace } from "../shared/messages";

/*
 * What the seller sends a shopper from the admin (renewal reminders, and the dates of a delivery message), in the
 * language the shopper ordered in (ADR 0094). The texts are in domain/shared/messages.ts, the server's catalogue
 * beside the storefront's Paraglide messages (ADR 0122), written with the seller's digits. Nepali texts keep Western digits for amounts and references (the seller reads, types and searches for them,
 * ADR 0092); their days are Bikram Sambat with the AD day beside.
 */

/** A day in a message to the shopper: "2026-12-01" in English, "२०८३ मंसिर १६ (1 Dec 2026)" in Nepali. */
export function messageDay(isoDay: string, locale: Locale): string {
  return locale === "ne" ? formatDecidingDay(isoDay, "ne") : isoDay;
}

/** The seat a line holds, which a renewal keeps. */
export type SeatPlace = { service: string; profileName: string; position: number };

/** The reminder of a line about to end, with today's price when the plan is still sold and the seat it keeps. */
export function renewalMessage(
  line: {
    customerName: string | null;
    name: string;
    months: number;
    expiryDate: string;
    currentPrice: number | null;
    seat?: SeatPlace | undefined;
    link?: string | null | undefined;
  },
  locale: Locale = "en",
): string {
  const seat = line.seat ? seatPlace[locale](line.seat) : null;
  return renewalReminder[locale]({
    ...line,
    plan: planMonths[locale](line.months),
    day: messageDay(line.expiryDate, locale),
    seat,
    link: line.link ?? null,
  });
}

/** How the delivery message names a customer whose name the order does not give. */
export const UNNAMED_CUSTOMER: Record<Locale, string> = { en: "there", ne: "हजुर" };

/** A seat without a profile name, as the delivery message calls it. */
export function seatLabel(position: number, locale: Locale): string {
  return seatLabelText[locale](position);
}

/** Why new credentials are sent, said before the delivery message that carries them (ADR 0109). */
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
