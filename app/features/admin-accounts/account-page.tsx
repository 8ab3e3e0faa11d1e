import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { billingLabel, PREVIOUS_SECRET_DAYS } from "../../../domain/ledger/accounts";
import type { Account, HolderMessage, MoveProposal, PreviousSecret, Reveal } from "../../../domain/ledger/schemas";
import { formatNpr } from "../../../domain/shared/money";
import type { AccountProfit } from "../../../domain/reports/schemas";
import { focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { CardSection, Field, SubmitButton } from "../../lib/admin/form-parts";
import { HeadCells } from "../../lib/admin/list-parts";
import { formatDateTime } from "../../lib/admin/format";
import { RevealButton } from "../../lib/admin/reveal-button";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { accountCareSchema, TELL_CHANNELS } from "./account-actions";
import { MailboxForm } from "./mailbox-form";
import type { Mailbox } from "../../../domain/household-mail/schemas";

const REASON = { password: "password changed", pin: "PIN changed", moved: "moved to another account" } as const;
const CHANNEL = { whatsapp: "WhatsApp", telegram: "Telegram" } as const;
const link = `rounded font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`;
const smallButton = `${secondaryButton} px-3 py-1.5 text-sm`;

/** "The password changed": the new one is stored, the old one kept for the reveal log, and the holders listed to tell. */
function SecretChangeForm({ account }: { account: Account }) {
  const [what, setWhat] = useState("password");
  const [value, setValue] = useState("");
  const change = useAdminAction(accountCareSchema, { onSaved: () => setValue("") });
  const { errors, formRef, pending, clearError } = change;
  return (
    <CardSection id="secret-change-title" title="The password changed">
      <p className={`mt-1 text-sm ${mutedText}`}>
        Record the new password, or a profile’s new PIN. The old one stays readable here by Reveal for {PREVIOUS_SECRET_DAYS} days, then is deleted;
        everyone it concerns is listed below to be told.
      </p>
      <form
        ref={formRef}
        noValidate
        className="mt-4 grid gap-3 sm:grid-cols-[17rem_1fr_auto] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          const seatId = what === "password" ? undefined : what;
          change.submit({ intent: "change-secret", fields: { what: seatId ? "pin" : "password", ...(seatId ? { seatId } : {}), value } });
        }}
      >
        <Field label="What changed" error={errors.seatId}>
          {(control) => (
            <select {...control} value={what} onChange={(event) => setWhat(event.target.value)}>
              <option value="password">The account’s password</option>
              {account.seats.map((seat) => (
                <option key={seat.id} value={seat.id}>
                  PIN of seat {seat.position}
                  {seat.profileName ? ` (${seat.profileName})` : ""}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="New value" required error={errors.value}>
          {(control) => (
            <input
              {...control}
              value={value}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                setValue(event.target.value);
                clearError("value");
              }}
            />
          )}
        </Field>
        <SubmitButton pending={pending} className="sm:mt-6">
          Save and list holders
        </SubmitButton>
      </form>
    </CardSection>
  );
}

/**
 * Each holder to tell, with one link per chat app. The link posts to `/admin/tell/<notice>` in a new tab, which
 * makes the message (a logged reveal) and opens the app with it; the list is read again to show them told.
 */
function HoldersToTell({ notices }: { notices: HolderMessage[] }) {
  const revalidator = useRevalidator();
  const untold = notices.filter((notice) => notice.toldAt === null).length;
  return (
    <CardSection
      id="tell-title"
      title={
        <>
          Holders to tell{" "}
          {untold > 0 && (
            <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {untold} not told
            </span>
          )}
        </>
      }
    >
      {notices.length === 0 ? (
        <p className={`mt-2 text-sm ${mutedText}`}>
          No one to tell: after a new password or PIN, or holders moved off this account, they are listed here with their message.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Holders to tell">
          {notices.map((notice) => (
            <li key={notice.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <strong className="font-mono">{notice.reference}</strong> {notice.customerName && <span>{notice.customerName}</span>}
                <span className={`block text-xs ${mutedText}`}>
                  {REASON[notice.reason]}, {formatDateTime(notice.createdAt)}
                  {notice.toldAt ? ` · told ${formatDateTime(notice.toldAt)} by ${notice.toldBy}` : ""}
                </span>
              </div>
              {notice.reachable ? (
                <div className="flex flex-wrap items-center gap-2">
                  {notice.toldAt && <span className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">✓ Told</span>}
                  {TELL_CHANNELS.map((via) => (
                    <form
                      key={via}
                      method="post"
                      action={`/admin/tell/${encodeURIComponent(notice.id)}`}
                      target="_blank"
                      onSubmit={() => window.setTimeout(() => void revalidator.revalidate(), 1500)}
                    >
                      <input type="hidden" name="via" value={via} />
                      <button type="submit" className={smallButton} aria-label={`Send on ${CHANNEL[via]} to ${notice.reference}`}>
                        {notice.toldAt ? `Again on ${CHANNEL[via]}` : `Send on ${CHANNEL[via]}`}
                      </button>
                    </form>
                  ))}
                </div>
              ) : (
                <span className={`text-sm ${mutedText}`}>No phone on the order: tell them another way.</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}

/** Holders moved to free seats of other accounts, as proposed: one confirmation, all or nothing. */
function MoveHolders({ account, proposals }: { account: Account; proposals: MoveProposal[] }) {
  const [confirming, setConfirming] = useState<MoveProposal[] | null>(null);
  const move = useAdminAction(accountCareSchema);
  const { pending, errors } = move;
  const movable = proposals.filter((proposal) => proposal.to !== null);
  const send = (chosen: MoveProposal[]) =>
    move.submit({
      intent: "move",
      fields: { moves: chosen.map((proposal) => ({ lineId: proposal.lineId, fromSeatId: proposal.fromSeatId, seatId: proposal.to!.seatId })) },
    });
  return (
    <CardSection id="move-title" title="Move holders">
      <p className={`mt-1 text-sm ${mutedText}`}>
        To free seats on other accounts of the same service, when this one is banned or full of trouble. The seats here are freed, and each holder is
        listed above to be told their new details.
      </p>
      {proposals.length === 0 ? (
        <p className={`mt-3 text-sm ${mutedText}`}>No one holds a seat of this account.</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Proposed moves">
            {proposals.map((proposal) => (
              <li key={proposal.lineId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <div className="min-w-0">
                  <strong className="font-mono">{proposal.reference}</strong> {proposal.customerName}
                  <span className={`block ${mutedText}`}>
                    Seat {proposal.fromPosition} →{" "}
                    {proposal.to ? (
                      <>
                        {proposal.to.service} ({proposal.to.login}), seat {proposal.to.position}
                        {proposal.to.profileName ? ` “${proposal.to.profileName}”` : ""}
                      </>
                    ) : (
                      <span className="font-medium text-amber-800 dark:text-amber-300">no free seat fits: add an account or free a seat</span>
                    )}
                  </span>
                </div>
                {proposal.to && (
                  <button
                    type="button"
                    className={smallButton}
                    disabled={pending}
                    onClick={() => setConfirming([proposal])}
                    aria-label={`Move ${proposal.reference}`}
                  >
                    Move
                  </button>
                )}
              </li>
            ))}
          </ul>
          {movable.length > 1 && (
            <button type="button" className={`${primaryButton} mt-3`} disabled={pending} onClick={() => setConfirming(movable)}>
              {pending ? "Moving…" : `Move all ${movable.length}`}
            </button>
          )}
          {errors.moves && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
              {errors.moves}
            </p>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Move these holders"
        message={`Move ${confirming?.length === 1 ? `${confirming[0]!.reference}` : `${confirming?.length ?? 0} holders`} off ${account.service} (${account.login}) to the seats shown? Their seats here are freed; then send each their new details.`}
        confirmLabel="Move"
        destructive={false}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          send(confirming ?? []);
          setConfirming(null);
        }}
      />
    </CardSection>
  );
}

const signedNpr = (amount: number) => (amount < 0 ? `−NPR ${formatNpr(-amount)}` : `NPR ${formatNpr(amount)}`);

/** What the account's holders brought against what it cost, over its life and by month, with its seats filled. */
function Profit({ profit }: { profit: AccountProfit }) {
  const cell = "px-1.5 py-1.5 text-right tabular-nums sm:px-2";
  return (
    <CardSection id="profit-title" title="Profit">
      <p className="mt-1 text-sm">
        Since it was added: NPR {formatNpr(profit.revenue)} from its holders against NPR {formatNpr(profit.cost)} paid to the provider,{" "}
        <strong className={profit.losing ? "text-red-700 dark:text-red-300" : ""}>
          {signedNpr(profit.profit)}
          {profit.losing ? ": losing money" : ""}
        </strong>
        .
      </p>
      {/* Focusable, so a keyboard can scroll it where a phone is too narrow for its columns. */}
      <div className={`mt-3 overflow-x-auto rounded ${focusRing}`} tabIndex={0} role="region" aria-label="Profit by month">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Profit by month, NPR, and seats filled on average</caption>
          <thead className={mutedText}>
            <HeadCells
              cellClassName="px-2 py-1.5 text-right font-medium"
              columns={[["Month", "px-2 py-1.5 font-medium"], "Revenue", "Cost", "Profit", "Seats filled"]}
            />
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {profit.months.map((month) => (
              <tr key={month.month}>
                <th scope="row" className="px-2 py-1.5 font-medium">
                  {month.month}
                </th>
                <td className={cell}>{formatNpr(month.revenue)}</td>
                <td className={cell}>{formatNpr(month.cost)}</td>
                <td className={`${cell} ${month.profit < 0 ? "text-red-700 dark:text-red-300" : ""}`}>
                  {month.profit < 0 ? `−${formatNpr(-month.profit)}` : formatNpr(month.profit)}
                </td>
                <td className={cell}>
                  {month.seatsFilled} of {profit.seats}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </CardSection>
  );
}

/** Replaced secrets still kept, and who saw which secret: the account's reveal log. */
function History({ accountId, previous, reveals }: { accountId: string; previous: PreviousSecret[]; reveals: Reveal[] }) {
  return (
    <CardSection id="history-title" title="Reveal log">
      <h3 className="mt-3 font-medium">Replaced passwords and PINs</h3>
      {previous.length === 0 ? (
        <p className={`text-sm ${mutedText}`}>None kept: a replaced one stays {PREVIOUS_SECRET_DAYS} days.</p>
      ) : (
        <ul className="mt-1 space-y-2 text-sm">
          {previous.map((secret) => (
            <li key={secret.id} className="flex flex-wrap items-center gap-2">
              <span>
                {secret.what === "pin" ? `PIN of seat ${secret.seatPosition ?? "?"}` : "Password"} replaced {formatDateTime(secret.replacedAt)} by{" "}
                {secret.replacedBy}; deleted {formatDateTime(secret.deleteAfter)}
              </span>
              <RevealButton
                path={`/api/admin/accounts/${accountId}/reveal`}
                body={{ what: "previous", previousId: secret.id }}
                label={`Reveal the ${secret.what === "pin" ? "PIN" : "password"} replaced ${formatDateTime(secret.replacedAt)}`}
              />
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 font-medium">Reveals and changes</h3>
      {reveals.length === 0 ? (
        <p className={`text-sm ${mutedText}`}>No secret of this account has been revealed.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {reveals.map((reveal) => (
            <li key={reveal.id} className="break-words">
              {formatDateTime(reveal.at)}: <strong>{reveal.what}</strong> by {reveal.adminEmail}
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}

/** One provider account: tell its holders of a new password, move them elsewhere, and its reveal log. */
export function AccountPage({
  account,
  reveals,
  notices,
  previous,
  proposals,
  profit,
  mailbox,
}: {
  profit: AccountProfit;
  mailbox: Mailbox | null;
  account: Account;
  reveals: Reveal[];
  notices: HolderMessage[];
  previous: PreviousSecret[];
  proposals: MoveProposal[];
}) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <Link to="/admin/accounts" className={link}>
          ← All accounts
        </Link>
        <h1 className="mt-2 text-2xl font-bold break-words">{account.service}</h1>
        <p className={`text-sm ${mutedText}`}>
          <span className="break-all">{account.login}</span> · {account.status} · {account.seatsUsed}/{account.seats.length} seats used
        </p>
        <p className={`text-sm ${mutedText}`}>
          NPR {formatNpr(account.cost)}
          {account.billingCycle === "none" ? "" : ` a ${account.billingCycle === "monthly" ? "month" : "year"}`}, {billingLabel(account)}
        </p>
      </div>
      <SecretChangeForm account={account} />
      <HoldersToTell notices={notices} />
      <MailboxForm accountId={account._id} mailbox={mailbox} />
      <MoveHolders account={account} proposals={proposals} />
      <Profit profit={profit} />
      <History accountId={account._id} previous={previous} reveals={reveals} />
    </div>
  );
}
