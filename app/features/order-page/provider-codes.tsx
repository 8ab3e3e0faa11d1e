import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { HOLDER_MAIL_KINDS, type HolderMailKind } from "../../../domain/household-mail/household-mail";
import type { ProviderCode } from "../../../domain/household-mail/schemas";
import type { ShopperOrder } from "../../../domain/orders/order-page";
import { localHref, sellerLang, sellerText, type Locale } from "../../../domain/shared/locale";
import { formatNumber } from "../../../domain/shared/locale-format";
import { richMessage } from "../../components/rich-message";
import { focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { m } from "../../paraglide/messages";
import { NETFLIX_SAYS } from "../../components/netflix-says";
import { CopyButton } from "./copy-button";
import { shopTime } from "./order-format";
import { PageSection } from "./page-section";
import { postToOrder } from "./post-to-order";

/** How often the page reads the mailbox again while it waits for Netflix's mail. */
const POLL_MS = 4_000;

const KIND_TEXT: Record<HolderMailKind, () => ReactNode> = {
  "travel-code": () => richMessage(m.codes_kind_travel, { traveling: NETFLIX_SAYS.traveling }),
  "household-update": m.codes_kind_household,
  "sign-in-code": m.codes_kind_signin,
};

type State =
  | { step: "idle" }
  | { step: "waiting"; askId: string; until: number; secondsLeft: number }
  | { step: "found"; reading: NonNullable<ProviderCode["reading"]> }
  | { step: "none" }
  | { step: "refused"; message: string };

/**
 * "Netflix asks for a code?" on a delivered order (issue 45): a holder of a Netflix seat whose account's mailbox
 * the shop reads gets the code or link by themselves; the page waits up to a minute for the mail to come.
 */
export function ProviderCodesSection({ order, lineIds, locale }: { order: ShopperOrder; lineIds: string[]; locale: Locale }) {
  const lines = order.lines.filter((line) => lineIds.includes(line.id));
  if (lines.length === 0) return null;
  return (
    <PageSection id="codes-title" title={m.codes_title()} intro={m.codes_intro()}>
      <ul className="mt-3 space-y-3">
        {lines.map((line) => (
          <li key={line.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <CodeForm
              reference={order.reference}
              lineId={line.id}
              name={sellerText(locale, line.name, line.nameNe)}
              nameLang={sellerLang(locale, line.nameNe)}
              locale={locale}
            />
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        <Link
          to={localHref(locale, "/help")}
          className={`rounded font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`}
        >
          {m.codes_steps()}
        </Link>
      </p>
    </PageSection>
  );
}

function CodeForm({
  reference,
  lineId,
  name,
  nameLang,
  locale,
}: {
  reference: string;
  lineId: string;
  name: string;
  nameLang?: string;
  locale: Locale;
}) {
  const id = useId();
  const [kind, setKind] = useState<HolderMailKind>("travel-code");
  const [state, setState] = useState<State>({ step: "idle" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const result = useRef<HTMLDivElement>(null);

  async function ask(askId?: string) {
    const { ok, status, body } = await postToOrder<ProviderCode & { message?: string }>(
      reference,
      "provider-code",
      { lineId, kind, ...(askId ? { askId } : {}) },
      locale,
    );
    if (!ok || !body) {
      if (status !== null && status < 500 && status !== 400 && body?.message) setState({ step: "refused", message: body.message });
      else setError(m.codes_error());
      return null;
    }
    return body;
  }

  // While waiting: the mailbox is read again every few seconds, with the same ask, until the minute is over.
  useEffect(() => {
    if (state.step !== "waiting") return;
    const timer = setTimeout(async () => {
      if (Date.now() >= state.until) return setState({ step: "none" });
      const answer = await ask(state.askId);
      if (!answer) return;
      if (answer.reading) setState({ step: "found", reading: answer.reading });
      else setState({ ...state, secondsLeft: Math.max(0, Math.round((state.until - Date.now()) / 1000)) });
    }, POLL_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each wait step schedules the next
  }, [state]);

  useEffect(() => {
    if (state.step === "found" || state.step === "none" || state.step === "refused") result.current?.focus();
  }, [state.step]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const answer = await ask();
    setBusy(false);
    if (!answer) return;
    const until = Date.parse(answer.waitUntil);
    if (answer.reading) setState({ step: "found", reading: answer.reading });
    else setState({ step: "waiting", askId: answer.askId, until, secondsLeft: Math.max(0, Math.round((until - Date.now()) / 1000)) });
  };

  const waiting = state.step === "waiting";
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`} lang={nameLang} className="font-semibold break-words">
        {name}
      </h3>
      <fieldset className="mt-2" disabled={waiting}>
        <legend className="text-sm font-medium">{m.codes_kind_label()}</legend>
        <div className="mt-1 grid gap-1">
          {HOLDER_MAIL_KINDS.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
              <input
                type="radio"
                name={`${id}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => {
                  setKind(value);
                  setState({ step: "idle" });
                }}
                className={`h-4 w-4 shrink-0 accent-brand-700 ${focusRing}`}
              />
              <span>{KIND_TEXT[value]()}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className={`mt-2 text-sm ${mutedText}`}>{richMessage(m.codes_first, { send: NETFLIX_SAYS.send })}</p>
      <button
        type="submit"
        disabled={busy || waiting}
        aria-label={m.codes_get_for({ name })}
        className={`${state.step === "found" ? secondaryButton : primaryButton} mt-2 w-full sm:w-auto`}
      >
        {state.step === "found" ? m.codes_again() : m.codes_get()}
      </button>
      <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
        {error}
      </p>
      <div role="status" aria-live="polite" className="mt-1">
        {waiting && (
          <p className="flex items-center gap-2 text-sm">
            <span aria-hidden="true" className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
            <span>
              {m.codes_waiting()} {m.codes_seconds_left({ seconds: formatNumber(state.secondsLeft, locale) })}
            </span>
          </p>
        )}
      </div>
      {kind === "travel-code" && state.step !== "found" && (
        <ol className={`mt-3 list-decimal space-y-1 pl-5 text-sm ${mutedText}`} aria-label={m.help_steps()}>
          <li>{m.help_s1_title()}</li>
          <li>{m.help_s2_title()}</li>
          <li>{m.codes_get()}</li>
          <li>{richMessage(m.help_s4_title, { verify: NETFLIX_SAYS.verify })}</li>
          <li>{m.help_s5_title()}</li>
        </ol>
      )}
      <div ref={result} tabIndex={-1} className="outline-none">
        {state.step === "found" && <Reading reading={state.reading} locale={locale} />}
        {state.step === "none" && <p className="mt-2 text-sm font-medium">{richMessage(m.codes_none, { send: NETFLIX_SAYS.send })}</p>}
        {state.step === "refused" && <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">{state.message}</p>}
      </div>
    </form>
  );
}

function Reading({ reading, locale }: { reading: NonNullable<ProviderCode["reading"]>; locale: Locale }) {
  const until = m.codes_until({ time: shopTime(reading.expiresAt, locale) });
  if (reading.kind === "sign-in-code") {
    return (
      <div className="mt-3 rounded-lg bg-emerald-50 p-3 text-emerald-950 dark:bg-emerald-950/60 dark:text-emerald-50">
        <p className="text-sm font-medium">{m.codes_signin()}</p>
        <p className="flex flex-wrap items-center gap-3">
          <span className="font-mono text-4xl font-bold tracking-[0.3em]">{reading.value}</span>
          <CopyButton value={reading.value} label={m.codes_signin()} />
        </p>
        <p className="mt-1 text-sm">{until}</p>
      </div>
    );
  }
  return (
    <div className="mt-3 rounded-lg bg-emerald-50 p-3 text-emerald-950 dark:bg-emerald-950/60 dark:text-emerald-50">
      <a href={reading.value} target="_blank" rel="noreferrer noopener" className={`${primaryButton} w-full sm:w-auto`}>
        {reading.kind === "travel-code" ? m.codes_open_travel() : m.codes_open_household()}
      </a>
      <p className="mt-2 text-sm">
        {m.codes_link_hint()} {until}
      </p>
    </div>
  );
}
