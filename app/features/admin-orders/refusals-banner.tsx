import { Link } from "react-router";
import { BUSY_RETRY_AFTER_SECONDS, REFUSALS_SHOWN_HOURS, type CeilingKind } from "../../../domain/order-limits/order-limits";
import type { OrderLimits, RefusalSummary } from "../../../domain/order-limits/schemas";
import { focusRing, secondaryButton } from "../../components/ui";
import { formatDateTime } from "../../lib/admin/format";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { orderActionSchema } from "./order-actions";

const WHAT: Record<CeilingKind, { things: (count: number) => string; over: string; limit: (limits: OrderLimits) => number }> = {
  orders: {
    things: (count) => (count === 1 ? "1 order" : `${count.toLocaleString("en-IN")} orders`),
    over: "more than the shop takes",
    limit: (limits) => limits.ordersPerMinute,
  },
  "paid-claims": {
    things: (count) => (count === 1 ? "1 “I have paid”" : `${count.toLocaleString("en-IN")} “I have paid”`),
    over: "more than the shop takes",
    limit: (limits) => limits.paidClaimsPerMinute,
  },
  "coupon-tries": {
    things: (count) => (count === 1 ? "1 coupon code" : `${count.toLocaleString("en-IN")} coupon codes`),
    over: "unchecked after more wrong codes than the shop takes",
    limit: (limits) => limits.wrongCouponsPerMinute,
  },
};

/**
 * The seller is told when a shop-wide ceiling tripped: how many it refused, from when to when, in the
 * last day since the banner was last hidden. A flood of made-up orders, or a rush of real ones: the limits are in
 * Settings. On the Orders screen it can be hidden; the dashboard links there.
 */
export function RefusalsBanner({ refusals, limits, hideable = false }: { refusals: RefusalSummary[]; limits: OrderLimits; hideable?: boolean }) {
  const hide = useAdminAction(orderActionSchema);
  if (refusals.length === 0) return null;
  return (
    <section
      aria-labelledby="refusals-title"
      className="mt-6 rounded-xl border border-red-300 bg-red-50 p-4 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-50"
    >
      <h2 id="refusals-title" className="text-lg font-semibold">
        The shop refused requests from shoppers
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {refusals.map((refusal) =>
          refusal.kind === "busy-pages" ? (
            <li key={refusal.kind}>
              <strong>{refusal.refused === 1 ? "1 page" : `${refusal.refused.toLocaleString("en-IN")} pages`} turned away</strong>{" "}
              <When from={refusal.firstAt} to={refusal.lastAt} />: more pages nobody had asked for before than the server could make at once. Pages
              already made, checkout, order pages and your admin went on.
            </li>
          ) : (
            <li key={refusal.kind}>
              <strong>{WHAT[refusal.kind].things(refusal.refused)} refused</strong> <When from={refusal.firstAt} to={refusal.lastAt} />:{" "}
              {WHAT[refusal.kind].over} in a minute (its limit is {WHAT[refusal.kind].limit(limits).toLocaleString("en-IN")} a minute now).
            </li>
          ),
        )}
      </ul>
      {refusals.some((refusal) => refusal.kind !== "busy-pages") && (
        <p className="mt-2 text-sm">
          Shoppers refused were asked to try again a minute later or to message you. A flood of made-up orders? Choose them on the Orders screen and
          use <em>Cancel as spam</em>. A rush of real ones? Raise the limit in{" "}
          <Link to="/admin/settings#order-limits-title" className={`font-medium underline underline-offset-2 ${focusRing}`}>
            Settings
          </Link>
          .{refusals.some((refusal) => refusal.kind === "coupon-tries") && " Someone guessing coupon codes learns nothing while the limit holds."}
        </p>
      )}
      {refusals.some((refusal) => refusal.kind === "busy-pages") && (
        <p className="mt-2 text-sm">
          A page turned away asked its shopper to try again in {BUSY_RETRY_AFTER_SECONDS} seconds. It is most often one client asking for made-up
          searches: nothing needs doing unless it happens every day.
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {hideable ? (
          <button
            type="button"
            className={`${secondaryButton} px-4 py-2 text-sm`}
            disabled={hide.pending}
            onClick={() => hide.submit({ intent: "refusals-hide" })}
          >
            {hide.pending ? "Hiding…" : "Hide this notice"}
          </button>
        ) : (
          <Link to="/admin/orders" className={`${secondaryButton} px-4 py-2 text-sm`}>
            See the orders
          </Link>
        )}
        <p className="text-sm">It goes by itself {REFUSALS_SHOWN_HOURS} hours after the last refusal.</p>
      </div>
    </section>
  );
}

/** "at 27 Nov 2026, 05:12", or "between … and …" when they are not the same minute. */
function When({ from, to }: { from: string; to: string }) {
  const [first, last] = [formatDateTime(from), formatDateTime(to)];
  if (first === last) {
    return (
      <>
        at <time dateTime={to}>{last}</time>
      </>
    );
  }
  return (
    <>
      between <time dateTime={from}>{first}</time> and <time dateTime={to}>{last}</time>
    </>
  );
}
