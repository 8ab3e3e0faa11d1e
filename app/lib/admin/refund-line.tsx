import { useState } from "react";
import type { RefundDestination } from "../../../domain/refunds/refunds";
import type { RefundPreview } from "../../../domain/refunds/schemas";
import { formatNpr } from "../../../domain/shared/money";
import { Dialog } from "../../components/dialog";
import { mutedText, primaryButton, secondaryButton } from "../../components/ui";

const DESTINATION_LABELS: Record<RefundDestination, string> = { credit: "to store credit", khalti: "on Khalti" };

/**
 * Refund a delivered line nothing can replace (ADR 0127): what its days left come to, shown before confirming, then
 * to the customer's store credit or back on the gateway that took the payment, as the customer chose. The screen
 * writes it (`onRefund`, its own action: the order's, or the problem's that resolves it) and toasts the answer.
 */
export function RefundLine({
  reference,
  lineId,
  name,
  pending,
  onRefund,
  buttonClass = `${secondaryButton} px-3 py-1.5 text-xs`,
}: {
  reference: string;
  lineId: string;
  name: string;
  pending: boolean;
  onRefund: (to: RefundDestination) => void;
  /** The Refund button's look, as its screen's other buttons beside it. */
  buttonClass?: string;
}) {
  const [preview, setPreview] = useState<RefundPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const open = async () => {
    setProblem(null);
    const answer = await fetch(`/api/admin/orders/${encodeURIComponent(reference)}/lines/${encodeURIComponent(lineId)}/refund`).catch(() => null);
    const body = answer ? await answer.json().catch(() => null) : null;
    if (answer?.ok && body) setPreview(body as RefundPreview);
    else setProblem(typeof body?.message === "string" ? body.message : "The refund could not be worked out just now. Try again.");
  };
  return (
    <>
      <button type="button" className={buttonClass} disabled={pending} onClick={() => void open()} aria-label={`Refund ${name}`}>
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
                    disabled={pending}
                    onClick={() => {
                      onRefund(to);
                      setPreview(null);
                    }}
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
