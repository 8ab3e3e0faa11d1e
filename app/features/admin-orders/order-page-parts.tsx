import { Fragment } from "react";
import { formatNpr } from "../../../domain/shared/money";
import type { Order } from "../../../domain/orders/schemas";
import { GATEWAY_NAMES } from "../../../domain/payments/payments";
import { mutedText } from "../../components/ui";
import { formatDateTime } from "../../lib/admin/format";
import { LinkToCopy } from "../../lib/admin/link-to-copy";

/** The shopper said they paid (ADR 0077): shown on the card, so the inbox shows who to check; the status stays the admin's. */
export function PaidClaimBanner({ order }: { order: Order }) {
  const claim = order.paidClaim;
  if (!claim || (order.status !== "new" && order.status !== "contacted")) return null;
  return (
    <p className="mt-3 rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 dark:border-amber-600 dark:bg-amber-950/60 dark:text-amber-50">
      Customer says paid · <time dateTime={claim.at}>{formatDateTime(claim.at)}</time>
      {claim.transactionId && <> · transaction id {claim.transactionId}</>}. Check the payment, then mark it paid.
    </p>
  );
}

/** A gateway proved the payment: the seller has nothing to check. */
export function PaidViaBanner({ order }: { order: Order }) {
  const via = order.paidVia;
  if (!via) return null;
  return (
    <p className="mt-3 rounded-lg border border-emerald-400 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-50">
      Paid via {GATEWAY_NAMES[via.gateway]}, checked
      {via.amount !== null && <> · NPR {formatNpr(via.amount)}</>}
      {via.transactionId && <> · transaction id {via.transactionId}</>}
    </p>
  );
}

/** Its bill (ADR 0130), issued when it became paid, and what credit notes took from it. */
export function BillLine({ order }: { order: Order }) {
  if (!order.bill) return null;
  const notes = order.bill.creditNotes;
  const number = (text: string) => <span className="font-mono whitespace-nowrap">{text}</span>;
  return (
    <p className={`mt-2 text-sm ${mutedText}`}>
      Bill {number(order.bill.number)}
      {notes.length > 0 && (
        <>
          {" "}
          · {notes.length === 1 ? "credit note" : "credit notes"}{" "}
          {notes.map((note, i) => (
            <Fragment key={note}>
              {i > 0 && ", "}
              {number(note)}
            </Fragment>
          ))}
        </>
      )}
    </p>
  );
}

/** The shopper's order page link, to paste into the chat (ADR 0075). */
export function ShopperLink({ order }: { order: Order }) {
  if (!order.shopperPath) return <p className={`text-sm ${mutedText}`}>Placed before order pages: this order has no shopper link.</p>;
  return (
    <div>
      <h3 className="font-semibold">Shopper&apos;s order page</h3>
      <p className={`text-sm ${mutedText}`}>Anyone with this link sees the order and how to pay; send it only to this customer.</p>
      <LinkToCopy path={order.shopperPath} whose={`of order ${order.reference}`} className="mt-2" />
    </div>
  );
}
