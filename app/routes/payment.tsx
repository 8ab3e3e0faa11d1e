import { data, isRouteErrorResponse, Link } from "react-router";
import { formatNpr } from "../../domain/shared/locale-format";
import { GATEWAY_NAMES } from "../../domain/payments/payments";
import { card, primaryButton } from "../components/ui";
import { useLocale, useLocalHref } from "../lib/i18n";
import { m } from "../paraglide/messages";
import type { Route } from "./+types/payment";

/**
 * Where a gateway's return lands when the browser is not the one that started the payment (no cookie): the
 * payment was checked, and the order opens from the chat's link, as ever. Shows no order details.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { payment: await context.services.payments.state(params.id.slice(0, 40)) };
  } catch (error) {
    if ((error as { statusCode?: unknown } | null)?.statusCode === 404) throw data({ message: "No such payment" }, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: m.payment_meta_title() },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function Payment({ loaderData }: Route.ComponentProps) {
  const { payment } = loaderData;
  const locale = useLocale();
  const href = useLocalHref();
  const gateway = GATEWAY_NAMES[payment.gateway];
  const paid = payment.status === "paid";
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{m.payment_title()}</h1>
      <p
        role="status"
        className={`${card} mt-6 w-full p-4 ${paid ? "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-50" : ""}`}
      >
        {paid
          ? m.payment_paid({ amount: formatNpr(payment.amount, locale), reference: payment.reference, gateway })
          : payment.status === "check" || payment.status === "resolved"
            ? m.online_latest_check({ gateway })
            : m.payment_not_paid({ gateway, reference: payment.reference })}
      </p>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{m.payment_open_order()}</p>
      <Link to={href("/my-orders")} className={`${primaryButton} mt-8`}>
        {m.nav_my_orders()}
      </Link>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const href = useLocalHref();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{missing ? m.payment_not_found() : m.order_not_shown()}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{m.payment_open_order()}</p>
      <Link to={href("/my-orders")} className={`${primaryButton} mt-8`}>
        {m.nav_my_orders()}
      </Link>
    </section>
  );
}
