import type { AppLoadContext } from "react-router";
import { wantsOnlinePayment, type ShopperOrder } from "../../../domain/orders/order-page";
import type { OnlinePayments } from "../../../domain/payments/schemas";
import type { Gateway } from "../../../domain/payments/payments";

/** The gateways the order page offers, and its latest online payment; for an order its key opened. */
export async function loadOnlinePayments(context: AppLoadContext, order: ShopperOrder): Promise<OnlinePayments> {
  try {
    return await context.services.payments.forOrderPage(order.reference, wantsOnlinePayment(order));
  } catch (error) {
    // The manual ways to pay still show; the page does not fail for this.
    context.log.error({ err: error }, "online payments for the order page");
    return { gateways: [], latest: null };
  }
}

/** The gateways a renewal or a top-up may be paid with, for a page offering one (issue 46); none when it offers none. */
export async function loadEnabledGateways(context: AppLoadContext, offersPayment: boolean): Promise<Gateway[]> {
  if (!offersPayment) return [];
  try {
    return await context.services.payments.enabled();
  } catch (error) {
    // Renewing through a chat still works; the page does not fail for this.
    context.log.error({ err: error }, "gateways for a renewal or top-up");
    return [];
  }
}
