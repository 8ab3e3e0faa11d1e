import { useState } from "react";
import { card, mutedText, secondaryButton } from "../../components/ui";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { orderActionSchema } from "./order-actions";

const orders = (count: number) => (count === 1 ? "1 order" : `${count} orders`);

/**
 * The seller's bulk action on spam orders: the orders awaiting payment on this page are chosen with their
 * cards' boxes (or all at once here), then cancelled as spam in one go, after a confirmation. Each is cancelled as
 * the card's Cancel order would, releasing what it held, with an audit line of its own; one paid in the meantime
 * is left as it is. Stays in view while the seller scrolls through the cards.
 */
export function SpamAction({
  candidates,
  chosen,
  onChange,
}: {
  /** References of the orders on this page that may be cancelled as spam (new or contacted). */
  candidates: readonly string[];
  chosen: ReadonlySet<string>;
  onChange: (chosen: Set<string>) => void;
}) {
  const write = useAdminAction(orderActionSchema, { onSaved: () => onChange(new Set()) });
  const [confirming, setConfirming] = useState(false);
  if (candidates.length === 0) return null;
  const picked = candidates.filter((reference) => chosen.has(reference));
  const all = picked.length === candidates.length;
  return (
    <section
      aria-label="Spam orders"
      className={`${card} sticky top-2 z-10 mt-4 flex flex-wrap items-center justify-between gap-3 p-3 shadow-sm sm:px-4`}
    >
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={all}
          onChange={(event) => onChange(event.target.checked ? new Set(candidates) : new Set())}
        />
        <span>
          Choose all {candidates.length} awaiting payment on this page
          <span className={`block font-normal ${mutedText}`}>{picked.length === 0 ? "None chosen" : `${orders(picked.length)} chosen`}</span>
        </span>
      </label>
      <button
        type="button"
        className={`${secondaryButton} px-4 py-2 text-sm text-red-700 dark:text-red-300`}
        disabled={picked.length === 0 || write.pending}
        aria-busy={write.pending}
        onClick={() => setConfirming(true)}
      >
        {write.pending ? "Cancelling…" : `Cancel as spam${picked.length ? ` (${picked.length})` : ""}`}
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Cancel ${orders(picked.length)} as spam?`}
        message={`${picked.join(", ")} will be cancelled as spam. A cancelled order cannot be reopened, and its shopper's page says it was cancelled. An order paid in the meantime is left as it is.`}
        confirmLabel={`Cancel ${orders(picked.length)} as spam`}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          write.submit({ intent: "spam", fields: { references: picked } });
        }}
      />
    </section>
  );
}
