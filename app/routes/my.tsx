import { CustomerView } from "../features/order-page/customer-view";
import { RenewDialog } from "../features/checkout/renew-dialog";
import { loadShopperCustomer } from "../features/order-page/customer.server";
import { LinkError } from "../features/order-page/link-error";
import { localeOfPath } from "../../domain/shared/locale";
import { m } from "../paraglide/messages";
import type { Route } from "./+types/my";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return { customer: await loadShopperCustomer(context, params.key, localeOfPath(new URL(request.url).pathname)) };
}

// One customer's orders: never in a search engine, and its address (the key is in it) never sent on (ADR 0076, 0104).
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? m.subs_meta() : m.order_meta_not_found() },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function My({ loaderData }: Route.ComponentProps) {
  return <CustomerView RenewDialog={RenewDialog} customer={loaderData.customer} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkError error={error} />;
}
