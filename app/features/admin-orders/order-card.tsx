import type { LineLedgerData } from "../../../domain/ledger/schemas";
import { AUTO_DELIVERY_REASON_TEXT } from "../../../domain/ledger/auto-delivery";
import { LineLedger } from "./line-ledger";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { CHAT_CHANNEL_LABELS } from "../../../domain/orders/checkout";
import { readablePhone } from "../../../domain/customers/customers";
import { LANGUAGE_NAMES } from "../../../domain/shared/locale";
import { formatNpr } from "../../../domain/shared/money";
import { nextStatuses, ORDER_STATUS_LABELS, type OrderStatus } from "../../../domain/orders/statuses";
import { renewalStart } from "../../../domain/orders/dates";
import type { Order } from "../../../domain/orders/schemas";
import { monthsLabel } from "../../../domain/catalogue/validity";
import { card, focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { formatDateTime } from "../../lib/admin/format";
import { InputField, inputClass, StaleBanner } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { RefundLine } from "../../lib/admin/refund-line";
import { orderActionSchema } from "./order-actions";
import { StatusBadge } from "./status-badge";
import { OrderReductions } from "./order-reductions";
import { BillLine, PaidClaimBanner, PaidViaBanner, ShopperLink } from "./order-page-parts";

const ACTION_LABELS: Record<OrderStatus, string> = {
  new: "Mark new",
  contacted: "Mark contacted",
  paid: "Mark paid",
  delivered: "Mark delivered",
  cancelled: "Cancel order",
};

/**
 * One write at a time per order, held by the card: the forms inside are drawn afresh (a new key) when the
 * saved order comes back, and the answer must outlive them to be shown.
 */
type OrderWrite = ReturnType<typeof useOrderWrite>;
const useOrderWrite = () => useAdminAction(orderActionSchema);

/**
 * One order: what was bought, and (opened) the seller's tools for it. `choice`: its box for the bulk action on
 * spam orders, for an order awaiting payment.
 */
export function OrderCard({
  order,
  ledger,
  credit,
  today,
  choice,
}: {
  order: Order;
  /** The customer's referral credit still to apply, in NPR. */
  credit: number;
  /** The delivered lines' ledger, by line. */
  ledger: Record<string, LineLedgerData>;
  today: string;
  choice?: { chosen: boolean; choose: (on: boolean) => void };
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const write = useOrderWrite();
  return (
    <li className={`${card} p-4 sm:p-5`}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 items-start gap-3">
          {choice && (
            <label className="-m-2 flex min-h-11 min-w-11 items-center justify-center p-2">
              <input
                type="checkbox"
                className="h-5 w-5 accent-brand-700"
                checked={choice.chosen}
                onChange={(event) => choice.choose(event.target.checked)}
              />
              <span className="sr-only">Choose order {order.reference}</span>
            </label>
          )}
          <div className="min-w-0">
            <h2 className="font-mono text-lg font-semibold">{order.reference}</h2>
            <p className={`text-sm ${mutedText}`}>
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time> · {CHAT_CHANNEL_LABELS[order.channel]} ·{" "}
              <span title="The shopper's language: the delivery and renewal messages are written in it">{LANGUAGE_NAMES[order.language]}</span>
              {order.customerName && <> · {order.customerName}</>}
              {order.phone && <> · {readablePhone(order.phone)}</>}
              {order.telegramUpdates && (
                <>
                  {" "}
                  ·{" "}
                  <span title="The shopper asked for this order's updates on Telegram (payment, delivery, renewal reminders)">
                    Gets Telegram updates
                  </span>
                </>
              )}
            </p>
          </div>
        </div>
        <StatusBadge status={order.status} reason={order.cancelReason} />
      </div>
      <PaidClaimBanner order={order} />
      <PaidViaBanner order={order} />
      <BillLine order={order} />
      <ul className="mt-3 space-y-1 text-sm">
        {order.lines.map((line) => (
          <li key={line.id} className="flex flex-wrap justify-between gap-x-4">
            <span className="min-w-0 break-words">
              {line.name} · {monthsLabel(line.months)} · {line.devices} {line.devices === 1 ? "device" : "devices"}
              {line.expiryDate ? (
                <span className={mutedText}>
                  {" "}
                  · <span className="whitespace-nowrap">{line.startDate}</span> to <span className="whitespace-nowrap">{line.expiryDate}</span>
                </span>
              ) : (
                line.startDate && (
                  <span className={mutedText}>
                    {" "}
                    · from <span className="whitespace-nowrap">{line.startDate}</span>, never expires
                  </span>
                )
              )}
              {line.renews && <span className={mutedText}> · renews {line.renews.reference}</span>}
              {line.renewalReference && <span className={mutedText}> · renewed as {line.renewalReference}</span>}
              {line.waitingForStock && order.status !== "delivered" && order.status !== "cancelled" && (
                <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                  Waiting for stock
                </span>
              )}
            </span>
            <span className="whitespace-nowrap">NPR {formatNpr(line.lineTotal)}</span>
            {order.status === "paid" && line.autoDeliveryReason && (
              <p className="w-full text-sm font-medium text-amber-900 dark:text-amber-200">{AUTO_DELIVERY_REASON_TEXT[line.autoDeliveryReason]}</p>
            )}
            {order.status === "delivered" && line.autoDelivered && <p className={`w-full text-sm ${mutedText}`}>Delivered automatically</p>}
            {order.status === "delivered" && ledger[line.id] && <LineLedger lineId={line.id} name={line.name} ledger={ledger[line.id]!} />}
            {order.status === "delivered" && line.warranty && (
              <p className={`w-full text-sm ${mutedText}`}>
                {line.warranty.until ? `Replaced free until ${line.warranty.until}` : "Replaced free while it lasts"}
              </p>
            )}
            {order.status === "delivered" && line.refunded && <p className={`w-full text-sm ${mutedText}`}>Refunded; the line has ended</p>}
            {order.status === "delivered" && !line.refunded && line.expiryDate && (
              <RefundLine
                reference={order.reference}
                lineId={line.id}
                name={line.name}
                pending={write.pending}
                onRefund={(to) => write.submit({ intent: "refund", reference: order.reference, lineId: line.id, to })}
              />
            )}
          </li>
        ))}
      </ul>
      <OrderReductions
        order={order}
        credit={credit}
        busy={write.pending}
        onApplyCredit={() => write.submit({ intent: "credit", reference: order.reference })}
      />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-3 dark:border-slate-800">
        <p className="font-semibold">Total NPR {formatNpr(order.total)}</p>
        {order.status === "delivered" && (
          <Link
            to={`/admin/problems?order=${encodeURIComponent(order.reference)}`}
            className={`rounded text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`}
          >
            Problems reported<span className="sr-only"> on order {order.reference}</span>
          </Link>
        )}
        <button
          type="button"
          className={`${secondaryButton} px-4 py-2 text-sm`}
          aria-expanded={open}
          aria-controls={`${id}-manage`}
          onClick={() => setOpen(!open)}
        >
          {open ? "Close" : "Manage"}
          <span className="sr-only"> order {order.reference}</span>
        </button>
      </div>
      {order.note && !open && <p className={`mt-2 text-sm break-words ${mutedText}`}>Note: {order.note}</p>}
      {open && (
        <div id={`${id}-manage`} className="mt-4 space-y-6">
          <ShopperLink order={order} />
          <StatusActions order={order} today={today} write={write} />
          {order.status === "delivered" && <StartDates key={order.updatedAt} order={order} write={write} />}
          <DetailsForm key={order.updatedAt} order={order} write={write} />
        </div>
      )}
    </li>
  );
}

function StatusActions({ order, today, write }: { order: Order; today: string; write: OrderWrite }) {
  const id = useId();
  // A renewal starts where the line it renews ends (or today when that has ended): the customer keeps the days left.
  const renewing = order.lines.filter((line) => line.renews);
  const [startDate, setStartDate] = useState(() =>
    renewing.length === order.lines.length && renewing[0] ? renewalStart(renewing[0].renews!.expiryDate, today) : today,
  );
  const [confirmCancel, setConfirmCancel] = useState(false);
  const busy = write.pending;
  const next = nextStatuses(order.status);

  const move = (status: OrderStatus) =>
    write.submit({ intent: "status", reference: order.reference, fields: status === "delivered" ? { status, startDate } : { status } });

  if (next.length === 0) {
    return <p className={`text-sm ${mutedText}`}>This order is {ORDER_STATUS_LABELS[order.status].toLowerCase()}; its status cannot change.</p>;
  }
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Status
      </h3>
      {next.includes("delivered") && (
        <div className="mt-2 max-w-xs">
          <label htmlFor={`${id}-start`} className="text-sm font-medium">
            Subscriptions start on
          </label>
          <input
            id={`${id}-start`}
            type="date"
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
            aria-describedby={renewing.length > 0 ? `${id}-renewing` : undefined}
            className={inputClass}
          />
        </div>
      )}
      {next.includes("delivered") && renewing.length > 0 && (
        <ul id={`${id}-renewing`} className={`mt-2 space-y-1 text-sm ${mutedText}`}>
          {renewing.map((line) => (
            <li key={line.id}>
              {line.name} renews {line.renews!.reference}: it starts on {renewalStart(line.renews!.expiryDate, startDate)}
              {line.renews!.expiryDate && line.renews!.expiryDate >= startDate ? ", where the old one ends" : ""}. A seat the old one holds stays with
              it.
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {next.map((status) =>
          status === "cancelled" ? (
            <button
              key={status}
              type="button"
              disabled={busy}
              onClick={() => setConfirmCancel(true)}
              className={`${secondaryButton} px-4 py-2 text-sm text-red-700 dark:text-red-300`}
            >
              {ACTION_LABELS[status]}
            </button>
          ) : (
            <button key={status} type="button" disabled={busy} onClick={() => move(status)} className={`${primaryButton} px-4 py-2 text-sm`}>
              {ACTION_LABELS[status]}
            </button>
          ),
        )}
      </div>
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this order?"
        message={`Order ${order.reference} will be cancelled. A cancelled order cannot be reopened.`}
        confirmLabel="Cancel order"
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => {
          setConfirmCancel(false);
          move("cancelled");
        }}
      />
    </section>
  );
}

function StartDates({ order, write }: { order: Order; write: OrderWrite }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Start dates
      </h3>
      <p className={`text-sm ${mutedText}`}>Each line ends its plan&apos;s months after it starts; correct a start and its end follows.</p>
      <ul className="mt-2 space-y-3">
        {order.lines.map((line) => (
          <li key={line.id}>
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(event: FormEvent<HTMLFormElement>) => {
                event.preventDefault();
                const startDate = String(new FormData(event.currentTarget).get("startDate") ?? "");
                write.submit({ intent: "start", reference: order.reference, lineId: line.id, fields: { startDate } });
              }}
            >
              <div>
                <label htmlFor={`${id}-${line.id}`} className="text-sm font-medium">
                  {line.name} ({monthsLabel(line.months)}) starts on
                </label>
                <input id={`${id}-${line.id}`} name="startDate" type="date" required defaultValue={line.startDate ?? ""} className={inputClass} />
              </div>
              <button type="submit" className={`${secondaryButton} px-4 py-2 text-sm`}>
                Save<span className="sr-only"> the start of {line.name}</span>
              </button>
              <p className={`w-full text-sm ${mutedText}`}>
                {line.expiryDate ? `Ends on ${line.expiryDate}` : "Never expires: its key has no end date"}
              </p>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DetailsForm({ order, write }: { order: Order; write: OrderWrite }) {
  const id = useId();
  const formId = `${id.replaceAll(":", "")}-details`;
  const { errors, formRef, pending: saving, stale, reload, reloading } = write;

  const save = write.handleSubmit((form) =>
    write.submit({
      intent: "details",
      reference: order.reference,
      version: order.version,
      fields: { customerName: String(form.get("customerName") ?? ""), phone: String(form.get("phone") ?? ""), note: String(form.get("note") ?? "") },
    }),
  );

  return (
    <form id={formId} ref={formRef} onSubmit={save} noValidate aria-labelledby={`${formId}-title`} className="space-y-3">
      <h3 id={`${formId}-title`} className="font-semibold">
        Customer and note
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          label="Customer name"
          name="customerName"
          optional
          defaultValue={order.customerName ?? ""}
          autoComplete="off"
          error={errors.customerName}
        />
        <InputField
          label="Phone"
          name="phone"
          optional
          type="tel"
          inputMode="tel"
          hint="For the renewal reminder on WhatsApp."
          defaultValue={order.phone ?? ""}
          autoComplete="off"
          error={errors.phone}
        />
      </div>
      <div>
        <label htmlFor={`${formId}-note`} className="text-sm font-medium">
          Private note <span className={`font-normal ${mutedText}`}>(only admins see it)</span>
        </label>
        <textarea id={`${formId}-note`} name="note" rows={2} maxLength={2000} defaultValue={order.note} className={inputClass} />
      </div>
      {stale && <StaleBanner onReload={() => void reload()} reloading={reloading} />}
      <button type="submit" disabled={saving} className={`${secondaryButton} px-4 py-2 text-sm`}>
        {saving ? "Saving…" : "Save details"}
      </button>
    </form>
  );
}
