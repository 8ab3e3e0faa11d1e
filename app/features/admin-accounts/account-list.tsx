import { useState } from "react";
import { z } from "zod";
import { revealSchema, type Account, type Reveal } from "../../../domain/accounts";
import { formatNpr } from "../../../domain/money";
import { card, focusRing, mutedText, secondaryButton } from "../../components/ui";
import { callApi } from "../../lib/admin/admin-api";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { formatDateTime } from "../../lib/admin/format";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { accountActionSchema } from "./account-actions";
import { RevealButton } from "./reveal-button";

const STATUS_STYLE = {
  active: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  paused: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  retired: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
} as const;

const revealLogAnswer = z.object({ success: z.literal(true), reveals: z.array(revealSchema) });

/** Who saw this account's secrets and when, read when opened (never part of the list). */
function RevealLog({ accountId }: { accountId: string }) {
  const [state, setState] = useState<{ reveals: Reveal[] } | { error: string } | "loading" | null>(null);
  async function load() {
    setState("loading");
    const answer = await callApi("GET", `/api/admin/accounts/${accountId}`, revealLogAnswer);
    setState(answer.ok ? { reveals: answer.data.reveals } : { error: answer.message });
  }
  return (
    <details className="mt-3 text-sm" onToggle={(event) => (event.currentTarget.open && state === null ? void load() : undefined)}>
      <summary className={`cursor-pointer rounded font-medium ${focusRing}`}>Reveal log</summary>
      {state === "loading" && <p className={`mt-2 ${mutedText}`}>Loading…</p>}
      {state !== null && typeof state === "object" && "error" in state && (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-300">
          {state.error}{" "}
          <button type="button" className="underline" onClick={() => void load()}>
            Try again
          </button>
        </p>
      )}
      {state !== null && typeof state === "object" && "reveals" in state && (
        <ul className="mt-2 space-y-1">
          {state.reveals.length === 0 && <li className={mutedText}>No secret of this account has been revealed.</li>}
          {state.reveals.map((reveal) => (
            <li key={reveal.id}>
              {formatDateTime(reveal.at)}: <strong>{reveal.what}</strong> by {reveal.adminEmail}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

function AccountCard({ account, itemNames, onEdit }: { account: Account; itemNames: Map<string, string>; onEdit: (account: Account) => void }) {
  const remove = useAdminAction(accountActionSchema);
  const [confirming, setConfirming] = useState(false);
  const titleId = `account-${account._id}`;
  return (
    <li className={`${card} min-w-0 p-4`} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-words">
            {account.service}{" "}
            <span className={`ml-1 rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[account.status]}`}>{account.status}</span>
          </h3>
          <p className={`text-sm break-all ${mutedText}`}>{account.login}</p>
          <p className={`text-xs ${mutedText}`}>{account.itemIds.map((id) => itemNames.get(id) ?? "a removed item").join(", ")}</p>
        </div>
        <p className="text-sm font-semibold" aria-label={`${account.seatsUsed} of ${account.seats.length} seats used`}>
          {account.seatsUsed}/{account.seats.length} seats
        </p>
      </div>
      <p className={`mt-1 text-sm ${mutedText}`}>
        NPR {formatNpr(account.cost)} per {account.periodMonths === 1 ? "month" : `${account.periodMonths} months`}
        {account.renewalDate ? `, paid up to ${account.renewalDate}` : ""}
      </p>
      {account.warnings.length > 0 && (
        <ul className="mt-2 space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          {account.warnings.map((warning) => (
            <li key={warning.message}>⚠ {warning.message}</li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span>Password:</span>
        <RevealButton accountId={account._id} what="password" label={`Reveal the password of ${account.service} ${account.login}`} />
      </div>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[18rem] text-left text-sm">
          <thead className={mutedText}>
            <tr>
              <th className="py-1 pr-2 font-medium">Seat</th>
              <th className="py-1 pr-2 font-medium">Profile</th>
              <th className="py-1 pr-2 font-medium">PIN</th>
              <th className="py-1 font-medium">Held by</th>
            </tr>
          </thead>
          <tbody>
            {account.seats.map((seat) => (
              <tr key={seat.id} className="border-t border-slate-200 dark:border-slate-800">
                <td className="py-1.5 pr-2">{seat.position}</td>
                <td className="py-1.5 pr-2">{seat.profileName || "–"}</td>
                <td className="py-1.5 pr-2">
                  {seat.hasPin ? (
                    <RevealButton accountId={account._id} what="pin" seatId={seat.id} label={`Reveal the PIN of seat ${seat.position}`} />
                  ) : (
                    "–"
                  )}
                </td>
                <td className="py-1.5">
                  {seat.holder ? (
                    <span>
                      <strong>{seat.holder.reference}</strong> {seat.holder.customerName ?? ""}
                      {seat.holder.expiryDate ? <span className={mutedText}> until {seat.holder.expiryDate}</span> : null}
                    </span>
                  ) : (
                    <span className="text-emerald-800 dark:text-emerald-300">Free</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {account.notes && <p className={`mt-2 text-sm whitespace-pre-line ${mutedText}`}>{account.notes}</p>}
      <RevealLog accountId={account._id} />
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={`${secondaryButton} px-4 py-2 text-sm`} onClick={() => onEdit(account)}>
          Edit
        </button>
        <button type="button" className={`${secondaryButton} px-4 py-2 text-sm`} disabled={remove.pending} onClick={() => setConfirming(true)}>
          {remove.pending ? "Deleting…" : "Delete"}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        message={`Delete the ${account.service} account ${account.login}? Its seats and their history go with it.`}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.submit({ intent: "delete", id: account._id });
        }}
      />
    </li>
  );
}

/** Every provider account, with its seats, who holds them and what needs attention. */
export function AccountList({
  accounts,
  itemNames,
  onEdit,
}: {
  accounts: Account[];
  itemNames: Map<string, string>;
  onEdit: (account: Account) => void;
}) {
  const [query, setQuery] = useState("");
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? accounts.filter((a) =>
        [a.service, a.login, ...a.seats.map((s) => s.holder?.reference ?? "")].some((text) => text.toLowerCase().includes(needle)),
      )
    : accounts;
  const used = accounts.reduce((sum, a) => sum + a.seatsUsed, 0);
  const total = accounts.reduce((sum, a) => sum + a.seats.length, 0);
  const warned = accounts.filter((a) => a.warnings.length > 0).length;
  return (
    <section aria-labelledby="accounts-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="accounts-title" className="text-lg font-semibold">
            Accounts ({accounts.length})
          </h2>
          <p className={`text-sm ${mutedText}`}>
            {used} of {total} seats in use{warned ? `; ${warned} ${warned === 1 ? "account needs" : "accounts need"} attention` : ""}.
          </p>
        </div>
        <label className="text-sm">
          <span className="sr-only">Find an account</span>
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Service, login or order reference"
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 sm:w-72 dark:border-slate-700 dark:bg-slate-950"
          />
        </label>
      </div>
      {accounts.length === 0 ? (
        <p className={`mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700 ${mutedText}`}>
          No provider accounts yet. Add the first one above: its seats are then offered when you deliver an order.
        </p>
      ) : shown.length === 0 ? (
        <p className={`mt-4 ${mutedText}`}>No account matches “{query}”.</p>
      ) : (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {shown.map((account) => (
            <AccountCard key={account._id} account={account} itemNames={itemNames} onEdit={onEdit} />
          ))}
        </ul>
      )}
    </section>
  );
}
