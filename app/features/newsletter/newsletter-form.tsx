import { useId, useState, useSyncExternalStore, type FormEvent } from "react";
import { focusRing } from "../../components/ui";
import { m } from "../../paraglide/messages";
import { useLocale } from "../../lib/i18n";

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "done"; message: string } | { kind: "error"; message: string };

const noSubscription = () => () => {};

export function NewsletterForm() {
  const inputId = useId();
  const statusId = useId();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  // The form posts with fetch, so it only submits once the page is interactive.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const locale = useLocale();
  const sending = status.kind === "sending";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "");
    setStatus({ kind: "sending" });
    const { subscribeToNewsletter } = await import("./subscribe");
    const result = await subscribeToNewsletter(email, locale);
    if (result.ok) {
      form.reset();
      setStatus({ kind: "done", message: result.message });
    } else {
      setStatus({ kind: "error", message: result.message });
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label={m.newsletter_label()}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {m.newsletter_email()}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          maxLength={254}
          aria-invalid={status.kind === "error" || undefined}
          aria-describedby={statusId}
          onChange={() => status.kind === "error" && setStatus({ kind: "idle" })}
          className="h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 aria-invalid:border-red-600 sm:text-sm dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-invalid:border-red-400"
        />
        <button
          type="submit"
          disabled={!hydrated}
          aria-disabled={sending || undefined}
          className={`h-11 shrink-0 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-60 ${focusRing}`}
        >
          {m.newsletter_subscribe()}
        </button>
      </div>
      <p
        id={statusId}
        role="status"
        className={`mt-2 min-h-5 text-sm ${
          status.kind === "error"
            ? "text-red-700 dark:text-red-400"
            : status.kind === "done"
              ? "text-emerald-700 dark:text-emerald-400"
              : "text-slate-600 dark:text-slate-400"
        }`}
      >
        {status.kind === "error" || status.kind === "done" ? status.message : status.kind === "sending" ? m.newsletter_sending() : ""}
      </p>
    </form>
  );
}
