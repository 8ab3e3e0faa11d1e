import { AWAITING_PAYMENT_STATUSES } from "../../../domain/orders/statuses";
import type { Order } from "../../../domain/orders/schemas";
import { formatNpr } from "../../../domain/shared/money";
import { mutedText, secondaryButton } from "../../components/ui";

/**
 * What a coupon, a referral credit (before store credit) and store credit took off the order, and, while it awaits
 * payment, the seller's "Use store credit": the customer's balance, up to the total, once per order (ADR 0127).
 */
export function OrderReductions({
  order,
  credit,
  onApplyCredit,
  busy,
}: {
  order: Order;
  /** The customer's store credit: with none, nothing is offered. */
  credit: number;
  onApplyCredit: () => void;
  busy: boolean;
}) {
  const canApply =
    credit > 0 &&
    !!order.phone &&
    order.balancePaid === 0 &&
    order.total > 0 &&
    (AWAITING_PAYMENT_STATUSES as readonly string[]).includes(order.status);
  if (!order.couponCode && order.creditApplied === 0 && order.balancePaid === 0 && !canApply) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className={mutedText}>
        {order.couponCode && (
          <span>
            Coupon {order.couponCode}: −NPR {formatNpr(order.discount)}.{" "}
          </span>
        )}
        {order.creditApplied > 0 && <span>Referral credit: −NPR {formatNpr(order.creditApplied)}. </span>}
        {order.balancePaid > 0 && <span>Paid from store credit: NPR {formatNpr(order.balancePaid)}.</span>}
      </p>
      {canApply && (
        <button type="button" className={`${secondaryButton} px-3 py-1.5 text-sm`} disabled={busy} onClick={onApplyCredit}>
          Use store credit (NPR {formatNpr(credit)})<span className="sr-only"> on order {order.reference}</span>
        </button>
      )}
    </div>
  );
}
