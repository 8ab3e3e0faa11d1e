import { isRouteErrorResponse, Link } from "react-router";
import { loadShopperOrder } from "../features/order-page/order.server";
import { OrderView } from "../features/order-page/order-view";
import { loadOnlinePayments } from "../features/order-page/online-payments.server";
import { primaryButton } from "../components/ui";
import { useLocale, useLocalHref } from "../lib/i18n";
import { m } from "../paraglide/messages";
import type { Route } from "./+types/order";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const loaded = await loadShopperOrder(context, request, params.reference);
  return { ...loaded, online: await loadOnlinePayments(context, loaded.order) };
}

// One shopper's order: never in a search engine, and its address (with the key) never sent on (ADR 0076).
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? m.order_meta_title({ reference: loaderData.order.reference }) : m.order_meta_not_found() },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function Order({ loaderData }: Route.ComponentProps) {
  return <OrderView order={loaderData.order} credentials={loaderData.credentials} online={loaderData.online} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const known = isRouteErrorResponse(error) && (error.status === 404 || error.status === 429);
  const href = useLocalHref();
  const locale = useLocale();
  // The API's words are English; a Nepali page says the same in its own.
  const nepali = known && locale === "ne" ? (error.status === 429 ? m.order_wait_text() : m.order_not_found_text()) : null;
  const message = nepali ?? (known ? (error.data as { message?: string } | null)?.message : null);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{known && error.status === 429 ? m.order_wait() : m.order_not_found()}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{message ?? m.order_not_shown()}</p>
      <Link to={href("/my-orders")} className={`${primaryButton} mt-8`}>
        {m.nav_my_orders()}
      </Link>
    </section>
  );
}
