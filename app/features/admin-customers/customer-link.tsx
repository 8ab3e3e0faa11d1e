import { useState } from "react";
import { z } from "zod";
import type { CustomerLink } from "../../../domain/customer-links/schemas";
import { card, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { formatDateTime } from "../../lib/admin/format";
import { sectionHeading } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { LinkToCopy } from "../../lib/admin/link-to-copy";

/** "New customer link" and "Revoke" on a customer's page (ADR 0104). */
export const customerLinkActionSchema = z.object({ intent: z.enum(["new-link", "revoke-link"]) });

/**
 * The customer's link to their page of all subscriptions: shown and copied once made, made anew (the old one
 * stops working) or revoked. The delivery message makes one by itself when the customer has none.
 */
export function CustomerLinkSection({ link }: { link: CustomerLink }) {
  const action = useAdminAction(customerLinkActionSchema);
  const [confirming, setConfirming] = useState<"new-link" | "revoke-link" | null>(null);
  const send = (intent: "new-link" | "revoke-link") => {
    setConfirming(null);
    action.submit({ intent });
  };
  return (
    <section aria-labelledby="customer-link" className={`${card} mt-6 space-y-3 p-4 sm:p-5`}>
      <h2 id="customer-link" className={sectionHeading}>
        Customer link
      </h2>
      <p className={`text-sm ${mutedText}`}>
        One page of all this customer&apos;s subscriptions and orders, with Renew. Anyone with the link sees them: send it only to this
        customer&apos;s phone. Delivery messages carry it.
      </p>
      {link?.path ? (
        <LinkToCopy key={link.path} path={link.path} whose="of this customer" />
      ) : link ? (
        <p className="text-sm">
          The link works, but this server cannot show it (its copy is under another secrets key). Make a new one to send it again.
        </p>
      ) : (
        <p className="text-sm">No link yet.</p>
      )}
      {link && <p className={`text-xs ${mutedText}`}>Made {formatDateTime(link.createdAt)}</p>}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={action.pending}
          className={`${primaryButton} px-4 py-2.5`}
          onClick={() => (link ? setConfirming("new-link") : send("new-link"))}
        >
          {action.pending ? "Saving…" : "New customer link"}
        </button>
        {link && (
          <button type="button" disabled={action.pending} className={`${secondaryButton} px-4 py-2.5`} onClick={() => setConfirming("revoke-link")}>
            Revoke
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === "revoke-link" ? "Revoke the customer link?" : "Make a new customer link?"}
        message={
          confirming === "revoke-link"
            ? "The link stops working at once: whoever opens it sees “Order not found”. The next delivery message makes a new one."
            : "The current link stops working at once; send the new one to the customer."
        }
        confirmLabel={confirming === "revoke-link" ? "Revoke" : "Make a new link"}
        onConfirm={() => confirming && send(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
