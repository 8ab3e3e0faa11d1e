import { AWAITING_PAYMENT_STATUSES } from "../../../domain/orders/statuses";
import type { Order } from "../../../domain/orders/schemas";
import { formatNpr } from "../../../domain/shared/money";
import { mutedText, secondaryButton } from "../../components/ui";

/**
 * What a coupon and a referral credit took off the order, and, while it awaits payment, the seller's
 * "Apply referral credit": the customer's available credit, up to the total, once per order.
 */
export function OrderReductions({
  order,
  credit,
  onApplyCredit,
  busy,
}: {
  order: Order;
  /** The customer's referral credit still to apply: with none, nothing is offered. */
  credit: number;
  onApplyCredit: () => void;
  busy: boolean;
}) {
  const canApply =
    credit > 0 && !!order.phone && order.creditApplied === 0 && (AWAITING_PAYMENT_STATUSES as readonly string[]).includes(order.status);
  if (!order.couponCode && order.creditApplied === 0 && !canApply) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className={mutedText}>
        {order.couponCode && (
          <span>
            Coupon {order.couponCode}: −NPR {formatNpr(order.discount)}.{" "}
          </span>
        )}
        {order.creditApplied > 0 && <span>Referral credit: −NPR {formatNpr(order.creditApplied)}.</span>}
      </p>
      {canApply && (
        <button type="button" className={`${secondaryButton} px-3 py-1.5 text-sm`} disabled={busy} onClick={onApplyCredit}>
          Apply referral credit<span className="sr-only"> to order {order.reference}</span>
        </button>
      )}
    </div>
  );
}
