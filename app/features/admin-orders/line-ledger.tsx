import { useRef, useState } from "react";
import { z } from "zod";
import { billingLabel } from "../../../domain/ledger/accounts";
import type { LineLedgerData, SeatChoice } from "../../../domain/ledger/schemas";
import { CHAT_CHANNEL_LABELS, CHAT_CHANNELS, type ChatChannel } from "../../../domain/orders/checkout";
import { focusRing, mutedText } from "../../components/ui";
import { copyTextWhenReady } from "../../lib/chat/copy-text";
import { useToast } from "../../lib/admin/toast";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { orderActionSchema } from "./order-actions";
import { Options } from "../../components/options";

/** What the delivery intent answers besides its message: the chat link and the text it carries. */
const deliveryDetail = z.object({ url: z.string(), message: z.string() });

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
  choices,
  moving,
  busy,
  onChoose,
}: {
  lineId: string;
  name: string;
  choices: SeatChoice[];
  moving: boolean;
  busy: boolean;
  onChoose: (seatId: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState(choices[0]?.seatId ?? "");
  const selectId = `seat-choice-${lineId}`;
  if (!open) {
    return (
      <button
        type="button"
        className={small}
        disabled={busy}
        onClick={() => {
          setChosen(choices[0]?.seatId ?? "");
          setOpen(true);
        }}
        aria-label={`${moving ? "Move" : "Choose a seat for"} ${name}`}
      >
        {moving ? "Move…" : "Choose a seat…"}
      </button>
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
        <Options of={choices} value={(seat) => seat.seatId} label={(seat) => choiceLabel(seat)} />
      </select>
      <button type="button" className={small} disabled={busy || !chosen} onClick={() => onChoose(chosen)}>
        {moving ? "Move here" : "Put on this seat"}
      </button>
      <button type="button" className={small} onClick={() => setOpen(false)}>
        Cancel
      </button>
    </span>
  );
}

/**
 * The ledger's part of a delivered line: the seat it holds or the one Pasal proposes, a key from
 * stock, and the delivery message sent in one click to the customer's WhatsApp or Telegram. All of it comes
 * with the orders screen's data, and every write is one of its intents (ADR 0110). Secrets are not part of that
 * data: the message, asked for by the delivery intent (a reveal, logged), goes straight into the chat link.
 */
export function LineLedger({ lineId, name, ledger: seat }: { lineId: string; name: string; ledger: LineLedgerData }) {
  // React Router reads the screen's ledger again after each write: a seat one line takes is gone from the others.
  const write = useAdminAction(orderActionSchema);
  const toast = useToast();
  // The chat tab opened within the click, and the text the clipboard waits for, until the answer comes.
  const sending = useRef<{ chat: Window | null; text: (message: string | null) => void } | null>(null);
  const delivery = useAdminAction(orderActionSchema, {
    onSaved(_message, detail) {
      const parsed = deliveryDetail.safeParse(detail);
      const { chat, text } = sending.current ?? { chat: null, text: () => {} };
      sending.current = null;
      text(parsed.success ? parsed.data.message : null);
      if (!parsed.success) return chat?.close();
      if (chat) chat.location.href = parsed.data.url;
      else window.location.assign(parsed.data.url);
    },
    onRefused() {
      sending.current?.chat?.close();
      sending.current?.text(null);
      sending.current = null;
    },
  });
  const busy = write.pending || delivery.pending;

  function send(channel: ChatChannel) {
    // Opened within the click, so no pop-up blocker stops it; pointed at the chat once the message is written.
    const chat = window.open("about:blank", "_blank");
    let text: (message: string | null) => void = () => {};
    const written = new Promise<string>((resolve, reject) => {
      text = (message) => (message === null ? reject(new Error("no message")) : resolve(message));
    });
    written.catch(() => {});
    sending.current = { chat, text };
    // Telegram may drop a pre-filled text, so the message is copied too, as at checkout; the copy has to
    // start within the click (copyTextWhenReady).
    if (channel === "telegram") {
      void copyTextWhenReady(written).then((copied) => {
        if (copied) toast("success", "Delivery message copied: paste it into the chat if Telegram opens it empty.");
      });
    }
    if (!delivery.submit({ intent: "delivery", lineId, channel })) chat?.close();
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
            onClick={() => write.submit({ intent: "seat", lineId, seatId: seat.proposal!.seatId })}
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
          onClick={() => write.submit({ intent: "key", lineId })}
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
          onClick={() => write.submit({ intent: "seat-free", lineId })}
          aria-label={`Free seat of ${name}`}
        >
          Free seat
        </button>
      )}
      {(seat.held || (seat.keys === 0 && seat.sells.seats)) && (
        <SeatPicker
          key={`${seat.held?.seatId}:${seat.choices.map((choice) => choice.seatId).join()}`}
          lineId={lineId}
          name={name}
          choices={seat.choices}
          moving={seat.held !== null}
          busy={busy}
          onChoose={(seatId) => write.submit({ intent: "seat", lineId, seatId })}
        />
      )}
      {delivered &&
        CHAT_CHANNELS.map((channel) => (
          <button
            key={channel}
            type="button"
            className={small}
            disabled={busy}
            onClick={() => send(channel)}
            aria-label={`Send on ${CHAT_CHANNEL_LABELS[channel]}: delivery of ${name}`}
          >
            {`Send on ${CHAT_CHANNEL_LABELS[channel]}`}
          </button>
        ))}
    </div>
  );
}
