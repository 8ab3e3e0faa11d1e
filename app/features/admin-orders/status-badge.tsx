import type { CancelReason } from "../../../domain/order-limits/order-limits";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../../domain/orders/statuses";

const COLOURS: Record<OrderStatus, string> = {
  new: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  contacted: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  paid: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100",
  delivered: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  cancelled: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

/** Why the shop cancelled it, beside "Cancelled". */
const REASONS: Record<CancelReason, string> = { expired: "expired", spam: "spam" };

export function StatusBadge({ status, reason = null }: { status: OrderStatus; reason?: CancelReason | null }) {
  return (
    <span className={`rounded-full px-3 py-1 text-sm font-semibold ${COLOURS[status]}`}>
      {ORDER_STATUS_LABELS[status]}
      {reason && ` · ${REASONS[reason]}`}
    </span>
  );
}
