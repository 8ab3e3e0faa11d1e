import type { AppLoadContext } from "react-router";
import type { ShopperOrder } from "../../../domain/order-pages";
import type { TelegramOffer } from "./telegram-updates";

/** Whether the order page offers updates on Telegram (ADR 0107); for an order its key opened. */
export async function loadTelegramOffer(context: AppLoadContext, order: ShopperOrder): Promise<TelegramOffer> {
  try {
    return await context.services.telegram.shoppers.forOrderPage(order.reference);
  } catch (error) {
    // The page does not fail for this: it only leaves the offer out.
    context.log.error({ err: error }, "telegram offer for the order page");
    return { offered: false, following: false };
  }
}
