import { CartView } from "../features/cart/cart-view";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => [
  { title: "Your Cart · Pasal" },
  { name: "description", content: "Your Pasal cart: review your subscriptions and send the order to the seller on WhatsApp or Telegram." },
  // Every visitor gets the same empty shell here: nothing to index (Lighthouse's SEO score counts this against the page).
  { name: "robots", content: "noindex" },
];

export default function Cart() {
  return <CartView />;
}
