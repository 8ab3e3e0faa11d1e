import { Fragment, useState } from "react";
import { accountRules, deliveryMessage, deliveryTemplateFor } from "../../../domain/ledger/delivery-message";
import { DELIVERY_PLACEHOLDERS } from "../../../domain/ledger/settings";
import type { LedgerSettings } from "../../../domain/ledger/schemas";
import type { Locale } from "../../../domain/shared/locale";
import { messageDay } from "../../../domain/ledger/seller-messages";
import { deliveryWarranty } from "../../../domain/shared/messages";
import { mutedText } from "../../components/ui";
import { CardSection, Field, InputField, StaleBanner, SubmitButton, typedNumber } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { saveLedgerSchema } from "./settings-actions";

const placeholdersHint = `Placeholders: ${DELIVERY_PLACEHOLDERS.map((name) => `{${name}}`).join(" ")}. A line whose placeholders are all empty is left out.`;

/** The delivery message's box in each language, each followed by its preview. */
const TEMPLATE_FIELDS = [
  { name: "deliveryTemplate", locale: "en", label: "Delivery message", hint: "For orders placed in English.", rows: 9 },
  {
    name: "deliveryTemplateNe",
    locale: "ne",
    label: "Delivery message in Nepali",
    hint: "For orders placed on the Nepali pages; dates are written in Bikram Sambat with the AD day beside. Leave it empty for the built-in Nepali message.",
    rows: 10,
  },
] as const satisfies readonly { name: keyof LedgerSettings; locale: Locale; label: string; hint: string; rows: number }[];

/** The ledger's settings: how long a seat waits for a renewal, and the delivery message in each language. */
export function LedgerSettingsForm({ settings, version }: { settings: LedgerSettings; version: number }) {
  const save = useAdminAction(saveLedgerSchema);
  const { errors, formRef, pending, stale, reload, reloading } = save;
  // What is typed in the boxes, for the previews; a newer saved version (a save, a reload) starts from it again.
  const [typed, setTyped] = useState<{ version: number; templates: LedgerSettings } | null>(null);
  const templates = typed?.version === version ? typed.templates : settings;
  const type = (field: (typeof TEMPLATE_FIELDS)[number]["name"], value: string) => setTyped({ version, templates: { ...templates, [field]: value } });

  const submit = save.handleSubmit((form) => {
    save.submit({
      intent: "ledger",
      version,
      fields: {
        graceDays: typedNumber(form, "graceDays") ?? Number.NaN,
        deliveryTemplate: String(form.get("deliveryTemplate") ?? ""),
        deliveryTemplateNe: String(form.get("deliveryTemplateNe") ?? ""),
      },
    });
  });

  return (
    <CardSection id="ledger-settings-title" title="Seats and delivery">
      <p className={`mt-1 text-sm ${mutedText}`}>
        How long a seat is kept for a customer who has not renewed, and the message that delivers a login or key, in the language the shopper ordered
        in.
      </p>
      <form key={version} ref={formRef} onSubmit={submit} noValidate className="mt-5 space-y-4">
        <div className="sm:max-w-xs">
          <InputField
            name="graceDays"
            label="Grace period (days)"
            type="number"
            inputMode="numeric"
            min={0}
            max={60}
            defaultValue={settings.graceDays}
            error={errors.graceDays}
            hint="After a line ends, its seat is held this long for a renewal."
          />
        </div>
        {TEMPLATE_FIELDS.map(({ name, locale, label, hint, rows }) => (
          <Fragment key={name}>
            <Field label={label} error={errors[name]} hint={`${hint} ${placeholdersHint}`}>
              {(control) => (
                <textarea
                  name={name}
                  lang={locale === "ne" ? locale : undefined}
                  rows={rows}
                  defaultValue={settings[name]}
                  onInput={(event) => type(name, event.currentTarget.value)}
                  spellCheck={false}
                  {...control}
                  className={`${control.className} font-mono text-sm`}
                />
              )}
            </Field>
            <DeliveryPreview template={deliveryTemplateFor(templates, locale)} locale={locale} />
          </Fragment>
        ))}
        {stale && <StaleBanner onReload={() => void reload()} reloading={reloading} />}
        <SubmitButton pending={pending} className="w-full sm:w-auto">
          Save seats and delivery
        </SubmitButton>
      </form>
    </CardSection>
  );
}

/** A seat on a shared account, as a customer would get it: the sample the previews fill the templates with. */
const SAMPLE_SEAT = {
  customer: "Sita",
  service: "Netflix Premium",
  login: "netflix.family@example.com",
  password: "Rain-4821-k7",
  profile: "Sita",
  pin: "4821",
  key: null,
  reference: "PSL-7K2QX",
};

/** The message a customer gets from the template as it stands in the box, before it is saved. */
function DeliveryPreview({ template, locale }: { template: string; locale: Locale }) {
  const message = deliveryMessage(template, {
    ...SAMPLE_SEAT,
    start: messageDay("2026-11-01", locale),
    expiry: messageDay("2026-12-01", locale),
    rules: accountRules("shared", locale),
    warranty: deliveryWarranty[locale](messageDay("2026-12-01", locale)),
    customerlink: `https://pasal.example.com${locale === "ne" ? "/ne" : ""}/my/AbCdEfGhIjKlMnOpQrStUvWx`,
  });
  return (
    <figure className="rounded-lg border border-dashed border-slate-300 p-3 dark:border-slate-700">
      <figcaption className={`text-sm font-medium ${mutedText}`}>
        {locale === "ne" ? "Preview in Nepali" : "Preview"}: a seat on a shared account
      </figcaption>
      <pre lang={locale} className="mt-2 font-sans text-sm break-words whitespace-pre-wrap">
        {message}
      </pre>
    </figure>
  );
}
