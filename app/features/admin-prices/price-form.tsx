import { useEffect, useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { CATEGORIES, CATEGORY_LABELS, PLAN_MONTHS, STATUSES, STATUS_LABELS, type CatalogueItem } from "../../../domain/catalogue/catalogue";
import { card, focusRing, mutedText, secondaryButton } from "../../components/ui";
import { Field, inputClass, StaleBanner, SubmitButton } from "../../lib/admin/form-parts";
import { ImageUpload } from "../../lib/admin/image-upload";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { savePriceSchema } from "./price-actions";
import { monthsLabel } from "../../../domain/orders/checkout";
import { addPlan, draftFromItem, draftToPayload, emptyDraft, type PriceDraft } from "./price-draft";
import { Options } from "../../components/options";

const labelClass = "text-sm font-medium";
const errorClass = "mt-1 text-sm font-medium text-red-700 dark:text-red-300";
const hintClass = `mt-1 text-xs ${mutedText}`;

type TextField = Exclude<keyof PriceDraft, "plans" | "AutoDeliver">;

/**
 * The Add Price / Update Price form. Mount it with a new `key` to reset it: the screen does
 * that after a save, on Edit and on Cancel edit. What the admin typed stays when a save fails.
 */
export function PriceForm({
  editing,
  focusOnMount,
  onSaved,
  onCancelEdit,
  onReload,
}: {
  editing: CatalogueItem | null;
  focusOnMount: boolean;
  onSaved: () => void;
  onCancelEdit: () => void;
  /** After Reload of a save over someone else's: the form starts again from the item as read now. */
  onReload: () => void;
}) {
  const uid = useId();
  const save = useAdminAction(savePriceSchema, { onSaved, onReload });
  const { errors, formRef } = save;
  const [draft, setDraft] = useState<PriceDraft>(() => (editing ? draftFromItem(editing) : emptyDraft));
  // The version the draft was made from: the screen's data may be read again meanwhile (another write).
  const [readVersion] = useState(editing?.version ?? 0);
  const [newPlan, setNewPlan] = useState({ months: "", price: "" });
  const [planHint, setPlanHint] = useState<string | null>(null);

  const idFor = (field: string) => `${uid}-${field.replace(/[^\w-]/g, "_")}`;

  useEffect(() => {
    if (!focusOnMount) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    formRef.current?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    formRef.current?.querySelector<HTMLInputElement>("input[name=Name]")?.focus({ preventScroll: true });
  }, [focusOnMount, formRef]);

  function set(field: TextField, value: string) {
    setDraft((d) => ({ ...d, [field]: value }));
    save.clearError(field);
  }

  function setPlanPrice(months: string, price: string) {
    setDraft((d) => ({ ...d, plans: d.plans.map((p) => (p.months === months ? { ...p, price } : p)) }));
  }

  function removePlan(months: string) {
    setDraft((d) => ({ ...d, plans: d.plans.filter((p) => p.months !== months) }));
    formRef.current?.querySelector<HTMLInputElement>(`#${CSS.escape(idFor("new-months"))}`)?.focus();
  }

  /** Adds the pending plan; false when only one of months and price is filled in. */
  function commitNewPlan(): PriceDraft["plans"] | false {
    if (!newPlan.months.trim() && !newPlan.price.trim()) return draft.plans;
    const plans = addPlan(draft.plans, newPlan);
    if (!plans) {
      setPlanHint("Enter both months and price to add a plan.");
      const empty = newPlan.months.trim() ? "new-price" : "new-months";
      formRef.current?.querySelector<HTMLInputElement>(`#${CSS.escape(idFor(empty))}`)?.focus();
      return false;
    }
    setDraft((d) => ({ ...d, plans }));
    setNewPlan({ months: "", price: "" });
    setPlanHint(null);
    return plans;
  }

  function onNewPlanKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (commitNewPlan()) formRef.current?.querySelector<HTMLInputElement>(`#${CSS.escape(idFor("new-months"))}`)?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.pending) return;
    const plans = commitNewPlan();
    if (plans === false) return;
    const fields = draftToPayload({ ...draft, plans });
    save.submit(editing ? { intent: "update", id: editing._id, version: readVersion, fields } : { intent: "create", fields });
  }

  // Errors about one plan row show on that row; the rest (e.g. too many plans) under the plans box.
  const rowFields = new Set(draft.plans.map((p) => `plans.${p.months}`));
  const plansError = Object.entries(errors).find(([field]) => (field === "plans" || field.startsWith("plans.")) && !rowFields.has(field));
  const formError = errors[""];

  const field = (
    name: TextField,
    label: string,
    control: (props: Parameters<Parameters<typeof Field>[0]["children"]>[0]) => ReactNode,
    options: { required?: boolean; optional?: boolean; hint?: string } = {},
  ) => (
    <Field id={idFor(name)} label={label} required={options.required} optional={options.optional} hint={options.hint} error={errors[name]}>
      {control}
    </Field>
  );

  const text = (
    name: TextField,
    label: string,
    options: { required?: boolean; optional?: boolean; hint?: string; inputMode?: "numeric" | "url"; lang?: string } = {},
  ) =>
    field(
      name,
      label,
      (props) => (
        <input
          {...props}
          name={name}
          type="text"
          inputMode={options.inputMode}
          lang={options.lang}
          required={options.required}
          autoComplete="off"
          value={draft[name]}
          onChange={(e) => set(name, e.target.value)}
        />
      ),
      options,
    );

  const textArea = (name: TextField, label: string, rows: number, options: { optional?: boolean; lang?: string } = {}) =>
    field(
      name,
      label,
      (props) => <textarea {...props} name={name} lang={options.lang} rows={rows} value={draft[name]} onChange={(e) => set(name, e.target.value)} />,
      options,
    );

  // The boxes of the plan being added; Enter in either adds it.
  const newPlanBox = (part: "months" | "price", label: string, list?: string) => (
    <>
      <label htmlFor={idFor(`new-${part}`)} className={labelClass}>
        {label}
      </label>
      <input
        id={idFor(`new-${part}`)}
        list={list}
        inputMode="numeric"
        autoComplete="off"
        aria-describedby={planHint ? `${idFor("new-plan")}-error` : undefined}
        value={newPlan[part]}
        onChange={(e) => setNewPlan((p) => ({ ...p, [part]: e.target.value }))}
        onKeyDown={onNewPlanKey}
        className={inputClass}
      />
    </>
  );

  const title = editing ? "Update Price" : "Add Price";

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${uid}-title`} className={`${card} scroll-mt-4 p-4 sm:p-6`}>
      <h2 id={`${uid}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {editing ? (
        <p className={`mt-1 text-sm ${mutedText}`}>
          Editing <span className="font-medium text-slate-900 dark:text-slate-100">{editing.Name}</span>
        </p>
      ) : (
        <p className={`mt-1 text-sm ${mutedText}`}>
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">as required</span> are required.
        </p>
      )}

      <div className="mt-5 space-y-4">
        {text("Name", "Name", { required: true })}
        {text("NameNe", "Name in Nepali", {
          optional: true,
          lang: "ne",
          hint: "Shown on the Nepali pages, where the English name shows when this is empty. Brand names stay as they are (Netflix).",
        })}
        {text("Id", "Id", { required: true, inputMode: "numeric", hint: "A whole number; the catalogue is ordered by it." })}
        <div>
          {text("ImageId", "ImageId", {
            required: true,
            inputMode: "url",
            hint: "An image URL (https://…) or a path on this site, such as /images/netflix.svg.",
          })}
          <ImageUpload value={draft.ImageId} onUploaded={(url) => set("ImageId", url)} />
        </div>
        {field(
          "Category",
          "Category",
          (props) => (
            <select {...props} name="Category" required value={draft.Category} onChange={(e) => set("Category", e.target.value)}>
              <option value="" disabled>
                Select Category
              </option>
              <Options of={CATEGORIES} label={(c) => CATEGORY_LABELS[c]} />
            </select>
          ),
          { required: true },
        )}
        {textArea("Info", "Info", 4)}
        {textArea("InfoNe", "Info in Nepali", 4, { optional: true, lang: "ne" })}

        <fieldset
          aria-describedby={[`${idFor("plans")}-hint`, plansError ? `${idFor("plans")}-error` : null].filter(Boolean).join(" ")}
          className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
        >
          <legend className={`${labelClass} px-1`}>Plans</legend>
          <p id={`${idFor("plans")}-hint`} className={hintClass}>
            Months and the price in whole NPR. Leave empty for “Contact Admin for this Item”.
          </p>
          {draft.plans.length > 0 ? (
            <ul className="mt-3 space-y-2" aria-label="Plans">
              {draft.plans.map((plan) => {
                const rowField = `plans.${plan.months}`;
                const rowError = errors[rowField];
                return (
                  <li key={plan.months}>
                    <div className="flex items-center gap-2">
                      <label htmlFor={idFor(rowField)} className="w-[4.5rem] shrink-0 text-sm font-medium">
                        {monthsLabel(plan.months)}
                      </label>
                      <input
                        id={idFor(rowField)}
                        aria-label={`Price for ${monthsLabel(plan.months)} (NPR)`}
                        aria-invalid={rowError ? true : undefined}
                        aria-describedby={rowError ? `${idFor(rowField)}-error` : undefined}
                        inputMode="numeric"
                        autoComplete="off"
                        value={plan.price}
                        onChange={(e) => setPlanPrice(plan.months, e.target.value)}
                        className={`${inputClass} mt-0 flex-1`}
                      />
                      <button
                        type="button"
                        onClick={() => removePlan(plan.months)}
                        aria-label={`Remove ${monthsLabel(plan.months)} plan`}
                        className={`shrink-0 rounded-lg px-2 py-2 text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950 ${focusRing}`}
                      >
                        Remove
                      </button>
                    </div>
                    {rowError && (
                      <p id={`${idFor(rowField)}-error`} className={errorClass}>
                        {rowError}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className={`mt-3 text-sm ${mutedText}`}>No plans yet.</p>
          )}

          <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <div>
              {newPlanBox("months", "Months", idFor("month-options"))}
              <datalist id={idFor("month-options")}>
                {PLAN_MONTHS.map((m) => (
                  <option key={m} value={m} />
                ))}
              </datalist>
            </div>
            <div>{newPlanBox("price", "Price (NPR)")}</div>
            <button type="button" onClick={() => commitNewPlan()} className={`${secondaryButton} col-span-2 py-2.5 sm:col-span-1`}>
              Add plan
            </button>
          </div>
          {planHint && (
            <p id={`${idFor("new-plan")}-error`} role="alert" className={errorClass}>
              {planHint}
            </p>
          )}
          {plansError && (
            <p id={`${idFor("plans")}-error`} className={errorClass}>
              {plansError[1]}
            </p>
          )}
        </fieldset>

        {textArea("Note", "Note", 2)}
        {textArea("NoteNe", "Note in Nepali", 2, { optional: true, lang: "ne" })}
        {field("Status", "Status", (props) => (
          <select {...props} name="Status" value={draft.Status} onChange={(e) => set("Status", e.target.value)}>
            <option value="" disabled>
              Select Status
            </option>
            <Options of={STATUSES} label={(s) => STATUS_LABELS[s]} />
          </select>
        ))}
        {text("SpecialLink", "SpecialLink", {
          required: true,
          inputMode: "url",
          hint: "Where to order or learn more: a URL (https://…) or a path on this site.",
        })}
        {text("WarrantyDays", "Warranty (days)", {
          optional: true,
          inputMode: "numeric",
          hint: "Days from delivery a line is replaced free if it stops working. Empty: its whole term. 0: no warranty. Lines sold keep what they were sold with.",
        })}
        <div>
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name="AutoDeliver"
              checked={draft.AutoDeliver}
              onChange={(e) => setDraft((d) => ({ ...d, AutoDeliver: e.target.checked }))}
              aria-describedby={`${idFor("AutoDeliver")}-hint`}
              className="mt-0.5 h-5 w-5"
            />
            <span className={labelClass}>Deliver automatically when paid</span>
          </label>
          <p id={`${idFor("AutoDeliver")}-hint`} className={hintClass}>
            Once an order is paid, each line of this item takes the seat or key Pasal proposes, and the shopper sees the login or key on their order
            page. A line with no free seat or key waits for you.
          </p>
        </div>
      </div>

      {formError && (
        <p className={`${errorClass} mt-4`} role="alert">
          {formError}
        </p>
      )}
      {save.stale && (
        <div className="mt-4">
          <StaleBanner onReload={() => void save.reload()} reloading={save.reloading} />
        </div>
      )}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <SubmitButton pending={save.pending} className="sm:flex-1">
          {title}
        </SubmitButton>
        {editing && (
          <button type="button" onClick={onCancelEdit} className={secondaryButton}>
            Cancel edit
          </button>
        )}
      </div>
    </form>
  );
}
