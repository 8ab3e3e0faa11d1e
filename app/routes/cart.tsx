import { CartView } from "../features/cart/cart-view";
import { CheckoutDialog } from "../features/checkout/checkout-dialog";
import { pageMeta } from "../features/seo/seo";
import { m } from "../paraglide/messages";
import { getLocale } from "../paraglide/runtime";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: "/cart", title: m.cart_meta_title(), description: m.cart_meta_description() }, getLocale());

export default function Cart() {
  return <CartView CheckoutDialog={CheckoutDialog} />;
}
