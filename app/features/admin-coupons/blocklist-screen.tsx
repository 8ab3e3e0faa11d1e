import { useState } from "react";
import type { BlockedAttempt, BlockedPhone } from "../../../domain/blocklist/schemas";
import { readablePhone } from "../../../domain/customers/customers";
import { card, mutedText } from "../../components/ui";
import { ConfirmItem } from "../../lib/admin/confirm-dialog";
import { InputField, SubmitButton } from "../../lib/admin/form-parts";
import { formatDateTime } from "../../lib/admin/format";
import { smallButton } from "../../lib/admin/item-list";
import { CardList, CountedTitle, PlainTable, plainRow } from "../../lib/admin/list-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { blockActionSchema, unblockActionSchema } from "./coupon-actions";
import { TitledSection } from "../../components/titled-section";

/** The phones the shop takes no order from, with why, and the checkouts they tried. */
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

  const submit = block.handleSubmit(() => block.submit({ intent: "block", fields: { phone, reason } }));

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
        <CountedTitle id="blocked-title" title="Blocked phones" count={items.length} />
        <CardList items={items} empty="No phone is blocked." itemKey={(item) => item.phone} itemClassName="gap-3 sm:items-center">
          {(item) => (
            <>
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
            </>
          )}
        </CardList>
      </section>

      <TitledSection id="attempts-title" title="Checkouts they tried" className="mt-8">
        {attempts.length === 0 ? (
          <p className={`${card} mt-3 p-6 text-center ${mutedText}`}>No blocked phone has tried to check out.</p>
        ) : (
          <div className={`${card} mt-3 overflow-x-auto p-4`}>
            <PlainTable columns={["When", "Phone", "Chat", ["Cart total", "py-2 text-right"]]}>
              {attempts.map((attempt, index) => (
                <tr key={`${attempt.createdAt}-${index}`} className={plainRow}>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(attempt.createdAt)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{readablePhone(attempt.phone)}</td>
                  <td className="py-2 pr-3">{attempt.channel === "telegram" ? "Telegram" : "WhatsApp"}</td>
                  <td className="py-2 text-right whitespace-nowrap">NPR {attempt.total}</td>
                </tr>
              ))}
            </PlainTable>
          </div>
        )}
      </TitledSection>

      <ConfirmItem
        item={unblocking}
        setItem={setUnblocking}
        title="Unblock this phone?"
        confirmLabel="Unblock"
        destructive={false}
        message={(item) => `${readablePhone(item.phone)} will be able to place orders again.`}
        onConfirm={(item) => unblock.submit({ intent: "unblock", phone: item.phone })}
      />
    </div>
  );
}
