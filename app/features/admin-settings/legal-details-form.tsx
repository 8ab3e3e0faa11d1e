import type { LegalDetails } from "../../../domain/settings/schemas";
import { mutedText } from "../../components/ui";
import { CardSection, InputField, StaleBanner, SubmitButton } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { saveLegalSchema } from "./settings-actions";

type TextKey = Exclude<keyof LegalDetails, "vatRegistered">;

const FIELDS: Array<{
  name: TextKey;
  label: string;
  optional?: boolean;
  hint?: string;
  lang?: string;
  type?: string;
  inputMode?: "numeric" | "email" | "tel";
}> = [
  { name: "registeredName", label: "Registered name", hint: "As on the registration and PAN certificates." },
  { name: "registeredNameNe", label: "Registered name in Nepali", optional: true, lang: "ne" },
  { name: "address", label: "Address" },
  { name: "addressNe", label: "Address in Nepali", optional: true, lang: "ne" },
  { name: "pan", label: "PAN", hint: "The 9 digits of the PAN (स्थायी लेखा नम्बर).", inputMode: "numeric" },
  { name: "ecommerceRegistration", label: "E-Commerce registration number", optional: true, hint: "Under the E-Commerce Act 2081, once registered." },
  { name: "complaintOfficer", label: "Complaint officer", hint: "Who hears shoppers' complaints (गुनासो सुन्ने अधिकारी)." },
  { name: "complaintPhone", label: "Complaint officer's phone", type: "tel", inputMode: "tel" },
  { name: "complaintEmail", label: "Complaint officer's email", optional: true, type: "email", inputMode: "email" },
];

/**
 * The shop's legal details (ADR 0129): what Nepal's E-Commerce Act asks the site to show, and what bills carry. Shown
 * in the footer and on About, Contact and Terms once saved; until then the admin shows a banner.
 */
export function LegalDetailsForm({ details, version }: { details: LegalDetails | null; version: number }) {
  const save = useAdminAction(saveLegalSchema);
  const { errors, formRef, pending, stale, reload, reloading } = save;
  const submit = save.handleSubmit((form) => {
    const fields: Record<string, unknown> = { vatRegistered: form.get("vatRegistered") === "on" };
    for (const field of FIELDS) fields[field.name] = String(form.get(field.name) ?? "");
    save.submit({ intent: "legal", version, fields: fields as LegalDetails });
  });
  return (
    <CardSection id="legal-settings-title" title="Legal details">
      <p className={`mt-1 text-sm ${mutedText}`}>
        Nepal&apos;s E-Commerce Act asks an online shop to show who it is: its registered name, address, PAN, registration and who hears complaints.
        They show in the footer and on the About, Contact and Terms pages, in both languages, and bills will carry them.
      </p>
      <form key={version} ref={formRef} onSubmit={submit} noValidate className="mt-5">
        <div className="grid gap-4 md:grid-cols-2">
          {FIELDS.map((field) => (
            <InputField
              key={field.name}
              name={field.name}
              label={field.label}
              optional={field.optional}
              hint={field.hint}
              lang={field.lang}
              type={field.type ?? "text"}
              inputMode={field.inputMode}
              defaultValue={details?.[field.name] ?? ""}
              error={errors[field.name]}
              autoComplete="off"
            />
          ))}
        </div>
        <label className="mt-4 flex items-start gap-3">
          <input type="checkbox" name="vatRegistered" defaultChecked={details?.vatRegistered ?? false} className="mt-0.5 h-5 w-5" />
          <span className="text-sm font-medium">
            Registered for VAT <span className={`font-normal ${mutedText}`}>(prices then include 13% VAT, and bills are tax invoices)</span>
          </span>
        </label>
        {stale && (
          <div className="mt-4">
            <StaleBanner onReload={() => void reload()} reloading={reloading} />
          </div>
        )}
        <div className="mt-6">
          <SubmitButton pending={pending} className="w-full sm:w-auto">
            Save legal details
          </SubmitButton>
        </div>
      </form>
    </CardSection>
  );
}
