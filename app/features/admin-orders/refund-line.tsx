import { useState } from "react";
import type { RefundDestination } from "../../../domain/refunds/refunds";
import type { RefundPreview } from "../../../domain/refunds/schemas";
import { formatNpr } from "../../../domain/shared/money";
import { Dialog } from "../../components/dialog";
import { mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { orderActionSchema } from "./order-actions";

const DESTINATION_LABELS: Record<RefundDestination, string> = { credit: "to store credit", khalti: "on Khalti" };

/**
 * Refund a delivered line nothing can replace (ADR 0127): what its days left come to, shown before confirming, then
 * to the customer's store credit or back on the gateway that took the payment, as the customer chose.
 */
export function RefundLine({ reference, lineId, name }: { reference: string; lineId: string; name: string }) {
  const write = useAdminAction(orderActionSchema, { onSaved: () => setPreview(null) });
  const [preview, setPreview] = useState<RefundPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const open = async () => {
    setProblem(null);
    const answer = await fetch(`/api/admin/orders/${encodeURIComponent(reference)}/lines/${encodeURIComponent(lineId)}/refund`).catch(() => null);
    const body = answer ? await answer.json().catch(() => null) : null;
    if (answer?.ok && body) setPreview(body as RefundPreview);
    else setProblem(typeof body?.message === "string" ? body.message : "The refund could not be worked out just now. Try again.");
  };
  const small = `${secondaryButton} px-3 py-1.5 text-xs`;
  return (
    <>
      <button type="button" className={small} disabled={write.pending} onClick={() => void open()} aria-label={`Refund ${name}`}>
        Refund
      </button>
      {problem && (
        <p role="alert" className="w-full text-xs font-medium text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <Dialog open={preview !== null} onClose={() => setPreview(null)} title={`Refund ${name}?`}>
        {preview && (
          <>
            <p>
              {preview.daysLeft} of its {preview.days} days are left: <strong>NPR {formatNpr(preview.amount)}</strong>. The line ends today and its
              seat is freed; the refund counts in this month.
            </p>
            {preview.amount === 0 ? (
              <p className={`mt-2 ${mutedText}`}>Nothing is left to refund.</p>
            ) : (
              <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
                <button type="button" className={secondaryButton} onClick={() => setPreview(null)}>
                  Cancel
                </button>
                {preview.destinations.map((to) => (
                  <button
                    key={to}
                    type="button"
                    className={primaryButton}
                    disabled={write.pending}
                    onClick={() => write.submit({ intent: "refund", reference, lineId, to })}
                  >
                    Refund NPR {formatNpr(preview.amount)} {DESTINATION_LABELS[to]}
                  </button>
                ))}
              </div>
            )}
          </>
        )}
      </Dialog>
    </>
  );
}
