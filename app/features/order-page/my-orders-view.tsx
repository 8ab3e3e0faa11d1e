import { useEffect, useState } from "react";
import { Link } from "react-router";
import { localHref } from "../../../domain/locale";
import { formatNpr } from "../../../domain/locale-format";
import { orderPath, type RememberedOrder } from "../../../domain/order-pages";
import type { OrderStatus } from "../../../domain/orders";
import { Skeleton } from "../../components/skeleton";
import { card, focusRing, mutedText, primaryButton } from "../../components/ui";
import { useMyOrders } from "../../lib/orders/my-orders";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { m } from "../../paraglide/messages";
import { shopTime, stepText } from "./order-format";

type Summary = { status: OrderStatus; total: number } | "gone" | "failed";

/** The orders this browser placed, newest first, each with where it stands (read with its own key). */
export function MyOrdersView() {
  const orders = useMyOrders();
  const href = useLocalHref();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{m.nav_my_orders()}</h1>
      <p className={`mt-2 ${mutedText}`}>{m.my_orders_intro()}</p>
      {orders === null ? (
        <div aria-busy="true" className="mt-6 space-y-3">
          <p className="sr-only">{m.my_orders_loading()}</p>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : orders.length === 0 ? (
        <div className={`${card} mt-6 p-6 text-center`}>
          <p>{m.my_orders_none()}</p>
          <Link to={href("/prices")} className={`${primaryButton} mt-4`}>
            {m.my_orders_browse()}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3">
          {orders.map((order) => (
            <MyOrderRow key={order.reference} order={order} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MyOrderRow({ order }: { order: RememberedOrder }) {
  const [summary, setSummary] = useState<Summary | null>(null);
  const locale = useLocale();
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/orders/${encodeURIComponent(order.reference)}?key=${encodeURIComponent(order.key)}`, { signal: controller.signal })
      .then(async (response) => {
        if (response.status === 404) return setSummary("gone");
        if (!response.ok) return setSummary("failed");
        const body = (await response.json()) as { status: OrderStatus; total: number };
        setSummary({ status: body.status, total: body.total });
      })
      .catch(() => {
        if (!controller.signal.aborted) setSummary("failed");
      });
    return () => controller.abort();
  }, [order.reference, order.key]);

  return (
    <li>
      <Link
        to={localHref(locale, orderPath(order.reference, order.key))}
        className={`${card} flex items-center justify-between gap-3 p-4 hover:border-brand-500 ${focusRing}`}
      >
        <span className="min-w-0">
          <span className="block font-mono font-semibold">{order.reference}</span>
          <span className={`block text-sm ${mutedText}`}>{shopTime(order.placedAt, locale)}</span>
        </span>
        <span className="shrink-0 text-right text-sm">
          {summary === null ? (
            <span className={mutedText}>{m.loading()}</span>
          ) : summary === "gone" ? (
            <span className={mutedText}>{m.my_orders_gone()}</span>
          ) : summary === "failed" ? (
            <span className={mutedText}>{m.my_orders_failed()}</span>
          ) : (
            <>
              <span className="block font-semibold">{stepText(summary.status)}</span>
              <span className="block">{formatNpr(summary.total, locale)}</span>
            </>
          )}
        </span>
      </Link>
    </li>
  );
}
