import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { STALE_EDIT_MESSAGE } from "../../../domain/shared/versions";
import { TitledSection } from "../../components/titled-section";
import { card, focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";

/** Every admin text box, select and textarea; red when the control is aria-invalid. */
export const inputClass =
  "mt-1 block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-500 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400";

type ControlProps = { id: string; className: string; "aria-invalid"?: true; "aria-describedby"?: string };

/**
 * Every field of every admin form: a label, the control, an optional hint and the message for this field
 * (the browser's check or the server's) right under it. `id` when something else must point at the control.
 */
export function Field({
  label,
  optional,
  required,
  hint,
  error,
  id: givenId,
  children,
}: {
  label: string;
  optional?: boolean;
  /** Marked with an asterisk the form's intro explains. */
  required?: boolean;
  hint?: string;
  error?: string;
  id?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional && <span className={`font-normal ${mutedText}`}> (optional)</span>}
        {required && (
          <span aria-hidden="true" className="text-red-700 dark:text-red-300">
            {" "}
            *
          </span>
        )}
      </label>
      {children({
        id,
        className: inputClass,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className={`mt-1 text-xs ${mutedText}`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** The common case of Field: a labelled text box. */
export function InputField({
  label,
  optional,
  hint,
  error,
  ...input
}: { label: string; optional?: boolean; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} optional={optional} required={input.required} hint={hint} error={error}>
      {(control) => <input {...input} {...control} />}
    </Field>
  );
}

export const sectionHeading = "text-lg font-semibold";

/** A number box of a settings form: its name, words and bounds (`step` "1" when not given). */
export type NumberSpec<K extends string> = { name: K; label: string; hint?: string; step?: string; min: number; max: number };

/** The number boxes of a settings form, each showing the value read and its field's message. */
export function NumberFields<K extends string>({
  fields,
  values,
  errors,
}: {
  fields: Array<NumberSpec<K>>;
  values: Record<K, number | null>;
  errors: Record<string, string>;
}) {
  return fields.map((field) => (
    <InputField
      key={field.name}
      name={field.name}
      label={field.label}
      hint={field.hint}
      type="number"
      inputMode={(field.step ?? "1") === "1" ? "numeric" : "decimal"}
      step={field.step}
      min={field.min}
      max={field.max}
      defaultValue={values[field.name] ?? undefined}
      error={errors[field.name]}
    />
  ));
}

/** A number box as typed: null when empty, else what Number makes of it (NaN for the schema to refuse). */
export function typedNumber(form: FormData, name: string): number | null {
  const typed = String(form.get(name) ?? "").trim();
  return typed === "" ? null : Number(typed);
}

/** A card of an admin screen with its own heading (a settings form, a part of an account's screen). */
export function CardSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <TitledSection id={id} title={title} className={`${card} p-4 sm:p-6`} titleClassName={sectionHeading}>
      {children}
    </TitledSection>
  );
}

/** A failure that stays until it is dismissed or the next attempt. */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss?: () => void }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <p className="flex-1 break-words">{message}</p>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss error"
          className={`-m-1 rounded-full p-1 leading-none hover:bg-red-100 dark:hover:bg-red-900 ${focusRing}`}
        >
          <span aria-hidden="true">✕</span>
        </button>
      )}
    </div>
  );
}

/** The submit button of every admin form: disabled, and saying so, while its write is on the way. */
export function SubmitButton({
  pending,
  pendingLabel = "Saving…",
  className = "",
  children,
}: {
  pending: boolean;
  pendingLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={pending} className={`${primaryButton} ${className}`}>
      {pending ? pendingLabel : children}
    </button>
  );
}

export function Spinner({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600 motion-reduce:animate-none dark:border-slate-700 dark:border-t-brand-400 ${className}`}
    />
  );
}

/** "Failed to add item: Title is required", or just the base when the server said nothing. */
export function withReason(base: string, message: string | undefined) {
  return message ? `${base}: ${message}` : base;
}

/** Edit pressed in a list below a form: the form comes into view, its first box takes the keyboard. */
export function showForm(formId: string) {
  document.getElementById(formId)?.scrollIntoView({ behavior: "smooth", block: "start" });
  window.setTimeout(() => document.querySelector<HTMLElement>(`#${formId} input`)?.focus({ preventScroll: true }), 0);
}

const RELOAD_DISCARDS = "Reload discards what you typed here: copy anything you want to keep first.";

/**
 * A save refused because someone else saved first (409): the message, and Reload to read the latest. Reload
 * replaces the form with the saved values, so the banner says plainly that what was typed goes.
 */
export function StaleBanner({ onReload, reloading }: { onReload: () => void; reloading: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="flex-1">
        {STALE_EDIT_MESSAGE} <strong className="font-semibold">{RELOAD_DISCARDS}</strong>
      </p>
      <button type="button" data-reload className={`${secondaryButton} shrink-0 px-4 py-2 text-sm`} onClick={onReload} disabled={reloading}>
        {reloading ? "Reloading…" : "Reload"}
      </button>
    </div>
  );
}
