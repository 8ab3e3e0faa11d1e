import type { AppLoadContext } from "react-router";
import type { ShopperOrder } from "../../../domain/orders/order-page";

/** The order's lines whose holders get their Netflix codes here (issue 45); for an order its key opened. */
export async function loadCodeLines(context: AppLoadContext, order: ShopperOrder): Promise<string[]> {
  if (order.status !== "delivered") return [];
  try {
    return await context.services.mailboxes.codeLines(order.reference);
  } catch (error) {
    // The page does not fail for this: it only leaves the section out, and the chat request stays.
    context.log.error({ err: error }, "code lines for the order page");
    return [];
  }
}
