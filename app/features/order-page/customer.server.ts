import { data, type AppLoadContext } from "react-router";
import type { ShopperCustomer } from "../../../domain/customer-links/customer-page";
import { readablePhone } from "../../../domain/customers/customers";
import type { Locale } from "../../../domain/shared/locale";
import { loadCustomerTelegramOffer } from "./telegram-updates.server";
import type { TelegramOffer } from "./telegram-updates";
import { loadEnabledGateways } from "./online-payments.server";
import type { Gateway } from "../../../domain/payments/payments";

/**
 * What a customer link shows (ADR 0104). An unknown or revoked key is the same 404 as a wrong order
 * key, and an address that tried too many is told to wait (429). The phone is written readably here, on the
 * server: the page's bundle carries no phone rules.
 */
export async function loadShopperCustomer(
  context: AppLoadContext,
  key: string,
  locale: Locale,
): Promise<ShopperCustomer & { telegram: TelegramOffer; codeLines: string[]; gateways: Gateway[] }> {
  try {
    const customer = await context.services.customerLinks.forShopper(key.slice(0, 100), context.clientAddress ?? "");
    // An item's Nepali name goes only to a Nepali page (ADR 0093).
    const subscriptions = customer.subscriptions.map((line) => ({ ...line, nameNe: locale === "ne" ? line.nameNe : null }));
    const [telegram, codeLines, gateways] = await Promise.all([
      loadCustomerTelegramOffer(context, customer.phone),
      // The page does not fail for this: it only leaves out the way to the codes (issue 45).
      context.services.mailboxes.codeLinesAmong(subscriptions.map((line) => line.lineId)).catch((error: unknown) => {
        context.log.error({ err: error }, "code lines for the customer page");
        return [];
      }),
      // For its renewals and the store credit's top-up.
      loadEnabledGateways(context, true),
    ]);
    return { ...customer, subscriptions, phone: readablePhone(customer.phone), telegram, codeLines, gateways };
  } catch (error) {
    // The service's refusals carry their HTTP status (its HttpError; app/ does not import the server).
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (status === 404 || status === 429) throw data({ message: (error as Error).message }, { status });
    throw error;
  }
}
