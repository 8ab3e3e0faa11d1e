import { useState, type FormEvent } from "react";
import type { ShopSettings } from "../../../domain/settings";
import { card, mutedText } from "../../components/ui";
import { shopSettingsResponseSchema } from "../../../domain/schemas/settings";
import { callApi, fieldError, type ApiResult } from "../../lib/admin/admin-api";
import { useToast } from "../../lib/admin/toast";
import { InputField, sectionHeading, SubmitButton, useFocusFirstInvalid } from "../../lib/admin/form-parts";

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

const FIGURE_FIELDS: Array<{ name: NumberKey; label: string; step: string; min: number; max: number }> = [
  { name: "customerCount", label: "Customers served", step: "1", min: 0, max: 100_000_000 },
  { name: "yearsInService", label: "Years in service", step: "1", min: 0, max: 200 },
  { name: "rating", label: "Rating (out of 5)", step: "0.1", min: 0, max: 5 },
  { name: "supportHours", label: "Support hours a day", step: "1", min: 1, max: 24 },
];

/** The shop's contact details and About page figures, saved together with PUT /api/admin/settings. */
export function ShopSettingsForm({ settings }: { settings: ShopSettings }) {
  const toast = useToast();
  const [saved, setSaved] = useState(settings);
  const [result, setResult] = useState<ApiResult<unknown> | null>(null);
  useFocusFirstInvalid("shop-settings-form", result);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = {};
    for (const field of CONTACT_FIELDS) body[field.name] = String(form.get(field.name) ?? "");
    for (const field of FIGURE_FIELDS) {
      const raw = String(form.get(field.name) ?? "").trim();
      // An empty box is sent as null, so the server names the field rather than saving 0.
      body[field.name] = raw === "" ? null : Number(raw);
    }
    setSaving(true);
    const answer = await callApi("PUT", "/api/admin/settings", shopSettingsResponseSchema, body);
    setSaving(false);
    setResult(answer);
    if (answer.ok) {
      setSaved(answer.data.data);
      toast("success", "Settings saved. The shop uses them from now on.");
    } else {
      toast("error", answer.errors.length ? "Some fields need attention." : answer.message);
    }
  }

  return (
    <section aria-labelledby="shop-settings-title" className={`${card} p-4 sm:p-6`}>
      <h2 id="shop-settings-title" className={sectionHeading}>
        Shop contact details
      </h2>
      <p className={`mt-1 text-sm ${mutedText}`}>Shown in the header, footer, Contact and About pages, and used for checkout.</p>
      {/* A new key after a save puts the saved (normalised) values back into the boxes. */}
      <form key={JSON.stringify(saved)} id="shop-settings-form" onSubmit={save} noValidate className="mt-5">
        <div className="grid gap-4 md:grid-cols-2">
          {CONTACT_FIELDS.map((field) => (
            <InputField
              key={field.name}
              name={field.name}
              label={field.label}
              hint={field.hint}
              type={field.type ?? "text"}
              inputMode={field.inputMode}
              defaultValue={saved[field.name]}
              error={fieldError(result, field.name)}
              autoComplete="off"
              spellCheck={false}
            />
          ))}
        </div>
        <fieldset className="mt-6">
          <legend className="text-base font-semibold">About page figures</legend>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FIGURE_FIELDS.map((field) => (
              <InputField
                key={field.name}
                name={field.name}
                label={field.label}
                type="number"
                inputMode={field.step === "1" ? "numeric" : "decimal"}
                step={field.step}
                min={field.min}
                max={field.max}
                defaultValue={saved[field.name]}
                error={fieldError(result, field.name)}
              />
            ))}
          </div>
        </fieldset>
        {result && !result.ok && result.errors.length === 0 && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {result.message}
          </p>
        )}
        <div className="mt-6">
          <SubmitButton pending={saving} className="w-full sm:w-auto">
            Save settings
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
