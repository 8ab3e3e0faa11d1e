import type { ShopSettings } from "../../../domain/settings/settings";
import { mutedText } from "../../components/ui";
import { CardSection, InputField, NumberFields, type NumberSpec, StaleBanner, SubmitButton, typedNumber } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { saveShopSchema } from "./settings-actions";

type TextKey = Exclude<keyof ShopSettings, NumberKey>;
type NumberKey = "customerCount" | "yearsInService" | "rating" | "supportHours";

const CONTACT_FIELDS: Array<{ name: TextKey; label: string; hint?: string; type?: string; inputMode?: "numeric" | "email" | "url" | "tel" }> = [
  { name: "shopName", label: "Shop name" },
  {
    name: "whatsappNumber",
    label: "WhatsApp number",
    hint: "Digits only, with country code, e.g. 9779800000000. Checkout messages go here.",
    inputMode: "numeric",
  },
  { name: "telegramUsername", label: "Telegram username", hint: "Without the @, e.g. pasal_support." },
  { name: "supportPhone", label: "Support phone", type: "tel", inputMode: "tel" },
  { name: "email", label: "Support email", type: "email", inputMode: "email" },
  { name: "facebookUrl", label: "Facebook page", type: "url", inputMode: "url" },
  { name: "whatsappChannelUrl", label: "WhatsApp channel", type: "url", inputMode: "url" },
  { name: "telegramChannelUrl", label: "Telegram channel", type: "url", inputMode: "url" },
];

const FIGURE_FIELDS: Array<NumberSpec<NumberKey>> = [
  { name: "customerCount", label: "Customers served", step: "1", min: 0, max: 100_000_000 },
  { name: "yearsInService", label: "Years in service", step: "1", min: 0, max: 200 },
  { name: "rating", label: "Rating (out of 5)", step: "0.1", min: 0, max: 5 },
  { name: "supportHours", label: "Support hours a day", step: "1", min: 1, max: 24 },
];

/** The shop's contact details and About page figures, saved together over the `version` read. */
export function ShopSettingsForm({ settings, version }: { settings: ShopSettings; version: number }) {
  const save = useAdminAction(saveShopSchema);
  const { errors, formRef, pending, stale, reload, reloading } = save;

  const submit = save.handleSubmit((form) => {
    const fields: Record<string, unknown> = {};
    for (const field of CONTACT_FIELDS) fields[field.name] = String(form.get(field.name) ?? "");
    // An empty box is sent as null, so the field is named rather than 0 saved.
    for (const field of FIGURE_FIELDS) fields[field.name] = typedNumber(form, field.name);
    save.submit({ intent: "shop", version, fields: fields as ShopSettings });
  });

  return (
    <CardSection id="shop-settings-title" title="Shop contact details">
      <p className={`mt-1 text-sm ${mutedText}`}>Shown in the header, footer, Contact and About pages, and used for checkout.</p>
      {/* A new version (a save, or Reload after someone else's) puts the values read again into the boxes. */}
      <form key={version} id="shop-settings-form" ref={formRef} onSubmit={submit} noValidate className="mt-5">
        <div className="grid gap-4 md:grid-cols-2">
          {CONTACT_FIELDS.map((field) => (
            <InputField
              key={field.name}
              name={field.name}
              label={field.label}
              hint={field.hint}
              type={field.type ?? "text"}
              inputMode={field.inputMode}
              defaultValue={settings[field.name]}
              error={errors[field.name]}
              autoComplete="off"
              spellCheck={false}
            />
          ))}
        </div>
        <fieldset className="mt-6">
          <legend className="text-base font-semibold">About page figures</legend>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <NumberFields fields={FIGURE_FIELDS} values={settings} errors={errors} />
          </div>
        </fieldset>
        {stale && (
          <div className="mt-4">
            <StaleBanner onReload={() => void reload()} reloading={reloading} />
          </div>
        )}
        <div className="mt-6">
          <SubmitButton pending={pending} className="w-full sm:w-auto">
            Save settings
          </SubmitButton>
        </div>
      </form>
    </CardSection>
  );
}
