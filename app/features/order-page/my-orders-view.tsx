import { useEffect, useState } from "react";
import { Link } from "react-router";
import { localHref } from "../../../domain/shared/locale";
import { formatNpr } from "../../../domain/shared/locale-format";
import { awaitsPayment, orderPath, type RememberedOrder } from "../../../domain/orders/order-page";
import type { OrderStatus } from "../../../domain/orders/statuses";
import { Skeleton } from "../../components/skeleton";
import { card, focusRing, mutedText, primaryButton } from "../../components/ui";
import { useMyOrders } from "../../lib/my-orders";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { m } from "../../paraglide/messages";
import { shopTime, stepText } from "./order-format";

type Summary = { status: OrderStatus; total: number; claimed: boolean } | "gone" | "failed";

/**
 * Counts the times the list should be read again: the shopper came back to this tab or window (they may have
 * said they paid in another, or the shop moved an order on meanwhile), or the browser showed it from its cache.
 */
function useReturns(): number {
  const [returns, setReturns] = useState(0);
  useEffect(() => {
    const again = () => setReturns((n) => n + 1);
    const onVisible = () => {
      if (document.visibilityState === "visible") again();
    };
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) again();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", again);
    window.addEventListener("pageshow", onShow);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", again);
      window.removeEventListener("pageshow", onShow);
    };
  }, []);
  return returns;
}

/**
 * The orders this browser placed, newest first, each with where it stands: read with its own key on each visit
 * and each return to the page, never kept, so a status is the shop's now.
 */
export function MyOrdersView() {
  const orders = useMyOrders();
  const href = useLocalHref();
  const returns = useReturns();
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
            <MyOrderRow key={order.reference} order={order} returns={returns} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MyOrderRow({ order, returns }: { order: RememberedOrder; returns: number }) {
  const [summary, setSummary] = useState<Summary | null>(null);
  const locale = useLocale();
  useEffect(() => {
    const controller = new AbortController();
    // What was shown stays until the new answer comes: no flash of "Loading" on each return.
    fetch(`/api/orders/${encodeURIComponent(order.reference)}?key=${encodeURIComponent(order.key)}`, { signal: controller.signal, cache: "no-store" })
      .then(async (response) => {
        if (response.status === 404) return setSummary("gone");
        if (!response.ok) return setSummary("failed");
        const body = (await response.json()) as { status: OrderStatus; total: number; claim: unknown };
        setSummary({ status: body.status, total: body.total, claimed: body.claim !== null && awaitsPayment(body.status) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setSummary("failed");
      });
    return () => controller.abort();
  }, [order.reference, order.key, returns]);

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
              {summary.claimed && <span className="block">{m.my_orders_claimed()}</span>}
              <span className="block">{formatNpr(summary.total, locale)}</span>
            </>
          )}
        </span>
      </Link>
    </li>
  );
}
