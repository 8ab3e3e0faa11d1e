import { GATEWAY_NAMES } from "../../../domain/payments/payments";
import type { PaymentToCheck } from "../../../domain/payments/schemas";
import { formatNpr } from "../../../domain/shared/money";
import { card, mutedText, secondaryButton } from "../../components/ui";
import { formatDateTime } from "../../lib/admin/format";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { orderActionSchema } from "./order-actions";

/**
 * Payments a gateway reported that do not match their order: another amount, another order, a second
 * payment. None marked anything paid; the seller sorts each out (refund, or mark the order paid by hand) and
 * says so. Shown only when there is one.
 */
export function PaymentsToCheck({ payments }: { payments: PaymentToCheck[] }) {
  if (payments.length === 0) return null;
  return (
    <section aria-labelledby="to-check-title" className={`${card} mt-6 border-amber-400 p-4 dark:border-amber-600`}>
      <h2 id="to-check-title" className="text-lg font-semibold">
        Payments to check ({payments.length})
      </h2>
      <p className={`mt-1 text-sm ${mutedText}`}>
        The gateway says money moved, but it does not match the order, so nothing was marked paid. Check it in the gateway&apos;s dashboard.
      </p>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {payments.map((payment) => (
          <PaymentRow key={payment._id} payment={payment} />
        ))}
      </ul>
    </section>
  );
}

function PaymentRow({ payment }: { payment: PaymentToCheck }) {
  const done = useAdminAction(orderActionSchema);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 text-sm">
        <p className="font-medium">
          <span className="font-mono">{payment.reference}</span> · {GATEWAY_NAMES[payment.gateway]} · NPR {formatNpr(payment.amount)} asked
        </p>
        <p className="break-words">{payment.detail}</p>
        <p className={mutedText}>
          <time dateTime={payment.updatedAt}>{formatDateTime(payment.updatedAt)}</time>
          {payment.transactionId && <> · transaction id {payment.transactionId}</>}
          {payment.gatewayRef && <> · reference {payment.gatewayRef}</>}
        </p>
      </div>
      <button
        type="button"
        className={`${secondaryButton} px-3 py-1.5 text-sm`}
        disabled={done.pending}
        onClick={() => done.submit({ intent: "payment-checked", id: payment._id })}
      >
        {done.pending ? "Saving…" : "Done"}
        <span className="sr-only"> with the payment for {payment.reference}</span>
      </button>
    </li>
  );
}
