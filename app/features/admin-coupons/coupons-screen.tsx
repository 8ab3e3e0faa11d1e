import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { CATEGORIES, CATEGORY_LABELS } from "../../../domain/catalogue/categories";
import { COUPON_SCOPES, couponLabel } from "../../../domain/coupons/coupons";
import type { Coupon, CouponUse } from "../../../domain/coupons/schemas";
import type { ReferralSettings } from "../../../domain/referrals/schemas";
import { card, focusRing, mutedText } from "../../components/ui";
import { Field, InputField, SubmitButton } from "../../lib/admin/form-parts";
import { formatDateTime } from "../../lib/admin/format";
import { smallButton } from "../../lib/admin/item-list";
import { CardList, CountedTitle, PlainTable, plainRow } from "../../lib/admin/list-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { EditForm, useEditForm } from "../../lib/admin/edit-form";
import { referralCreditActionSchema, saveCouponSchema } from "./coupon-actions";
import { Options } from "../../components/options";

type Values = {
  code: string;
  kind: "percent" | "fixed";
  amount: string;
  scope: (typeof COUPON_SCOPES)[number];
  targets: string[];
  minTotal: string;
  startsOn: string;
  endsOn: string;
  maxUses: string;
  maxUsesPerPhone: string;
  enabled: boolean;
};
const EMPTY: Values = {
  code: "",
  kind: "percent",
  amount: "",
  scope: "all",
  targets: [],
  minTotal: "",
  startsOn: "",
  endsOn: "",
  maxUses: "",
  maxUsesPerPhone: "",
  enabled: true,
};
const text = (value: number | null) => (value === null ? "" : String(value));
const valuesOf = (coupon: Coupon): Values => ({
  code: coupon.code,
  kind: coupon.kind,
  amount: String(coupon.amount),
  scope: coupon.scope,
  targets: coupon.targets,
  minTotal: coupon.minTotal ? String(coupon.minTotal) : "",
  startsOn: coupon.startsOn ?? "",
  endsOn: coupon.endsOn ?? "",
  maxUses: text(coupon.maxUses),
  maxUsesPerPhone: text(coupon.maxUsesPerPhone),
  enabled: coupon.enabled,
});
/** A number box as the schema reads it: empty is "none" (null), anything else a number for zod to check. */
const count = (value: string) => (value.trim() === "" ? null : Number(value));
const fieldsOf = (values: Values) => ({
  code: values.code,
  kind: values.kind,
  amount: Number(values.amount),
  scope: values.scope,
  targets: values.scope === "all" ? [] : values.targets,
  minTotal: count(values.minTotal) ?? 0,
  startsOn: values.startsOn || null,
  endsOn: values.endsOn || null,
  maxUses: count(values.maxUses),
  maxUsesPerPhone: count(values.maxUsesPerPhone),
  enabled: values.enabled,
});

/** A number box for a whole amount or count: the phone's keypad shows digits only. */
const wholeNumber = { type: "number", inputMode: "numeric" } as const;

const SCOPE_LABELS = { all: "All items", categories: "Some categories", items: "Some items" } as const;

function ruleSummary(coupon: Coupon, itemNames: Map<string, string>): string {
  const parts = [couponLabel(coupon)];
  if (coupon.scope === "categories")
    parts.push(`on ${coupon.targets.map((c) => CATEGORY_LABELS[c as keyof typeof CATEGORY_LABELS] ?? c).join(", ")}`);
  if (coupon.scope === "items") parts.push(`on ${coupon.targets.map((id) => itemNames.get(id) ?? "a removed item").join(", ")}`);
  if (coupon.minTotal) parts.push(`orders from NPR ${coupon.minTotal}`);
  if (coupon.startsOn || coupon.endsOn) parts.push(`${coupon.startsOn ?? "now"} to ${coupon.endsOn ?? "no end"}`);
  return parts.join(" · ");
}

/** The seller's coupons: add, edit, disable, see their uses; and the credit a referral earns. */
export function CouponsScreen({
  coupons,
  referral,
  items,
  uses,
}: {
  coupons: Coupon[];
  referral: { settings: ReferralSettings; version: number };
  items: Array<{ _id: string; name: string }>;
  uses: { coupon: Coupon; uses: CouponUse[] } | null;
}) {
  const [, setSearchParams] = useSearchParams();
  const itemNames = new Map(items.map((item) => [item._id, item.name]));
  const form = useEditForm(saveCouponSchema, { formId: "coupon-form", empty: EMPTY, valuesOf, items: coupons, reopen: false });
  const { save, values, setValues, editing, set, field, edit } = form;
  const toggle = useAdminAction(saveCouponSchema);
  const credit = useAdminAction(referralCreditActionSchema);
  const { formRef: creditFormRef, errors: creditErrors, pending: creditPending } = credit;
  const [creditAmount, setCreditAmount] = useState(String(referral.settings.creditAmount));
  const { errors } = save;

  const toggleTarget = (target: string) =>
    setValues((v) => ({ ...v, targets: v.targets.includes(target) ? v.targets.filter((t) => t !== target) : [...v.targets, target] }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.submit(fieldsOf(values));
  }

  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold">Coupons</h1>
      <p className={`mt-1 text-sm ${mutedText}`}>
        Codes shoppers enter in the cart, or open from a link such as <code>/?coupon=DASHAIN10</code>. The server prices them at checkout.
      </p>

      <section aria-labelledby="coupon-list-title" className="mt-6" aria-busy={toggle.pending}>
        <CountedTitle id="coupon-list-title" title="All coupons" count={coupons.length} />
        <CardList
          items={coupons}
          empty="No coupons yet. Add the first one below."
          itemKey={(coupon) => coupon._id}
          itemClassName="gap-3 sm:items-center"
        >
          {(coupon) => (
            <>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-semibold break-all">{coupon.code}</span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${coupon.enabled ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100" : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"}`}
                  >
                    {coupon.enabled ? "Enabled" : "Disabled"}
                  </span>
                </p>
                <p className={`mt-1 text-sm break-words ${mutedText}`}>{ruleSummary(coupon, itemNames)}</p>
                <p className="mt-1 text-sm">
                  Used {coupon.uses}
                  {coupon.maxUses !== null ? ` of ${coupon.maxUses}` : ""} time{coupon.uses === 1 ? "" : "s"}
                  {coupon.maxUsesPerPhone !== null ? ` (at most ${coupon.maxUsesPerPhone} per phone)` : ""} · NPR {coupon.discountGiven} given
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={smallButton}
                  onClick={() => setSearchParams({ uses: coupon._id }, { preventScrollReset: true, replace: true })}
                >
                  Uses<span className="sr-only"> of {coupon.code}</span>
                </button>
                <button type="button" className={smallButton} onClick={() => edit(coupon)}>
                  Edit<span className="sr-only"> {coupon.code}</span>
                </button>
                <button
                  type="button"
                  className={smallButton}
                  disabled={toggle.pending}
                  onClick={() =>
                    toggle.submit({
                      intent: "update",
                      id: coupon._id,
                      version: coupon.version,
                      fields: { ...fieldsOf(valuesOf(coupon)), enabled: !coupon.enabled },
                    })
                  }
                >
                  {coupon.enabled ? "Disable" : "Enable"}
                  <span className="sr-only"> {coupon.code}</span>
                </button>
              </div>
            </>
          )}
        </CardList>
      </section>

      {uses && (
        <section aria-labelledby="coupon-uses-title" className={`${card} mt-6 p-4 sm:p-6`}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="coupon-uses-title" className="text-lg font-semibold">
              Uses of <span className="font-mono">{uses.coupon.code}</span>
            </h2>
            <Link
              to="/admin/coupons"
              replace
              preventScrollReset
              className={`rounded text-sm font-medium text-brand-700 underline dark:text-brand-400 ${focusRing}`}
            >
              Close
            </Link>
          </div>
          {uses.uses.length === 0 ? (
            <p className={`mt-3 ${mutedText}`}>Not used yet.</p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <PlainTable columns={["Order", "Phone", "Status", ["Discount", "py-2 pr-3 text-right"], ["When", "py-2"]]}>
                {uses.uses.map((use) => (
                  <tr key={use.reference} className={plainRow}>
                    <td className="py-2 pr-3 font-mono">
                      <Link to={`/admin/orders?q=${use.reference}`} className={`rounded underline ${focusRing}`}>
                        {use.reference}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{use.phone ?? "—"}</td>
                    <td className="py-2 pr-3">{use.status}</td>
                    <td className="py-2 pr-3 text-right">NPR {use.discount}</td>
                    <td className="py-2">{formatDateTime(use.createdAt)}</td>
                  </tr>
                ))}
              </PlainTable>
            </div>
          )}
        </section>
      )}

      <EditForm
        id="coupon-form"
        form={form}
        title={editing ? `Editing ${editing.code}` : "Add a coupon"}
        submitLabel={editing ? "Save coupon" : "Add coupon"}
        onSubmit={submit}
        alert={errors[""]}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Code" hint="Letters, digits, - and _; kept in capitals" required maxLength={30} autoComplete="off" {...field("code")} />
          <div className="grid grid-cols-2 gap-3">
            <Field label="Kind" error={errors.kind}>
              {(p) => (
                <select {...p} name="kind" value={values.kind} onChange={set("kind")}>
                  <option value="percent">Percent off</option>
                  <option value="fixed">NPR off</option>
                </select>
              )}
            </Field>
            <InputField label={values.kind === "percent" ? "Percent" : "NPR"} {...wholeNumber} min={1} required {...field("amount")} />
          </div>
          <Field label="Applies to" error={errors.scope}>
            {(p) => (
              <select {...p} name="scope" value={values.scope} onChange={set("scope")}>
                <Options of={COUPON_SCOPES} label={(scope) => SCOPE_LABELS[scope]} />
              </select>
            )}
          </Field>
          <InputField label="Minimum total (NPR)" optional {...wholeNumber} min={0} {...field("minTotal")} />
        </div>
        {values.scope !== "all" && (
          <fieldset aria-describedby={errors.targets ? "coupon-targets-error" : undefined}>
            <legend className="text-sm font-medium">{values.scope === "categories" ? "Categories" : "Items"}</legend>
            <div className="mt-2 grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-3">
              {(values.scope === "categories" ? CATEGORIES.map((c) => ({ _id: c as string, name: CATEGORY_LABELS[c] })) : items).map((option) => (
                <label key={option._id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={values.targets.includes(option._id)}
                    onChange={() => toggleTarget(option._id)}
                  />
                  {option.name}
                </label>
              ))}
            </div>
            {errors.targets && (
              <p id="coupon-targets-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                {errors.targets}
              </p>
            )}
          </fieldset>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Starts on" optional type="date" {...field("startsOn")} />
          <InputField label="Ends on" optional hint="The last day it can be used (Nepal time)" type="date" {...field("endsOn")} />
          <InputField label="Use limit" optional hint="Empty: no limit" {...wholeNumber} min={1} {...field("maxUses")} />
          <InputField
            label="Use limit per phone"
            optional
            hint="Shoppers then need to give their phone"
            {...wholeNumber}
            min={1}
            {...field("maxUsesPerPhone")}
          />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={values.enabled}
            onChange={(event) => setValues((v) => ({ ...v, enabled: event.target.checked }))}
          />
          Enabled
        </label>
      </EditForm>

      <form
        ref={creditFormRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!creditPending) credit.submit({ intent: "referral-credit", fields: { creditAmount: Number(creditAmount) } });
        }}
        className={`${card} mt-6 space-y-4 p-4 sm:p-6`}
        aria-labelledby="referral-title"
      >
        <h2 id="referral-title" className="text-lg font-semibold">
          Referral credit
        </h2>
        <p className={`text-sm ${mutedText}`}>
          What a new customer&apos;s first order, placed with another customer&apos;s referral code, earns that customer once it is paid. Apply it
          from the customer&apos;s next order.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="sm:w-48">
            <InputField
              label="Credit (NPR)"
              error={creditErrors.creditAmount}
              name="creditAmount"
              {...wholeNumber}
              min={0}
              value={creditAmount}
              onChange={(event) => setCreditAmount(event.target.value)}
            />
          </div>
          <SubmitButton pending={creditPending}>Save credit</SubmitButton>
        </div>
      </form>
    </div>
  );
}
