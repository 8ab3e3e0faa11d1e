import { MyOrdersView } from "../features/order-page/my-orders-view";
import type { Route } from "./+types/my-orders";

export const meta: Route.MetaFunction = () => [
  { title: "My orders · Pasal" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function MyOrders() {
  return <MyOrdersView />;
}
