import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { sellerLang, sellerText, type Locale } from "../../../domain/shared/locale";
import type { ShopperOrder, ShopperOrderLine } from "../../../domain/orders/order-page";
import {
  PROBLEM_KINDS,
  PROBLEM_TEXT_MAX,
  type ProblemEventKind,
  type ProblemKind,
  type ProblemStatus,
  type ShopperProblem,
} from "../../../domain/problems/problems";
import { formatNumber } from "../../../domain/shared/locale-format";
import { focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { m } from "../../paraglide/messages";
import { shopTime } from "./order-format";
import { PageSection } from "./page-section";
import { postToOrder } from "./post-to-order";

const KIND_TEXT: Record<ProblemKind, () => string> = {
  "not-working": m.problems_kind_not_working,
  "wrong-password": m.problems_kind_wrong_password,
  "profile-taken": m.problems_kind_profile_taken,
  other: m.problems_kind_other,
};

const STATUS_TEXT: Record<ProblemStatus, () => string> = {
  open: m.problems_status_open,
  answered: m.problems_status_answered,
  resolved: m.problems_status_resolved,
};

const STATUS_TONE: Record<ProblemStatus, string> = {
  open: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  answered: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  resolved: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
};

/** Our own steps, in the page's language; an answer is the seller's words, shown as written. */
const EVENT_TEXT: Record<Exclude<ProblemEventKind, "reported">, () => string> = {
  answered: m.problems_event_answered,
  "seat-moved": m.problems_event_seat_moved,
  "new-key": m.problems_event_new_key,
  refunded: m.problems_event_refunded,
  resolved: m.problems_event_resolved,
  reopened: m.problems_event_reopened,
};

const fieldClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

/**
 * "Report a problem" on a delivered order (ADR 0111): a button per line opens a small form (what is
 * wrong, a few words); below, each report with its status and the seller's answers, newest last.
 */
export function ProblemsSection({ order, problems, locale }: { order: ShopperOrder; problems: ShopperProblem[] | null; locale: Locale }) {
  const [reporting, setReporting] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  if (order.status !== "delivered") return null;
  const lineName = (line: ShopperOrderLine) => sellerText(locale, line.name, line.nameNe);
  return (
    <PageSection id="problems-title" title={m.problems_title()} intro={m.problems_intro()}>
      <ul className="mt-3 space-y-3">
        {order.lines.map((line) => (
          <li key={line.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span lang={sellerLang(locale, line.nameNe)} className="min-w-0 font-medium break-words">
                {lineName(line)}
              </span>
              {reporting !== line.id && (
                <button
                  type="button"
                  onClick={() => {
                    setSent(false);
                    setReporting(line.id);
                  }}
                  aria-label={m.problems_report_with({ name: lineName(line) })}
                  className={`${secondaryButton} w-full px-4 py-2 text-sm sm:w-auto`}
                >
                  {m.problems_report()}
                </button>
              )}
            </div>
            {reporting === line.id && (
              <ReportForm
                order={order}
                line={line}
                name={lineName(line)}
                locale={locale}
                onDone={(done) => {
                  setReporting(null);
                  setSent(done);
                }}
              />
            )}
          </li>
        ))}
      </ul>
      <p role="status" className="mt-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
        {sent ? m.problems_sent() : ""}
      </p>
      {problems === null ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {m.problems_error()}
        </p>
      ) : (
        problems.length > 0 && <ProblemList problems={problems} lines={order.lines} locale={locale} />
      )}
    </PageSection>
  );
}

function ReportForm({
  order,
  line,
  name,
  locale,
  onDone,
}: {
  order: ShopperOrder;
  line: ShopperOrderLine;
  name: string;
  locale: Locale;
  onDone: (sent: boolean) => void;
}) {
  const revalidator = useRevalidator();
  const id = useId();
  const [kind, setKind] = useState<ProblemKind>("not-working");
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const max = formatNumber(PROBLEM_TEXT_MAX, locale);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const trimmed = text.trim();
    if (!trimmed) return setError(m.problems_text_empty());
    if (trimmed.length > PROBLEM_TEXT_MAX) return setError(m.problems_text_long({ max }));
    setSending(true);
    setError(null);
    const { ok, status, body } = await postToOrder<{ message?: string }>(
      order.reference,
      "problems",
      { lineId: line.id, kind, text: trimmed },
      locale,
    );
    setSending(false);
    if (!ok) {
      // The server's refusals (limits, an order not delivered) are worded in the page's language; others are ours.
      setError(status !== null && status < 500 && status !== 400 && body?.message ? body.message : m.problems_error());
      return;
    }
    onDone(true);
    void revalidator.revalidate();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-700">
      <h3 id={`${id}-title`} className="font-semibold break-words">
        {m.problems_form_title({ name })}
      </h3>
      <fieldset className="mt-2">
        <legend className="text-sm font-medium">{m.problems_kind_label()}</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {PROBLEM_KINDS.map((value, index) => (
            <label key={value} className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
              <input
                ref={index === 0 ? first : undefined}
                type="radio"
                name={`${id}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className={`h-4 w-4 accent-brand-700 ${focusRing}`}
              />
              {KIND_TEXT[value]()}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-text`} className="mt-3 block text-sm font-medium">
        {m.problems_text_label()}
      </label>
      <p id={`${id}-hint`} className={`text-sm ${mutedText}`}>
        {m.problems_text_hint({ max })}
      </p>
      <textarea
        id={`${id}-text`}
        rows={3}
        maxLength={PROBLEM_TEXT_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        className={fieldClass}
      />
      <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
        {error}
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <button type="submit" disabled={sending} aria-busy={sending} className={`${primaryButton} w-full sm:w-auto`}>
          {sending ? m.problems_sending() : m.problems_send()}
        </button>
        <button type="button" onClick={() => onDone(false)} className={`${secondaryButton} w-full sm:w-auto`}>
          {m.problems_cancel()}
        </button>
      </div>
    </form>
  );
}

function ProblemList({ problems, lines, locale }: { problems: ShopperProblem[]; lines: ShopperOrderLine[]; locale: Locale }) {
  return (
    <>
      <h3 className="mt-5 font-semibold">{m.problems_list_title()}</h3>
      <ul className="mt-2 space-y-3">
        {problems.map((problem) => {
          const line = lines.find((l) => l.id === problem.lineId);
          return (
            <li key={problem.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 font-medium break-words">
                  {KIND_TEXT[problem.kind]()}
                  {line && (
                    <>
                      {" · "}
                      <span lang={sellerLang(locale, line.nameNe)}>{sellerText(locale, line.name, line.nameNe)}</span>
                    </>
                  )}
                </p>
                <span className={`rounded-full px-3 py-0.5 text-sm font-semibold ${STATUS_TONE[problem.status]}`}>
                  {STATUS_TEXT[problem.status]()}
                </span>
              </div>
              <p className={`mt-1 text-sm ${mutedText}`}>{m.problems_reported_on({ time: shopTime(problem.createdAt, locale) })}</p>
              <p className="mt-1 text-sm wrap-anywhere whitespace-pre-wrap">{problem.text}</p>
              {problem.events.length > 0 && (
                <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3 dark:border-slate-700">
                  {problem.events.map((event, index) =>
                    event.kind === "reported" ? null : (
                      <li key={index} className="text-sm">
                        <p className="font-medium">
                          {EVENT_TEXT[event.kind]()} <span className={`font-normal ${mutedText}`}>· {shopTime(event.at, locale)}</span>
                        </p>
                        {event.kind === "answered" && <p className="mt-0.5 wrap-anywhere whitespace-pre-wrap">{event.text}</p>}
                      </li>
                    ),
                  )}
                </ol>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
