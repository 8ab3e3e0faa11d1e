import type { AppLoadContext } from "react-router";
import type { ShopperOrder } from "../../../domain/orders/order-page";
import type { TelegramOffer } from "./telegram-updates";

/** Whether the order page offers updates on Telegram (ADR 0107); for an order its key opened. */
export async function loadTelegramOffer(context: AppLoadContext, order: ShopperOrder): Promise<TelegramOffer> {
  try {
    return await context.services.telegramShoppers.forOrderPage(order.reference);
  } catch (error) {
    // The page does not fail for this: it only leaves the offer out.
    context.log.error({ err: error }, "telegram offer for the order page");
    return { offered: false, following: false };
  }
}

/** Whether a customer link's page offers updates on all the customer's orders (ADR 0116); for a customer its key opened. */
export async function loadCustomerTelegramOffer(context: AppLoadContext, phone: string): Promise<TelegramOffer> {
  try {
    return await context.services.telegramShoppers.forCustomerPage(phone);
  } catch (error) {
    context.log.error({ err: error }, "telegram offer for the customer page");
    return { offered: false, following: false };
  }
}
