import { CartView } from "../features/cart/cart-view";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => [
  { title: "Your Cart · Pasal" },
  // Every visitor gets the same empty shell here: nothing to index.
  { name: "robots", content: "noindex" },
];

export default function Cart() {
  return <CartView />;
}
