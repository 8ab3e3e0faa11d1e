import { useEffect, useState } from "react";
import { z } from "zod";
import { billingLabel, deliveryAnswerSchema, lineSeatAnswerSchema, seatChoiceSchema, type SeatChoice } from "../../../domain/accounts";
import { focusRing, mutedText } from "../../components/ui";
import { callApi } from "../../lib/admin/admin-api";
import { copyTextWhenReady } from "../../lib/chat/copy-text";
import { useToast } from "../../lib/admin/toast";

type LineSeat = z.output<typeof lineSeatAnswerSchema>;
/** Sent on the window after a seat or key changed hands, so every line shown reads its seat again. */
const LEDGER_CHANGED = "pasal:ledger-changed";
const doneAnswer = z.object({ success: z.literal(true), message: z.string() });
const choicesAnswer = z.object({ success: z.literal(true), seats: z.array(seatChoiceSchema) });

const small = `rounded-md border border-slate-300 px-2.5 py-1.5 text-xs font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800 ${focusRing}`;

const choiceLabel = (seat: SeatChoice) =>
  `${seat.service} (${seat.login}), seat ${seat.position}${seat.profileName ? ` (${seat.profileName})` : ""}${
    seat.fits ? "" : `: ends on ${seat.renewalDate} without renewal, before this line ends`
  }`;

/** The account's billing beside a proposal, its last word (a date) kept whole on a narrow screen. */
function BillingNote({ label }: { label: string }) {
  const at = label.lastIndexOf(" ");
  return (
    <>
      {label.slice(0, at + 1)}
      <span className="whitespace-nowrap">{label.slice(at + 1)}</span>
    </>
  );
}

/** The admin's own choice of seat, in place of the proposal or to move the line: the free seats, best first. */
function SeatPicker({
  lineId,
  name,
  moving,
  busy,
  onChoose,
}: {
  lineId: string;
  name: string;
  moving: boolean;
  busy: boolean;
  onChoose: (seatId: string) => void;
}) {
  const [choices, setChoices] = useState<SeatChoice[] | "loading" | { error: string } | null>(null);
  const [chosen, setChosen] = useState("");
  const selectId = `seat-choice-${lineId}`;
  async function load() {
    setChoices("loading");
    const answer = await callApi("GET", `/api/admin/lines/${lineId}/seats`, choicesAnswer);
    setChoices(answer.ok ? answer.data.seats : { error: answer.message });
    if (answer.ok) setChosen(answer.data.seats[0]?.seatId ?? "");
  }
  if (choices === null) {
    return (
      <button
        type="button"
        className={small}
        disabled={busy}
        onClick={() => void load()}
        aria-label={`${moving ? "Move" : "Choose a seat for"} ${name}`}
      >
        {moving ? "Move…" : "Choose a seat…"}
      </button>
    );
  }
  if (choices === "loading") return <span className={mutedText}>Reading free seats…</span>;
  if ("error" in choices) {
    return (
      <span role="alert" className="text-red-700 dark:text-red-300">
        {choices.error}{" "}
        <button type="button" className="underline" onClick={() => void load()}>
          Try again
        </button>
      </span>
    );
  }
  if (choices.length === 0) return <span className={mutedText}>No other free seat serves this item.</span>;
  return (
    <span className="flex w-full flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        Seat for {name}
      </label>
      <select
        id={selectId}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        className={`w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-xs sm:w-auto sm:max-w-md sm:flex-1 dark:border-slate-700 dark:bg-slate-950 ${focusRing}`}
      >
        {choices.map((seat) => (
          <option key={seat.seatId} value={seat.seatId}>
            {choiceLabel(seat)}
          </option>
        ))}
      </select>
      <button type="button" className={small} disabled={busy || !chosen} onClick={() => onChoose(chosen)}>
        {moving ? "Move here" : "Put on this seat"}
      </button>
      <button type="button" className={small} onClick={() => setChoices(null)}>
        Cancel
      </button>
    </span>
  );
}

/**
 * The ledger's part of a delivered line (issue 20): the seat it holds or the one Pasal proposes, a key from
 * stock, and the delivery message sent in one click to the customer's WhatsApp or Telegram. Secrets never
 * reach this component: the message goes straight from the API into the chat link.
 */
export function LineLedger({ lineId, name }: { lineId: string; name: string }) {
  const [seat, setSeat] = useState<LineSeat | "loading" | { error: string }>("loading");
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  // Each write below, and Try again, reads the line again.
  const [reads, setReads] = useState(0);
  const load = () => setReads((n) => n + 1);
  useEffect(() => {
    let current = true;
    void callApi("GET", `/api/admin/lines/${lineId}/seat`, lineSeatAnswerSchema).then((answer) => {
      if (current) setSeat(answer.ok ? answer.data : { error: answer.message });
    });
    return () => {
      current = false;
    };
  }, [lineId, reads]);

  // A seat taken by another line of this screen changes what this one is proposed.
  useEffect(() => {
    const reread = () => setReads((n) => n + 1);
    window.addEventListener(LEDGER_CHANGED, reread);
    return () => window.removeEventListener(LEDGER_CHANGED, reread);
  }, []);

  async function act(method: "PUT" | "POST" | "DELETE", path: string, body?: object) {
    setBusy(true);
    const answer = await callApi(method, path, doneAnswer, body);
    setBusy(false);
    toast(answer.ok ? "success" : "error", answer.ok ? answer.data.message : answer.message);
    window.dispatchEvent(new Event(LEDGER_CHANGED));
  }

  async function send(channel: "whatsapp" | "telegram") {
    // Opened within the click, so no pop-up blocker stops it; pointed at the chat once the message is written.
    const chat = window.open("about:blank", "_blank");
    setBusy(true);
    const delivery = callApi("GET", `/api/admin/lines/${lineId}/delivery`, deliveryAnswerSchema);
    // Telegram may drop a pre-filled text, so the message is copied too, as at checkout; the copy has to
    // start within the click (copyTextWhenReady).
    const copying =
      channel === "telegram"
        ? copyTextWhenReady(
            delivery.then((answer) => (answer.ok && answer.data.telegramUrl ? answer.data.message : Promise.reject(new Error("no message")))),
          )
        : null;
    const answer = await delivery;
    setBusy(false);
    const url = answer.ok ? (channel === "whatsapp" ? answer.data.whatsappUrl : answer.data.telegramUrl) : null;
    if (!url) {
      chat?.close();
      toast("error", answer.ok ? "This order has no phone number: add it in the customer details first." : answer.message);
      return;
    }
    if (chat) chat.location.href = url;
    else window.location.href = url;
    if (copying && (await copying)) toast("success", "Delivery message copied: paste it into the chat if Telegram opens it empty.");
  }

  if (seat === "loading") return <p className={`w-full text-xs ${mutedText}`}>Reading the seat of {name}…</p>;
  if ("error" in seat) {
    return (
      <p role="alert" className="w-full text-xs text-red-700 dark:text-red-300">
        {seat.error}{" "}
        <button type="button" className="underline" onClick={() => void load()}>
          Try again
        </button>
      </p>
    );
  }
  const delivered = seat.held !== null || seat.keys > 0;
  // Items sold from neither accounts nor keys: nothing of the ledger to show.
  if (!seat.linked && !delivered) return null;
  if (seat.carriedOnBy && !delivered) {
    return <p className={`w-full text-xs ${mutedText}`}>Renewed as {seat.carriedOnBy}: its seat went on with the renewal.</p>;
  }
  if (seat.endedOn && !delivered) {
    return (
      <p className={`w-full text-xs ${mutedText}`}>
        Ended on {seat.endedOn} and past the grace period: its seat was freed, and it gets no seat or key.
      </p>
    );
  }
  return (
    <div className="flex w-full flex-wrap items-center gap-2 text-xs">
      {seat.held ? (
        <span>
          On <strong>{seat.held.service}</strong>, seat {seat.held.position}
          {seat.held.profileName ? ` (${seat.held.profileName})` : ""}
        </span>
      ) : seat.keys > 0 ? (
        <span>{seat.keys === 1 ? "Key given" : `${seat.keys} keys given`}</span>
      ) : seat.proposal ? (
        <>
          <span className={mutedText}>
            Proposed: {seat.proposal.service}, seat {seat.proposal.position}
            {seat.proposal.profileName ? ` (${seat.proposal.profileName})` : ""} · <BillingNote label={billingLabel(seat.proposal)} />
          </span>
          <button
            type="button"
            className={small}
            disabled={busy}
            onClick={() => void act("PUT", `/api/admin/lines/${lineId}/seat`, { seatId: seat.proposal!.seatId })}
            aria-label={`Assign seat for ${name}`}
          >
            Assign seat
          </button>
        </>
      ) : seat.sells.seats ? (
        <span className={mutedText}>No free seat fits.</span>
      ) : null}
      {!delivered && seat.sells.keys && (
        <button
          type="button"
          className={small}
          disabled={busy}
          onClick={() => void act("POST", `/api/admin/lines/${lineId}/key`)}
          aria-label={`Take a key for ${name}`}
        >
          Take a key
        </button>
      )}
      {seat.held && (
        <button
          type="button"
          className={small}
          disabled={busy}
          onClick={() => void act("DELETE", `/api/admin/lines/${lineId}/seat`)}
          aria-label={`Free seat of ${name}`}
        >
          Free seat
        </button>
      )}
      {(seat.held || (seat.keys === 0 && seat.sells.seats)) && (
        <SeatPicker
          key={reads}
          lineId={lineId}
          name={name}
          moving={seat.held !== null}
          busy={busy}
          onChoose={(seatId) => void act("PUT", `/api/admin/lines/${lineId}/seat`, { seatId })}
        />
      )}
      {delivered && (
        <>
          <button
            type="button"
            className={small}
            disabled={busy}
            onClick={() => void send("whatsapp")}
            aria-label={`Send on WhatsApp: delivery of ${name}`}
          >
            Send on WhatsApp
          </button>
          <button
            type="button"
            className={small}
            disabled={busy}
            onClick={() => void send("telegram")}
            aria-label={`Send on Telegram: delivery of ${name}`}
          >
            Send on Telegram
          </button>
        </>
      )}
    </div>
  );
}
