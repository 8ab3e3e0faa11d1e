import { CartView } from "../features/cart/cart-view";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => [
  { title: "Your Cart · Pasal" },
  { name: "description", content: "Your Pasal cart: review your subscriptions and send the order to the seller on WhatsApp or Telegram." },
];

export default function Cart() {
  return <CartView />;
}
