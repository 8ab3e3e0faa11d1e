import { useId, useState } from "react";
import { ACCOUNT_STATUSES, BILLING_CYCLES, MAX_SEATS, type BillingCycle } from "../../../domain/ledger/accounts";
import type { Account } from "../../../domain/ledger/schemas";
import { card, focusRing, mutedText, secondaryButton } from "../../components/ui";
import { Field, InputField, sectionHeading, StaleBanner, SubmitButton } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { accountActionSchema } from "./account-actions";
import { Options } from "../../components/options";

export type ItemChoice = { id: string; name: string };

/** The options of a select of one catalogue item, none chosen at first. */
export function ItemOptions({ items }: { items: ItemChoice[] }) {
  return (
    <>
      <option value="" disabled>
        Choose an item
      </option>
      <Options of={items} value={(item) => item.id} label={(item) => item.name} />
    </>
  );
}

type SeatDraft = { key: number; id?: string; profileName: string; pin: string; hasPin: boolean };

let nextKey = 1;
const draftsOf = (account: Account | null): SeatDraft[] =>
  account
    ? account.seats.map((seat) => ({ key: nextKey++, id: seat.id, profileName: seat.profileName, pin: "", hasPin: seat.hasPin }))
    : Array.from({ length: 4 }, (_, i) => ({ key: nextKey++, profileName: `Profile ${i + 1}`, pin: "", hasPin: false }));

const STATUS_LABELS = { active: "Active", paused: "Paused", retired: "Retired" } as const;
const CYCLE_LABELS: Record<BillingCycle, string> = { monthly: "Monthly", yearly: "Yearly", none: "No cycle: bought once" };

/** The form's id, to bring it into view and focus its first field when it opens. */
export const accountFormId = (editing: Account | null) => (editing ? `account-form-${editing._id}` : "account-form");

/** Adds a provider account, or edits `editing` over the version it was read at; `onDone` when saved or cancelled. */
export function AccountForm({ items, editing, onDone }: { items: ItemChoice[]; editing: Account | null; onDone: () => void }) {
  const save = useAdminAction(accountActionSchema, { onSaved: onDone, reset: !editing });
  const { errors, formRef, pending, stale, reload, reloading } = save;
  const [seats, setSeats] = useState<SeatDraft[]>(() => draftsOf(editing));
  const [cycle, setCycle] = useState<BillingCycle>(editing?.billingCycle ?? "monthly");
  // The form stays mounted over a save, to take its answer; the saved (or reloaded) version replaces the drafts.
  const [draftedVersion, setDraftedVersion] = useState(editing?.version);
  if (editing && editing.version !== draftedVersion) {
    setDraftedVersion(editing.version);
    setSeats(draftsOf(editing));
    setCycle(editing.billingCycle);
  }
  // The billing errors are about the cycle that was sent: another one chosen since makes them stale.
  const [sentCycle, setSentCycle] = useState(cycle);
  const billingError = (field: "renewalDate" | "renews") => (cycle === sentCycle ? errors[field] : undefined);
  // Two forms may be open at once (an edit beside the add form): ids of their own.
  const renewsHint = `${useId()}-renews-hint`;

  const submit = save.handleSubmit((form) => {
    setSentCycle(cycle);
    const text = (name: string) => String(form.get(name) ?? "");
    const number = (name: string) => (text(name).trim() === "" ? Number.NaN : Number(text(name)));
    const fields = {
      service: text("service"),
      itemIds: form.getAll("itemIds").map(String),
      login: text("login"),
      password: text("password"),
      seats: seats.map((seat, index) => {
        const pin = text(`pin-${index}`);
        // On an edit an empty PIN box keeps the stored PIN.
        return { ...(seat.id ? { id: seat.id } : {}), profileName: text(`profile-${index}`), ...(pin || !seat.id ? { pin } : {}) };
      }),
      billingCycle: text("billingCycle") as BillingCycle,
      renewalDate: text("renewalDate") || null,
      cost: number("cost"),
      renews: form.get("renews") === "on",
      status: text("status") as Account["status"],
      notes: text("notes"),
    };
    if (editing)
      save.submit({ intent: "update", id: editing._id, version: editing.version, fields: { ...fields, password: fields.password || undefined } });
    else save.submit({ intent: "create", fields });
  });

  const title = editing ? `Edit ${editing.service} (${editing.login})` : "Add a provider account";
  // An account is edited in place of its card in the list, under the list's heading.
  const Heading = editing ? "h3" : "h2";
  const formId = accountFormId(editing);
  return (
    <section aria-labelledby={`${formId}-title`} className={editing ? undefined : `${card} p-4 sm:p-6`}>
      <Heading id={`${formId}-title`} className={`${sectionHeading} break-words`}>
        {title}
      </Heading>
      <form
        id={formId}
        key={editing ? `${editing._id}-${editing.version}` : "new"}
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="mt-4 space-y-5"
      >
        <div className="grid gap-4 md:grid-cols-2">
          <InputField
            name="service"
            label="Service"
            hint="e.g. Netflix Premium 4K"
            defaultValue={editing?.service}
            error={errors["service"]}
            required
          />
          <InputField
            name="login"
            label="Login (email or username)"
            defaultValue={editing?.login}
            error={errors["login"]}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <InputField
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={editing ? "Leave empty to keep the stored password." : "Stored encrypted; shown only by Reveal."}
            error={errors["password"]}
            required={!editing}
          />
          <Field label="Status" error={errors["status"]}>
            {(control) => (
              <select name="status" defaultValue={editing?.status ?? "active"} {...control}>
                <Options of={ACCOUNT_STATUSES} label={(status) => STATUS_LABELS[status]} />
              </select>
            )}
          </Field>
        </div>

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-3 sm:p-4 md:grid-cols-2 dark:border-slate-800">
          <legend className="px-1 text-sm font-medium">Billing</legend>
          <Field label="Billed" error={errors["billingCycle"]} required>
            {(control) => (
              <select name="billingCycle" value={cycle} onChange={(event) => setCycle(event.target.value as BillingCycle)} {...control}>
                <Options of={BILLING_CYCLES} label={(option) => CYCLE_LABELS[option]} />
              </select>
            )}
          </Field>
          <InputField
            key={cycle === "none" ? "ends" : "bill"}
            name="renewalDate"
            label={cycle === "none" ? "Ends on" : "Next bill date"}
            type="date"
            optional={cycle === "none"}
            required={cycle !== "none"}
            defaultValue={editing?.renewalDate ?? ""}
            error={billingError("renewalDate")}
            hint={cycle === "none" ? "Leave empty if it never ends." : "The day the provider charges it next; it is paid up until then."}
          />
          <InputField
            name="cost"
            label={cycle === "none" ? "Cost (NPR)" : `Cost per ${cycle === "monthly" ? "month" : "year"} (NPR)`}
            type="number"
            inputMode="numeric"
            min={0}
            defaultValue={editing?.cost ?? ""}
            error={errors["cost"]}
            required
          />
          {cycle !== "none" && (
            <div className="self-center">
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="renews"
                  defaultChecked={editing?.renews ?? true}
                  aria-describedby={renewsHint}
                  aria-invalid={billingError("renews") ? true : undefined}
                  className="mt-0.5 h-4 w-4 shrink-0"
                />
                <span>Renews on the bill date</span>
              </label>
              <p id={renewsHint} className={`mt-1 text-xs ${mutedText}`}>
                Seats may then be sold beyond the bill date. Untick if the account ends then.
              </p>
              {billingError("renews") && <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">{billingError("renews")}</p>}
            </div>
          )}
        </fieldset>

        <fieldset aria-describedby={errors["itemIds"] ? "items-error" : undefined}>
          <legend className="text-sm font-medium">
            Catalogue items it serves{" "}
            <span aria-hidden="true" className="text-red-700 dark:text-red-300">
              *
            </span>
          </legend>
          <div className="mt-2 grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-800">
            {items.map((item) => (
              <label key={item.id} className="flex items-center gap-2 rounded px-1 py-1 text-sm">
                <input type="checkbox" name="itemIds" value={item.id} defaultChecked={editing?.itemIds.includes(item.id)} className="h-4 w-4" />
                {item.name}
              </label>
            ))}
          </div>
          {(errors["itemIds"] || errors["itemIds.0"]) && (
            <p id="items-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
              {errors["itemIds"] ?? errors["itemIds.0"]}
            </p>
          )}
        </fieldset>

        <fieldset>
          <legend className="text-sm font-medium">Seats ({seats.length})</legend>
          <p className={`text-xs ${mutedText}`}>
            One per profile or member. {editing ? "An empty PIN box keeps the stored PIN." : "PINs are stored encrypted."}
          </p>
          <ol className="mt-2 space-y-2">
            {seats.map((seat, index) => (
              <li key={seat.key} className="grid grid-cols-[auto_1fr_1fr_auto] items-end gap-2">
                <span className={`pb-3 text-sm ${mutedText}`}>{index + 1}.</span>
                <InputField name={`profile-${index}`} label="Profile" defaultValue={seat.profileName} error={errors[`seats.${index}.profileName`]} />
                <InputField
                  name={`pin-${index}`}
                  label={seat.hasPin ? "PIN (stored)" : "PIN"}
                  optional={!seat.hasPin}
                  autoComplete="off"
                  inputMode="numeric"
                  error={errors[`seats.${index}.pin`]}
                />
                <button
                  type="button"
                  aria-label={`Remove seat ${index + 1}`}
                  disabled={seats.length === 1}
                  onClick={() => setSeats((all) => all.filter((s) => s.key !== seat.key))}
                  className={`mb-1 rounded-lg border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800 ${focusRing}`}
                >
                  ✕
                </button>
              </li>
            ))}
          </ol>
          {errors["seats"] && <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">{errors["seats"]}</p>}
          <button
            type="button"
            className={`${secondaryButton} mt-2 px-4 py-2 text-sm`}
            disabled={seats.length >= MAX_SEATS}
            onClick={() => setSeats((all) => [...all, { key: nextKey++, profileName: `Profile ${all.length + 1}`, pin: "", hasPin: false }])}
          >
            Add a seat
          </button>
        </fieldset>

        <Field label="Notes" optional error={errors["notes"]}>
          {(control) => <textarea name="notes" rows={2} defaultValue={editing?.notes} {...control} />}
        </Field>

        {stale && <StaleBanner onReload={() => void reload()} reloading={reloading} />}
        <div className="flex flex-col gap-3 sm:flex-row">
          <SubmitButton pending={pending}>{editing ? "Save account" : "Add account"}</SubmitButton>
          <button type="button" className={secondaryButton} onClick={onDone}>
            {editing ? "Cancel edit" : "Cancel"}
          </button>
        </div>
      </form>
    </section>
  );
}
