import type { AppLoadContext } from "react-router";
import type { ShopperOrder } from "../../../domain/orders/order-page";
import type { ShopperProblem } from "../../../domain/problems/problems";

/** The problems reported on an order its key opened, with the seller's answers; none when it is not delivered. */
export async function loadProblems(context: AppLoadContext, order: ShopperOrder): Promise<ShopperProblem[] | null> {
  if (order.status !== "delivered") return [];
  try {
    return await context.services.problems.forOrderPage(order.reference);
  } catch (error) {
    // The order still shows; the section says its reports could not be read.
    context.log.error({ err: error }, "problems for the order page");
    return null;
  }
}
