import { DEFAULT_STOCK_THRESHOLD } from "../../../domain/ledger/availability";
import { mutedText } from "../../components/ui";
import { CardSection, Field, InputField, SubmitButton } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { accountActionSchema } from "./account-actions";
import { ItemOptions, type ItemChoice } from "./account-form";

/** Per item: at or below how many free seats and keys the shop says "Only N left". */
export function ThresholdForm({ items }: { items: ItemChoice[] }) {
  const save = useAdminAction(accountActionSchema);
  const { errors, formRef, pending } = save;

  const submit = save.handleSubmit((form) => {
    const raw = String(form.get("threshold") ?? "").trim();
    save.submit({ intent: "threshold", fields: { itemId: String(form.get("itemId") ?? ""), threshold: raw === "" ? Number.NaN : Number(raw) } });
  });

  return (
    <CardSection id="threshold-title" title="“Only N left” on the shop">
      <p className={`mt-1 text-sm ${mutedText}`}>
        Items sold from accounts or keys show “In stock”, “Only N left” at or below this number of free seats and keys ({DEFAULT_STOCK_THRESHOLD}{" "}
        unless set), or “Out of stock – message us”.
      </p>
      <form ref={formRef} onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
        <Field label="Item" error={errors.itemId}>
          {(control) => (
            <select name="itemId" defaultValue="" {...control}>
              <ItemOptions items={items} />
            </select>
          )}
        </Field>
        <InputField
          name="threshold"
          label="Threshold"
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          defaultValue={DEFAULT_STOCK_THRESHOLD}
          error={errors.threshold}
        />
        <SubmitButton pending={pending}>Save threshold</SubmitButton>
      </form>
    </CardSection>
  );
}
