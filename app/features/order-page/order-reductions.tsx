import { formatNpr } from "../../../domain/shared/locale-format";
import type { ShopperOrder } from "../../../domain/orders/order-page";
import { useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";
import { mutedText } from "../../components/ui";

/** What a coupon, a referral credit and store credit took off the order, above what is left to pay; nothing when none did. */
export function OrderReductions({ order }: { order: Pick<ShopperOrder, "couponCode" | "discount" | "creditApplied" | "balancePaid"> }) {
  const locale = useLocale();
  if (order.discount <= 0 && order.creditApplied <= 0 && order.balancePaid <= 0) return null;
  return (
    <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
      {order.discount > 0 && order.couponCode && (
        <div className="flex justify-between gap-3">
          <dt className={mutedText}>{m.order_discount({ code: order.couponCode })}</dt>
          <dd className="text-emerald-700 dark:text-emerald-400">−{formatNpr(order.discount, locale)}</dd>
        </div>
      )}
      {order.creditApplied > 0 && (
        <div className="flex justify-between gap-3">
          <dt className={mutedText}>{m.order_credit()}</dt>
          <dd className="text-emerald-700 dark:text-emerald-400">−{formatNpr(order.creditApplied, locale)}</dd>
        </div>
      )}
      {order.balancePaid > 0 && (
        <div className="flex justify-between gap-3">
          <dt className={mutedText}>{m.order_paid_from_credit()}</dt>
          <dd className="text-emerald-700 dark:text-emerald-400">−{formatNpr(order.balancePaid, locale)}</dd>
        </div>
      )}
    </dl>
  );
}
