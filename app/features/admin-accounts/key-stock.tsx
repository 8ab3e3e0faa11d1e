import { useRef, useState, type ChangeEvent } from "react";
import { mutedText } from "../../components/ui";
import { CardSection, Field, InputField, SubmitButton } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { accountActionSchema } from "./account-actions";
import { ItemOptions, type ItemChoice } from "./account-form";

export type KeyStock = { itemId: string; inStock: number; delivered: number; neverExpires: boolean };

/** Licence keys per item, and the import of more: pasted, or read from a CSV or text file, one a line. */
export function KeyStockSection({ items, stock }: { items: ItemChoice[]; stock: KeyStock[] }) {
  const importKeys = useAdminAction(accountActionSchema, { reset: true });
  const { errors, formRef, pending } = importKeys;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [fileNote, setFileNote] = useState<string | null>(null);
  const [itemId, setItemId] = useState("");
  const names = new Map(items.map((item) => [item.id, item.name]));

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file || !textRef.current) return;
    textRef.current.value = await file.text();
    setFileNote(`${file.name} read: check the keys below, then import.`);
  }

  const submit = importKeys.handleSubmit((form) => {
    const cost = String(form.get("cost") ?? "").trim();
    const fields = {
      itemId: String(form.get("itemId") ?? ""),
      text: String(form.get("text") ?? ""),
      cost: cost === "" ? 0 : Number(cost),
      neverExpires: form.get("neverExpires") === "on",
    };
    if (importKeys.submit({ intent: "import-keys", fields })) setFileNote(null);
  });

  return (
    <CardSection id="keys-title" title="Licence keys">
      {stock.length === 0 ? (
        <p className={`mt-1 text-sm ${mutedText}`}>No keys in stock yet.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {stock.map((row) => (
            <li key={row.itemId}>
              <strong>{names.get(row.itemId) ?? "A removed item"}</strong>: {row.inStock} in stock, {row.delivered} delivered
              {row.neverExpires && <span className={mutedText}> · never expire</span>}
            </li>
          ))}
        </ul>
      )}
      <form ref={formRef} onSubmit={submit} noValidate className="mt-4 space-y-4">
        <Field label="Item" error={errors.itemId} required>
          {(control) => (
            <select name="itemId" value={itemId} onChange={(event) => setItemId(event.target.value)} {...control}>
              <ItemOptions items={items} />
            </select>
          )}
        </Field>
        <Field
          label="Keys, one a line"
          error={errors.text}
          hint="Empty lines, repeats and keys already in stock are reported, not imported."
          required
        >
          {(control) => (
            <textarea
              ref={textRef}
              name="text"
              rows={5}
              spellCheck={false}
              autoComplete="off"
              className={`${control.className} font-mono`}
              id={control.id}
              aria-invalid={control["aria-invalid"]}
              aria-describedby={control["aria-describedby"]}
            />
          )}
        </Field>
        <div>
          <label className="text-sm font-medium" htmlFor="keys-file">
            Or read a CSV or text file
          </label>
          <input
            id="keys-file"
            type="file"
            accept=".csv,.txt,text/plain,text/csv"
            onChange={(event) => void readFile(event)}
            className="mt-1 block w-full text-sm"
          />
          {fileNote && <p className={`mt-1 text-xs ${mutedText}`}>{fileNote}</p>}
        </div>
        <InputField
          name="cost"
          label="Cost of each key (NPR)"
          type="number"
          inputMode="numeric"
          min={0}
          optional
          hint="What the shop paid for one key: counted as cost in the reports when it is sold."
          error={errors.cost}
        />
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              key={itemId}
              type="checkbox"
              name="neverExpires"
              defaultChecked={stock.find((row) => row.itemId === itemId)?.neverExpires ?? false}
              aria-describedby="keys-never-expire-hint"
              className="mt-0.5 h-4 w-4 shrink-0"
            />
            <span>These keys never expire</span>
          </label>
          <p id="keys-never-expire-hint" className={`mt-1 text-xs ${mutedText}`}>
            A lifetime licence: its lines get no end date, no renewal, and the product page says it never expires.
          </p>
        </div>
        <SubmitButton pending={pending} pendingLabel="Importing…">
          Import keys
        </SubmitButton>
      </form>
    </CardSection>
  );
}
