import { useEffect, useState } from "react";
import { Link } from "react-router";
import { PUT_BACK_MINUTES } from "../../../domain/orders/cart";
import { formatNumber } from "../../../domain/shared/locale-format";
import { orderPath } from "../../../domain/orders/order-page";
import { focusRing, mutedText, secondaryButton } from "../../components/ui";
import { usePutBack } from "../../lib/cart/cart-store";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { useMyOrders } from "../../lib/my-orders";
import { m } from "../../paraglide/messages";

// Where the cart says the last order went (ADR 0119): while its lines can be put back, "Undo"; after that, its page.

/** How long the cart says where the last order is. */
const LAST_ORDER_DAYS = 7;

/** The last order this browser placed, when it was placed within LAST_ORDER_DAYS of `now`; undefined otherwise or while not known. */
function useLastOrder(now: number) {
  const last = useMyOrders()?.[0];
  return last && now - Date.parse(last.placedAt) < LAST_ORDER_DAYS * 86_400_000 ? last : undefined;
}

/** "Your last order … is on its order page", so a shopper back for something else does not order the same again. */
export function LastOrderNote({ className = "" }: { className?: string }) {
  const [now] = useState(() => Date.now());
  const last = useLastOrder(now);
  const href = useLocalHref();
  if (!last) return null;
  return (
    <p className={`text-sm ${mutedText} ${className}`}>
      {m.cart_last_order({ reference: last.reference })}{" "}
      <Link
        to={href(orderPath(last.reference, last.key))}
        className={`rounded font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`}
      >
        {m.cart_open_order({ reference: last.reference })}
      </Link>
    </p>
  );
}

/**
 * On the emptied cart: while its lines can still be put back, which order has them and "Undo"; after that, the
 * last order's page. The time left is not counted down: the offer goes when it ends.
 */
export function PutBackOrLastOrder({ onPutBack }: { onPutBack: () => void }) {
  const stored = usePutBack();
  const [now, setNow] = useState(() => Date.now());
  const last = useLastOrder(now);
  const href = useLocalHref();
  const locale = useLocale();
  const until = stored?.until;
  // The offer goes when its time is up.
  useEffect(() => {
    if (until === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, until - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [until]);
  const putBack = stored && stored.until > now ? stored : null;
  if (!putBack) return <LastOrderNote className="mt-6 max-w-sm" />;
  const order = last?.reference === putBack.reference ? last : undefined;
  return (
    <section
      aria-labelledby="put-back-title"
      className="mt-6 w-full max-w-md rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-left text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-50"
    >
      <h2 id="put-back-title" className="font-semibold">
        {m.cart_emptied({ reference: putBack.reference })}
      </h2>
      <p className="mt-1 text-sm">{m.cart_put_back_hint({ minutes: formatNumber(PUT_BACK_MINUTES, locale) })}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" onClick={onPutBack} className={`${secondaryButton} px-4 py-2 text-sm`}>
          {m.cart_undo()}
        </button>
        {order && (
          <Link to={href(orderPath(order.reference, order.key))} className={`rounded text-sm font-medium underline underline-offset-2 ${focusRing}`}>
            {m.cart_open_order({ reference: order.reference })}
          </Link>
        )}
      </div>
    </section>
  );
}
