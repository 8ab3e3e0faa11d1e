import { useState, type FormEvent } from "react";
import { PAYMENT_KIND_LABELS, PAYMENT_KINDS, type PaymentMethod } from "../../../domain/payment-methods/payment-methods";
import type { PaymentMethodInput } from "../../../domain/payment-methods/schemas";
import { mutedText, secondaryButton } from "../../components/ui";
import { ConfirmItem } from "../../lib/admin/confirm-dialog";
import { CardSection, Field, InputField, showForm, StaleBanner, SubmitButton } from "../../lib/admin/form-parts";
import { ImageUpload } from "../../lib/admin/image-upload";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { addPaymentMethodSchema, deletePaymentMethodSchema, orderPaymentMethodsSchema, savePaymentMethodSchema } from "./payment-method-actions";
import { Options } from "../../components/options";

const FORM_ID = "payment-method-form";
const smallButton = `${secondaryButton} px-3 py-1.5 text-sm`;

const fieldsOf = (method: PaymentMethod): PaymentMethodInput => ({
  kind: method.kind,
  name: method.name,
  account: method.account,
  holder: method.holder,
  qrImage: method.qrImage,
  note: method.note,
  noteNe: method.noteNe,
  enabled: method.enabled,
});

/**
 * How shoppers pay (ADR 0079): the order page shows the enabled methods, in this order, with the amount and
 * the reference. A QR image is uploaded without lossy re-encoding, so it still scans.
 */
export function PaymentMethodsSection({ methods }: { methods: PaymentMethod[] }) {
  const [editing, setEditing] = useState<PaymentMethod | null>(null);
  const [qrImage, setQrImage] = useState("");
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const startFresh = () => {
    setEditing(null);
    setQrImage("");
    setFormKey((key) => key + 1);
  };
  const add = useAdminAction(addPaymentMethodSchema, { onSaved: startFresh });
  const save = useAdminAction(savePaymentMethodSchema, { onSaved: startFresh, onReload: startFresh });
  const remove = useAdminAction(deletePaymentMethodSchema);
  const reorder = useAdminAction(orderPaymentMethodsSchema);
  const { errors, formRef, pending, stale, reload, reloading, clearErrors } = editing ? save : add;
  const busy = add.pending || save.pending || remove.pending || reorder.pending;

  function edit(method: PaymentMethod) {
    setEditing(method);
    setQrImage(method.qrImage);
    setFormKey((key) => key + 1);
    clearErrors();
    showForm(FORM_ID);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const fields = {
      kind: text("kind") as PaymentMethodInput["kind"],
      name: text("name"),
      account: text("account"),
      holder: text("holder"),
      qrImage: text("qrImage"),
      note: text("note"),
      noteNe: text("noteNe"),
      enabled: data.get("enabled") === "on",
    };
    if (editing) save.submit({ intent: "payment-method-save", id: editing._id, version: editing.version, fields });
    else add.submit({ intent: "payment-method-add", fields });
  }

  const move = (index: number, by: -1 | 1) => {
    const ids = methods.map((method) => method._id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.submit({ intent: "payment-methods-order", ids });
  };
  const toggle = (method: PaymentMethod) =>
    save.submit({
      intent: "payment-method-save",
      id: method._id,
      version: method.version,
      fields: { ...fieldsOf(method), enabled: !method.enabled },
    });

  return (
    <CardSection id="payment-methods-title" title="Payment methods">
      <p className={`mt-1 text-sm ${mutedText}`}>
        Shown on each order page that waits for payment, in this order, with the amount and the reference. With none enabled, the page says you will
        send payment details in the chat.
      </p>
      {methods.length === 0 ? (
        <p className={`mt-4 rounded-lg border border-dashed border-slate-300 p-4 text-sm dark:border-slate-700 ${mutedText}`}>
          No payment methods yet.
        </p>
      ) : (
        <ol
          className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          aria-label="Payment methods in order"
        >
          {methods.map((method, index) => (
            <li key={method._id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-center gap-3">
                {method.qrImage ? (
                  <img src={method.qrImage} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded bg-white object-contain" />
                ) : null}
                <div className="min-w-0">
                  <p className="font-medium">
                    {method.name} <span className={`text-sm font-normal ${mutedText}`}>· {PAYMENT_KIND_LABELS[method.kind]}</span>
                    {!method.enabled && (
                      <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                        Disabled
                      </span>
                    )}
                  </p>
                  <p className={`text-sm break-all ${mutedText}`}>
                    {method.account} · {method.holder} · {method.qrImage ? "QR code" : "No QR code"}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={smallButton}
                  disabled={busy || index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move ${method.name} up`}
                >
                  Up
                </button>
                <button
                  type="button"
                  className={smallButton}
                  disabled={busy || index === methods.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move ${method.name} down`}
                >
                  Down
                </button>
                <button
                  type="button"
                  className={smallButton}
                  disabled={busy}
                  onClick={() => toggle(method)}
                  aria-label={`${method.enabled ? "Disable" : "Enable"} ${method.name}`}
                >
                  {method.enabled ? "Disable" : "Enable"}
                </button>
                <button type="button" className={smallButton} disabled={busy} onClick={() => edit(method)} aria-label={`Edit ${method.name}`}>
                  Edit
                </button>
                <button
                  type="button"
                  className={`${smallButton} text-red-700 dark:text-red-300`}
                  disabled={busy}
                  onClick={() => setDeleting(method)}
                  aria-label={`Delete ${method.name}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}

      <h3 className="mt-6 text-base font-semibold">{editing ? `Edit ${editing.name}` : "Add a payment method"}</h3>
      <form
        id={FORM_ID}
        key={formKey}
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="mt-3 grid gap-4 md:grid-cols-2"
        aria-label={editing ? `Edit ${editing.name}` : "Add a payment method"}
      >
        {stale && (
          <div className="md:col-span-2">
            <StaleBanner onReload={reload} reloading={reloading} />
          </div>
        )}
        <Field label="Kind" error={errors.kind} required>
          {(control) => (
            <select name="kind" defaultValue={editing?.kind ?? "esewa"} {...control}>
              <Options of={PAYMENT_KINDS} label={(kind) => PAYMENT_KIND_LABELS[kind]} />
            </select>
          )}
        </Field>
        <InputField name="name" label="Display name" required defaultValue={editing?.name} maxLength={60} error={errors.name} />
        <InputField
          name="account"
          label="Account id or number"
          required
          defaultValue={editing?.account}
          maxLength={60}
          hint="The wallet id (often a phone number) or the bank account number"
          error={errors.account}
        />
        <InputField name="holder" label="Holder name" required defaultValue={editing?.holder} maxLength={100} error={errors.holder} />
        <div className="md:col-span-2">
          <InputField
            name="qrImage"
            label="QR image"
            optional
            value={qrImage}
            onChange={(event) => setQrImage(event.target.value)}
            error={errors.qrImage}
          />
          <ImageUpload value={qrImage} onUploaded={setQrImage} lossless />
        </div>
        <div className="md:col-span-2">
          <InputField
            name="note"
            label="Note"
            optional
            defaultValue={editing?.note}
            maxLength={300}
            hint="For example: personal account, or the bank's branch"
            error={errors.note}
          />
        </div>
        <div className="md:col-span-2">
          <InputField
            name="noteNe"
            label="Note in Nepali"
            optional
            lang="ne"
            defaultValue={editing?.noteNe ?? ""}
            maxLength={300}
            hint="Shown on the Nepali order pages, where the English note shows when this is empty"
            error={errors.noteNe}
          />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium md:col-span-2">
          <input type="checkbox" name="enabled" defaultChecked={editing?.enabled ?? true} className="h-4 w-4 accent-brand-700" />
          Enabled (shown on order pages)
        </label>
        <div className="flex flex-wrap gap-3 md:col-span-2">
          <SubmitButton pending={pending} className="w-full sm:w-auto">
            {editing ? "Save payment method" : "Add payment method"}
          </SubmitButton>
          {editing && (
            <button type="button" className={`${secondaryButton} w-full sm:w-auto`} onClick={startFresh}>
              Cancel edit
            </button>
          )}
        </div>
      </form>

      <ConfirmItem
        item={deleting}
        setItem={setDeleting}
        title="Delete payment method"
        message={(method) => `Delete ${method.name}? Order pages stop showing it at once.`}
        confirmLabel="Delete"
        onConfirm={(method) => remove.submit({ intent: "payment-method-delete", id: method._id })}
      />
    </CardSection>
  );
}
