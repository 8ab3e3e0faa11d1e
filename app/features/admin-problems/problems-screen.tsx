import { useState } from "react";
import { Link } from "react-router";
import {
  PROBLEM_KIND_NAMES,
  PROBLEM_TEXT_MAX,
  type ProblemEventKind,
  type ProblemStatus,
  type QueuedProblem,
} from "../../../domain/problems/problems";
import { card, focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { Field, SubmitButton } from "../../lib/admin/form-parts";
import { formatDateTime } from "../../lib/admin/format";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { RefundLine } from "../../lib/admin/refund-line";
import { problemActionSchema } from "./problem-actions";

const STATUS: Record<ProblemStatus, { label: string; tone: string }> = {
  open: { label: "Open", tone: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200" },
  answered: { label: "Answered", tone: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200" },
  resolved: { label: "Resolved", tone: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200" },
};

const EVENT: Record<ProblemEventKind, string> = {
  reported: "Reported",
  answered: "Answered",
  "seat-moved": "Seat moved",
  "new-key": "New key given",
  refunded: "Refunded",
  resolved: "Resolved",
  reopened: "Reopened",
};

const link = `rounded font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`;
const smallButton = `${secondaryButton} px-3 py-1.5 text-sm`;

/** The problem queue (ADR 0111): open problems first, then those resolved lately; each acted on in its card. */
export function ProblemsScreen({ items, open, order }: { items: QueuedProblem[]; open: number; order: string | null }) {
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold">Problems</h1>
      <p className={`mt-1 ${mutedText}`}>
        What shoppers report on their order pages. Answer them (the shopper reads it there), move a seat or give a new key, then resolve.{" "}
        {open === 0 ? "Nothing is open." : `${open} open.`}
      </p>
      {order && (
        <p className="mt-2 text-sm">
          Showing order <span className="font-mono">{order}</span> only.{" "}
          <Link to="/admin/problems" className={link}>
            Show all problems
          </Link>
        </p>
      )}
      {items.length === 0 ? (
        <p className={`${card} mt-4 p-6 text-center ${mutedText}`}>
          {order ? "No problem was reported on this order." : "No problems reported. When a shopper reports one on their order page, it shows here."}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {items.map((problem) => (
            <ProblemCard key={problem.id} problem={problem} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** Whether the problem came inside the line's warranty (ADR 0128): inside, replace it or refund; outside, the seller's call. */
function WarrantyLine({ warranty }: { warranty: QueuedProblem["warranty"] }) {
  if (!warranty) return <p className={`mt-1 text-sm ${mutedText}`}>This item has no warranty: replacing it is your call.</p>;
  const until = warranty.until ? `until ${warranty.until}` : "while it lasts";
  return warranty.covered ? (
    <p className="mt-1 text-sm font-medium text-emerald-800 dark:text-emerald-300">
      Inside the warranty (replaced free {until}): replace it, or refund it if nothing can.
    </p>
  ) : (
    <p className="mt-1 text-sm font-medium text-amber-900 dark:text-amber-200">
      Reported outside the warranty, which ended on {warranty.until}: replacing or refunding it is your call.
    </p>
  );
}

function ProblemCard({ problem }: { problem: QueuedProblem }) {
  const [answer, setAnswer] = useState("");
  const [confirming, setConfirming] = useState<"move" | "key" | null>(null);
  const write = useAdminAction(problemActionSchema, { onSaved: () => setAnswer("") });
  const { errors, pending, formRef, clearError } = write;
  const { holding } = problem;
  const titleId = `problem-${problem.id}`;
  const version = { version: problem.version };
  const refusal = errors.version ?? errors.seatId ?? errors.lineId;
  // Refund is offered once no seat can take the line and no key is in stock for it (ADR 0128).
  const nothingReplaces =
    holding.kind === "none" || (holding.kind === "seat" && !holding.proposal) || (holding.kind === "key" && holding.inStock < holding.keys);
  return (
    <li className={`${card} p-4 sm:p-5`} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0 font-semibold break-words">
          {PROBLEM_KIND_NAMES[problem.kind]}: {problem.lineName}
        </h2>
        <span className={`rounded-full px-3 py-0.5 text-sm font-semibold ${STATUS[problem.status].tone}`}>{STATUS[problem.status].label}</span>
      </div>
      <p className={`mt-1 text-sm ${mutedText}`}>
        Order{" "}
        <Link to={`/admin/orders?q=${encodeURIComponent(problem.reference)}`} className={`${link} font-mono`}>
          {problem.reference}
        </Link>{" "}
        · {problem.customerName ?? "No name"}
        {problem.phone ? ` · ${problem.phone}` : ""} · reported {formatDateTime(problem.createdAt)}
      </p>
      <p className="mt-2 text-sm">
        {holding.kind === "seat" ? (
          <>
            Holds seat {holding.position}
            {holding.profileName ? ` “${holding.profileName}”` : ""} of{" "}
            <Link to={`/admin/accounts/${holding.accountId}`} className={link}>
              {holding.service} ({holding.login})
            </Link>
          </>
        ) : holding.kind === "key" ? (
          <>
            Holds {holding.keys === 1 ? "a licence key" : `${holding.keys} licence keys`} · {holding.inStock} in stock
          </>
        ) : (
          <span className={mutedText}>Holds no seat or key now.</span>
        )}
      </p>
      <WarrantyLine warranty={problem.warranty} />
      <blockquote className="mt-3 rounded-lg border-l-4 border-slate-300 bg-slate-50 p-3 text-sm wrap-anywhere whitespace-pre-wrap dark:border-slate-600 dark:bg-slate-800/60">
        {problem.text}
      </blockquote>

      <h3 className="mt-4 text-sm font-semibold">History</h3>
      <ol className="mt-1 space-y-1 text-sm">
        {problem.events.map((event, index) => (
          <li key={index} className="break-words">
            <span className={mutedText}>{formatDateTime(event.at)}</span> · <strong>{EVENT[event.kind]}</strong> by {event.who}
            {event.text && event.kind !== "reported" ? <span className="block pl-4 wrap-anywhere whitespace-pre-wrap">{event.text}</span> : null}
          </li>
        ))}
      </ol>

      <form
        ref={formRef}
        noValidate
        className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          write.submit({ intent: "answer", id: problem.id, fields: { ...version, text: answer } });
        }}
      >
        <Field label="Answer the shopper" hint="Shown on their order page; never write a password or key here." error={errors.text}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              maxLength={PROBLEM_TEXT_MAX}
              value={answer}
              onChange={(event) => {
                setAnswer(event.target.value);
                clearError("text");
              }}
            />
          )}
        </Field>
        <SubmitButton pending={pending} className="sm:mb-5">
          Send answer
        </SubmitButton>
      </form>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        {problem.status !== "resolved" && holding.kind === "seat" && (
          <button type="button" className={smallButton} disabled={pending || !holding.proposal} onClick={() => setConfirming("move")}>
            Move seat
          </button>
        )}
        {problem.status !== "resolved" && holding.kind === "key" && (
          <button type="button" className={smallButton} disabled={pending} onClick={() => setConfirming("key")}>
            New key
          </button>
        )}
        {problem.status !== "resolved" && nothingReplaces && (
          <RefundLine
            reference={problem.reference}
            lineId={problem.lineId}
            name={problem.lineName}
            pending={pending}
            onRefund={(to) => write.submit({ intent: "refund", id: problem.id, fields: { ...version, to } })}
            buttonClass={smallButton}
          />
        )}
        {problem.status === "resolved" ? (
          <button
            type="button"
            className={smallButton}
            disabled={pending}
            onClick={() => write.submit({ intent: "reopen", id: problem.id, fields: version })}
          >
            Reopen
          </button>
        ) : (
          <button
            type="button"
            className={`${primaryButton} px-3 py-1.5 text-sm`}
            disabled={pending}
            onClick={() => write.submit({ intent: "resolve", id: problem.id, fields: version })}
          >
            Resolve
          </button>
        )}
      </div>
      {problem.tell && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <span className={`text-sm ${mutedText}`}>Tell the shopper your answer:</span>
          <a href={problem.tell.whatsappUrl} target="_blank" rel="noreferrer noopener" className={smallButton}>
            WhatsApp<span className="sr-only"> (order {problem.reference})</span>
          </a>
          <a href={problem.tell.telegramUrl} target="_blank" rel="noreferrer noopener" className={smallButton}>
            Telegram<span className="sr-only"> (order {problem.reference})</span>
          </a>
        </div>
      )}
      {holding.kind === "seat" && problem.status !== "resolved" && (
        <p className={`mt-2 text-sm ${mutedText}`}>
          {holding.proposal
            ? `Move proposes ${holding.proposal.service} (${holding.proposal.login}), seat ${holding.proposal.position}${holding.proposal.profileName ? ` “${holding.proposal.profileName}”` : ""}.`
            : "No free seat fits on another account of this service: add an account or free a seat to move it."}
        </p>
      )}
      {refusal && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {refusal}
        </p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === "move" ? "Move this seat" : "Give a new key"}
        message={
          confirming === "move" && holding.kind === "seat" && holding.proposal
            ? `Move ${problem.reference} from seat ${holding.position} of ${holding.service} (${holding.login}) to ${holding.proposal.service} (${holding.proposal.login}), seat ${holding.proposal.position}? The seat here is freed; tell the holder their new details from the account's screen.`
            : `Retire the key of ${problem.reference} and give the next key of ${problem.lineName} from stock? The shopper's order page shows the new key.`
        }
        confirmLabel={confirming === "move" ? "Move" : "Give new key"}
        destructive={false}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming === "move" && holding.kind === "seat" && holding.proposal) {
            const { fromSeatId, seatId } = holding.proposal;
            write.submit({ intent: "move-seat", id: problem.id, fields: { ...version, fromSeatId, seatId } });
          } else if (confirming === "key") write.submit({ intent: "new-key", id: problem.id, fields: version });
          setConfirming(null);
        }}
      />
    </li>
  );
}
