import type { StoreCreditSettings } from "../../../domain/balances/schemas";
import { mutedText } from "../../components/ui";
import { CardSection, InputField, StaleBanner, SubmitButton, typedNumber } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { saveStoreCreditSchema } from "./settings-actions";

/** Store credit's settings (ADR 0127): how many days before its end a line set so renews itself from it; the top-ups' limits. */
export function StoreCreditForm({ settings, version }: { settings: StoreCreditSettings; version: number }) {
  const save = useAdminAction(saveStoreCreditSchema);
  const { errors, formRef, pending, stale, reload, reloading } = save;
  const submit = save.handleSubmit((form) =>
    save.submit({
      intent: "store-credit",
      version,
      fields: {
        autoRenewDays: typedNumber(form, "autoRenewDays") ?? Number.NaN,
        topUpMin: typedNumber(form, "topUpMin") ?? Number.NaN,
        topUpMax: typedNumber(form, "topUpMax") ?? Number.NaN,
      },
    }),
  );
  return (
    <CardSection id="store-credit-settings-title" title="Store credit">
      <p className={`mt-1 text-sm ${mutedText}`}>
        Customers see their credit on their page, top it up with Khalti, eSewa or Fonepay, and may set a subscription to renew itself from it. A
        renewal takes the whole price from the credit, on the same seat, or waits for its reminder, which says how much is missing.
      </p>
      <form key={version} ref={formRef} onSubmit={submit} noValidate className="mt-5 space-y-4">
        {stale && <StaleBanner onReload={() => void reload()} reloading={reloading} />}
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField
            name="autoRenewDays"
            label="Renew automatically (days before the end)"
            type="number"
            inputMode="numeric"
            min={1}
            max={14}
            defaultValue={settings.autoRenewDays}
            error={errors.autoRenewDays}
          />
          <InputField
            name="topUpMin"
            label="Smallest top-up (NPR)"
            type="number"
            inputMode="numeric"
            min={10}
            defaultValue={settings.topUpMin}
            error={errors.topUpMin}
          />
          <InputField
            name="topUpMax"
            label="Largest top-up (NPR)"
            type="number"
            inputMode="numeric"
            min={10}
            defaultValue={settings.topUpMax}
            error={errors.topUpMax}
          />
        </div>
        <SubmitButton pending={pending}>Save store credit</SubmitButton>
      </form>
    </CardSection>
  );
}
