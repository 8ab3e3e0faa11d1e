import { MyOrdersView } from "../features/order-page/my-orders-view";
import { m } from "../paraglide/messages";
import type { Route } from "./+types/my-orders";

export const meta: Route.MetaFunction = () => [
  { title: m.my_orders_meta() },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function MyOrders() {
  return <MyOrdersView />;
}
