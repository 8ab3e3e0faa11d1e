import { useId, useRef, useState, type FormEvent } from "react";
import { chatUrl, type ChatChannel } from "../../../domain/orders/checkout";
import { buildNetflixCodeMessage, NETFLIX_CODE_KINDS, NETFLIX_NOTE_MAX, type NetflixCodeKind } from "../../../domain/netflix-code/netflix-code";
import { netflixCodeRequestSchema } from "../../../domain/netflix-code/code-request";
import { card, mutedText } from "../../components/ui";
import { useShop } from "../../lib/use-shop";
import { ChatBubbleIcon, PaperPlaneIcon } from "../../components/chat/chat-icons";
import { telegramButton, whatsappButton } from "../../components/chat/chat-styles";
import { formatNumber } from "../../../domain/shared/locale-format";
import { getLocale } from "../../paraglide/runtime";
import { m } from "../../paraglide/messages";
import { chatSendMessage, sendToChat, type ChatSendResult } from "../../lib/chat/send-to-chat";

export type NetflixCodeField = "email" | "kind" | "note";
/** What is wrong with a field, said in the page's language when shown (the route's action has no language). */
export type NetflixCodeProblem = "email_required" | "email_invalid" | "email_long" | "kind" | "note_long";
export type NetflixCodeErrors = Partial<Record<NetflixCodeField, NetflixCodeProblem>>;
export type NetflixCodeValues = { email: string; kind: string; note: string };

const KIND_LABELS: Record<NetflixCodeKind, () => string> = { household: m.netflix_household_label, signin: m.netflix_signin_label };
const KIND_HINTS: Record<NetflixCodeKind, () => string> = { household: m.netflix_household_hint, signin: m.netflix_signin_hint };

function problemText(problem: NetflixCodeProblem): string {
  switch (problem) {
    case "email_required":
      return m.netflix_error_email_required();
    case "email_invalid":
      return m.netflix_error_email_invalid();
    case "email_long":
      return m.netflix_error_email_long();
    case "kind":
      return m.netflix_error_kind();
    case "note_long":
      return m.netflix_error_note_long({ max: formatNumber(NETFLIX_NOTE_MAX, getLocale()) });
  }
}

/** The first message for each field that failed, in the order the fields are shown. */
export function netflixCodeErrors(input: unknown): NetflixCodeErrors {
  const result = netflixCodeRequestSchema.safeParse(input);
  const errors: NetflixCodeErrors = {};
  const email = String((input as Record<string, unknown> | null)?.email ?? "").trim();
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as NetflixCodeField;
    const problem: NetflixCodeProblem =
      field === "kind"
        ? "kind"
        : field === "note"
          ? "note_long"
          : email === ""
            ? "email_required"
            : issue.code === "too_big"
              ? "email_long"
              : "email_invalid";
    errors[field] ??= problem;
  }
  return errors;
}

/**
 * With JavaScript the chat opens in a new tab from here; without it the form posts to the route's
 * action, which checks the same schema and redirects to the chat.
 */
export function NetflixCodeForm({ initialErrors, initialValues }: { initialErrors?: NetflixCodeErrors; initialValues?: NetflixCodeValues }) {
  const { shop } = useShop();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<NetflixCodeErrors>(initialErrors ?? {});
  const [result, setResult] = useState<ChatSendResult | null>(null);
  const errorId = (field: NetflixCodeField) => `${id}-${field}-error`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const channel: ChatChannel = submitter?.value === "telegram" ? "telegram" : "whatsapp";
    const values = Object.fromEntries(new FormData(form));
    const parsed = netflixCodeRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found = netflixCodeErrors(values);
      setErrors(found);
      setResult(null);
      const first = (["email", "kind", "note"] as const).find((field) => found[field]);
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    const message = buildNetflixCodeMessage(parsed.data);
    setResult(await sendToChat(channel, chatUrl(channel, shop, message), message, formRef.current ?? undefined));
  };

  const inputClass = (field: NetflixCodeField) =>
    `mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 ${
      errors[field] ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-700"
    }`;

  const fieldError = (field: NetflixCodeField) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
        {problemText(errors[field])}
      </p>
    ) : null;

  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className={`${card} p-5 sm:p-6`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {m.netflix_form_title()}
      </h2>

      <div className="mt-4">
        <label htmlFor={`${id}-email`} className="font-medium">
          {m.netflix_email()}
        </label>
        <p id={`${id}-email-hint`} className={`text-sm ${mutedText}`}>
          {m.netflix_email_hint()}
        </p>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          defaultValue={initialValues?.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={`${id}-email-hint${errors.email ? ` ${errorId("email")}` : ""}`}
          className={inputClass("email")}
        />
        {fieldError("email")}
      </div>

      <fieldset className="mt-5" aria-describedby={errors.kind ? errorId("kind") : undefined}>
        <legend className="font-medium">{m.netflix_kind()}</legend>
        <div className="mt-2 grid gap-2">
          {NETFLIX_CODE_KINDS.map((kind) => (
            <label
              key={kind}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-500 dark:has-checked:border-brand-400 dark:has-checked:bg-slate-800 ${
                errors.kind ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-700"
              }`}
            >
              <input
                type="radio"
                name="kind"
                value={kind}
                required
                defaultChecked={initialValues?.kind === kind}
                aria-invalid={errors.kind ? true : undefined}
                className="mt-1 h-4 w-4 shrink-0 accent-brand-700 focus:outline-none"
              />
              <span>
                <span className="block font-medium">{KIND_LABELS[kind]()}</span>
                <span className={`block text-sm ${mutedText}`}>{KIND_HINTS[kind]()}</span>
              </span>
            </label>
          ))}
        </div>
        {fieldError("kind")}
      </fieldset>

      <div className="mt-5">
        <label htmlFor={`${id}-note`} className="font-medium">
          {m.netflix_note()} <span className={`font-normal ${mutedText}`}>{m.checkout_optional()}</span>
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={3}
          maxLength={NETFLIX_NOTE_MAX}
          defaultValue={initialValues?.note}
          placeholder={m.netflix_note_placeholder()}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? errorId("note") : undefined}
          className={inputClass("note")}
        />
        {fieldError("note")}
      </div>

      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <button type="submit" name="channel" value="whatsapp" className={whatsappButton}>
          <ChatBubbleIcon />
          {m.netflix_ask_whatsapp()}
        </button>
        <button type="submit" name="channel" value="telegram" className={telegramButton}>
          <PaperPlaneIcon />
          {m.netflix_ask_telegram()}
        </button>
      </div>
      <div role="status" className="text-sm font-medium text-slate-800 dark:text-slate-100">
        {result && <p className="mt-4">{chatSendMessage(result)}</p>}
      </div>
      <p className={`mt-4 text-sm ${mutedText}`}>{m.netflix_expiry({ minutes: formatNumber(15, getLocale()) })}</p>
    </form>
  );
}
