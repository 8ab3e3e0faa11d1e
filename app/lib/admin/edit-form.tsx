import { useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { card, secondaryButton } from "../../components/ui";
import { showForm, StaleBanner, SubmitButton } from "./form-parts";
import { useAdminAction } from "./use-admin-action";

/** The keys of a form's values that hold text. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

type ActionOptions = NonNullable<Parameters<typeof useAdminAction>[1]>;

/**
 * The form of an admin manager that adds a record or saves the one being edited (updates, videos, coupons):
 * its values, the record being edited, Edit (fills the form and scrolls to it), Cancel edit, and the save,
 * an intent "create" or "update" with the version the screen read (ADR 0017). A save empties the form. After
 * Reload of a save over someone else's, the record as read now goes into the form (`reopen`), or the form is
 * emptied when the screen asks for that. `options` gets the record being edited, for words that depend on it.
 */
export function useEditForm<T extends { _id: string; version: number }, V, S extends z.ZodType>(
  schema: S,
  {
    formId,
    empty,
    valuesOf,
    items,
    reopen = true,
    options,
  }: {
    formId: string;
    empty: V;
    valuesOf: (record: T) => V;
    items: T[] | null;
    reopen?: boolean;
    options?: (editing: T | null) => Omit<ActionOptions, "onSaved" | "onReload">;
  },
) {
  const [values, setValues] = useState<V>(empty);
  const [editing, setEditing] = useState<T | null>(null);
  const [reopening, setReopening] = useState<string | null>(null);
  const save = useAdminAction(schema, {
    ...options?.(editing),
    onSaved: () => cancelEdit(),
    onReload: () => (reopen ? editing && setReopening(editing._id) : cancelEdit()),
  });
  if (reopening !== null) {
    setReopening(null);
    const fresh = items?.find((item) => item._id === reopening);
    setEditing(fresh ?? null);
    setValues(fresh ? valuesOf(fresh) : empty);
  }

  /** The onChange of the text field or select `key`: its value, and its message cleared. */
  const set = (key: keyof V & string) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    save.clearError(key);
  };

  function cancelEdit() {
    setEditing(null);
    setValues(empty);
    save.clearErrors();
  }

  return {
    save,
    values,
    setValues,
    editing,
    set,
    /** An InputField's own props for the text box `key`: its name, value, onChange and message. */
    field: (key: TextKey<V>) => ({ name: key, value: values[key] as string, onChange: set(key), error: save.errors[key] }),
    edit(record: T) {
      setEditing(record);
      setValues(valuesOf(record));
      save.clearErrors();
      showForm(formId);
    },
    cancelEdit,
    /** Sends `fields` as a new record, or as the record being edited at the version read. */
    submit(fields: unknown) {
      if (save.pending) return;
      save.submit((editing ? { intent: "update", id: editing._id, version: editing.version, fields } : { intent: "create", fields }) as z.input<S>);
    },
  };
}

/**
 * The form of `useEditForm`: its title, the fields, a refusal of the whole form (`alert`), the banner of a
 * save over someone else's, the submit button, Cancel edit while editing, and the screen's own buttons after.
 */
export function EditForm({
  id,
  form,
  title,
  submitLabel,
  onSubmit,
  alert,
  buttons,
  children,
}: {
  id: string;
  form: Pick<ReturnType<typeof useEditForm>, "save" | "editing" | "cancelEdit">;
  title: string;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  alert?: string | null;
  buttons?: ReactNode;
  children: ReactNode;
}) {
  const { formRef, pending, stale, reload, reloading } = form.save;
  return (
    <form
      id={id}
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className={`${card} mt-6 scroll-mt-6 space-y-4 p-4 sm:p-6`}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
      {alert && (
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">
          {alert}
        </p>
      )}
      {stale && <StaleBanner onReload={() => void reload()} reloading={reloading} />}
      <div className={`flex flex-col gap-3 pt-2 sm:flex-row ${buttons ? "sm:flex-wrap" : ""}`}>
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
        {form.editing && (
          <button type="button" className={secondaryButton} onClick={form.cancelEdit} disabled={pending}>
            Cancel edit
          </button>
        )}
        {buttons}
      </div>
    </form>
  );
}
