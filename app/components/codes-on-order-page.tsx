import { orderPath } from "../../domain/orders/order-page";
import { useMyOrders } from "../lib/my-orders";
import { m } from "../paraglide/messages";
import { LocalLink as Link } from "./local-link";
import { card, focusRing, mutedText } from "./ui";

/** The orders named at most: the newest are the ones a seat is likely on. */
const SHOWN = 3;

/**
 * For a shopper whose browser remembers their orders (My orders): a holder of a Netflix seat gets their code on
 * the order page by themselves (issue 45), without waiting for the shop. Nothing for anyone else, who keeps the chat.
 */
export function CodesOnOrderPage() {
  const orders = useMyOrders();
  if (!orders || orders.length === 0) return null;
  return (
    <section aria-labelledby="codes-on-order-title" className={`${card} mt-6 p-5`}>
      <h2 id="codes-on-order-title" className="font-semibold">
        {m.codes_on_order_title()}
      </h2>
      <p className={`mt-1 text-sm ${mutedText}`}>{m.codes_on_order_text()}</p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {orders.slice(0, SHOWN).map((order) => (
          <li key={order.reference}>
            <Link
              to={`${orderPath(order.reference, order.key)}#codes-title`}
              className={`inline-flex min-h-11 items-center rounded font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`}
            >
              {m.codes_on_order_link({ reference: order.reference })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
