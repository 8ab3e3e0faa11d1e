import { CartView } from "../features/cart/cart-view";
import { m } from "../paraglide/messages";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => [{ title: m.cart_meta_title() }, { name: "description", content: m.cart_meta_description() }];

export default function Cart() {
  return <CartView />;
}
