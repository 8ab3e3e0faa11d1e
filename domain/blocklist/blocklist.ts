import { readablePhone } from "../customers/customers";
import type { Locale } from "../shared/locale";
import { blockedCheckout } from "../shared/messages";
import type { ShopSettings } from "../settings/settings";

/** What a blocked phone's checkout answers: no order, and how to reach the seller, in the shopper's language. */
export function blockedCheckoutText(contact: Pick<ShopSettings, "supportPhone" | "telegramUsername" | "whatsappNumber">, locale: Locale): string {
  return blockedCheckout[locale](readablePhone(contact.supportPhone), contact.telegramUsername);
}
