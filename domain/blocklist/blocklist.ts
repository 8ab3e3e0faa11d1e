import { readablePhone } from "../customers/customers";
import type { Locale } from "../shared/locale";
import type { ShopSettings } from "../settings/settings";

/** What a blocked phone's checkout answers: no order, and how to reach the seller, in the shopper's language. */
export function blockedCheckoutText(contact: Pick<ShopSettings, "supportPhone" | "telegramUsername" | "whatsappNumber">, locale: Locale): string {
  const phone = readablePhone(contact.supportPhone);
  return locale === "ne"
    ? `यो नम्बरबाट अनलाइन अर्डर लिन सकिँदैन। कृपया पसललाई सिधै सम्पर्क गर्नुहोस्: ${phone}, Telegram @${contact.telegramUsername}`
    : `Orders from this number cannot be placed online. Please contact the shop directly: ${phone}, Telegram @${contact.telegramUsername}`;
}
