import { useState, type FormEvent } from "react";
import type { BlockedAttempt, BlockedPhone } from "../../../domain/blocklist";
import { readablePhone } from "../../../domain/customers";
import { card, focusRing, mutedText } from "../../components/ui";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { InputField, SubmitButton } from "../../lib/admin/form-parts";
import { formatDateTime } from "../../lib/admin/format";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { blockActionSchema, unblockActionSchema } from "./coupon-actions";

const smallButton = `inline-flex items-center justify-center rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800 ${focusRing}`;

/** The phones the shop takes no order from (issue 32), with why, and the checkouts they tried. */
export function BlocklistScreen({ items, attempts }: { items: BlockedPhone[]; attempts: BlockedAttempt[] }) {
  const [phone, setPhone] = useState("");
  const [reason, setReason] = useState("");
  const [unblocking, setUnblocking] = useState<BlockedPhone | null>(null);
  const block = useAdminAction(blockActionSchema, {
    onSaved: () => {
      setPhone("");
      setReason("");
    },
  });
  const unblock = useAdminAction(unblockActionSchema);
  const { errors, formRef, pending, clearError } = block;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) block.submit({ intent: "block", fields: { phone, reason } });
  }

  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold">Blocklist</h1>
      <p className={`mt-1 text-sm ${mutedText}`}>
        A blocked phone&apos;s checkout places no order: the shopper is asked to contact the shop. Numbers are matched however they are written.
      </p>

      <form ref={formRef} onSubmit={submit} noValidate className={`${card} mt-6 space-y-4 p-4 sm:p-6`} aria-labelledby="block-form-title">
        <h2 id="block-form-title" className="text-lg font-semibold">
          Block a phone
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Phone"
            hint="e.g. 9800000000 or +977 980-0000000"
            error={errors.phone}
            name="phone"
            type="tel"
            required
            maxLength={30}
            value={phone}
            onChange={(event) => {
              setPhone(event.target.value);
              clearError("phone");
            }}
          />
          <InputField
            label="Reason"
            optional
            error={errors.reason}
            name="reason"
            maxLength={300}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <SubmitButton pending={pending}>Block phone</SubmitButton>
      </form>

      <section aria-labelledby="blocked-title" className="mt-8" aria-busy={unblock.pending}>
        <h2 id="blocked-title" className="text-lg font-semibold">
          Blocked phones <span className={`font-normal ${mutedText}`}>({items.length})</span>
        </h2>
        {items.length === 0 ? (
          <p className={`${card} mt-3 p-6 text-center ${mutedText}`}>No phone is blocked.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {items.map((item) => (
              <li key={item.phone} className={`${card} flex flex-col gap-3 p-4 sm:flex-row sm:items-center`}>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{readablePhone(item.phone)}</p>
                  <p className={`text-sm break-words ${mutedText}`}>
                    {item.reason || "No reason given"} · since {formatDateTime(item.createdAt)} · {item.attempts} attempt
                    {item.attempts === 1 ? "" : "s"}
                  </p>
                </div>
                <button type="button" className={smallButton} disabled={unblock.pending} onClick={() => setUnblocking(item)}>
                  Unblock<span className="sr-only"> {readablePhone(item.phone)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="attempts-title" className="mt-8">
        <h2 id="attempts-title" className="text-lg font-semibold">
          Checkouts they tried
        </h2>
        {attempts.length === 0 ? (
          <p className={`${card} mt-3 p-6 text-center ${mutedText}`}>No blocked phone has tried to check out.</p>
        ) : (
          <div className={`${card} mt-3 overflow-x-auto p-4`}>
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-800">
                  <th scope="col" className="py-2 pr-3">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Phone
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Chat
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Cart total
                  </th>
                </tr>
              </thead>
              <tbody>
                {attempts.map((attempt, index) => (
                  <tr key={`${attempt.createdAt}-${index}`} className="border-b border-slate-100 dark:border-slate-800/60">
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(attempt.createdAt)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{readablePhone(attempt.phone)}</td>
                    <td className="py-2 pr-3">{attempt.channel === "telegram" ? "Telegram" : "WhatsApp"}</td>
                    <td className="py-2 text-right whitespace-nowrap">NPR {attempt.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <ConfirmDialog
        open={unblocking !== null}
        title="Unblock this phone?"
        confirmLabel="Unblock"
        destructive={false}
        message={unblocking ? `${readablePhone(unblocking.phone)} will be able to place orders again.` : ""}
        onCancel={() => setUnblocking(null)}
        onConfirm={() => {
          const item = unblocking;
          setUnblocking(null);
          if (item) unblock.submit({ intent: "unblock", phone: item.phone });
        }}
      />
    </div>
  );
}
