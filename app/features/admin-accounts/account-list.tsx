import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ACCOUNT_PAGE_SIZE, ACCOUNT_STATUSES, billingLabel } from "../../../domain/ledger/accounts";
import type { Account, AccountPage } from "../../../domain/ledger/schemas";
import { formatNpr } from "../../../domain/shared/money";
import { card, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { FilterSearch, FilterSelect } from "../../lib/admin/list-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { accountActionSchema } from "./account-actions";
import { accountFormId } from "./account-form";
import { RevealButton } from "../../lib/admin/reveal-button";
import { Options } from "../../components/options";

const STATUS_STYLE = {
  active: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  paused: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  retired: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
} as const;

type Editing = {
  /** The account whose card shows its edit form in its place, if any. */
  id: string | null;
  open: (account: Account) => void;
  form: (account: Account) => ReactNode;
};

function AccountCard({ account, itemNames, editing }: { account: Account; itemNames: Map<string, string>; editing: Editing }) {
  const remove = useAdminAction(accountActionSchema);
  const [confirming, setConfirming] = useState(false);
  const titleId = `account-${account._id}`;
  if (editing.id === account._id) {
    return (
      <li className={`${card} min-w-0 p-4 sm:p-6 lg:col-span-2`} aria-labelledby={`${accountFormId(account)}-title`}>
        {editing.form(account)}
      </li>
    );
  }
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
        NPR {formatNpr(account.cost)}
        {account.billingCycle === "none" ? "" : ` a ${account.billingCycle === "monthly" ? "month" : "year"}`}, {billingLabel(account)}
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
        <RevealButton
          path={`/api/admin/accounts/${account._id}/reveal`}
          body={{ what: "password" }}
          label={`Reveal the password of ${account.service} ${account.login}`}
        />
      </div>
      <div className="mt-3 overflow-x-auto">
        {/* Three columns, the profile under its seat, so "Held by" keeps room for a name at 360 px. */}
        <table className="w-full text-left text-sm">
          <thead className={mutedText}>
            <tr>
              <th className="py-1 pr-2 font-medium">Seat</th>
              <th className="py-1 pr-2 font-medium">PIN</th>
              <th className="py-1 font-medium">Held by</th>
            </tr>
          </thead>
          <tbody>
            {account.seats.map((seat) => (
              <tr key={seat.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                <td className="py-1.5 pr-2">
                  {seat.position}
                  <span className={`block text-xs break-words ${mutedText}`}>{seat.profileName || "No profile name"}</span>
                </td>
                <td className="py-1.5 pr-2">
                  {seat.hasPin ? (
                    <RevealButton
                      path={`/api/admin/accounts/${account._id}/reveal`}
                      body={{ what: "pin", seatId: seat.id }}
                      label={`Reveal the PIN of seat ${seat.position}`}
                    />
                  ) : (
                    "–"
                  )}
                </td>
                <td className="py-1.5">
                  {seat.holder ? (
                    <span className="break-words">
                      <strong className="font-mono">{seat.holder.reference}</strong>
                      {seat.holder.customerName && <span className="block">{seat.holder.customerName}</span>}
                      {seat.holder.expiryDate && <span className={`block ${mutedText}`}>until {seat.holder.expiryDate}</span>}
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
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={`/admin/accounts/${encodeURIComponent(account._id)}`}
          className={`${primaryButton} px-4 py-2 text-sm`}
          aria-label={`Open ${account.service} (${account.login}): password changed, move holders, reveal log`}
        >
          Open
        </Link>
        <button
          type="button"
          className={`${secondaryButton} px-4 py-2 text-sm`}
          onClick={() => editing.open(account)}
          aria-label={`Edit ${account.service} (${account.login})`}
        >
          Edit
        </button>
        {/* An account with a history is retired, not deleted, and a retired one stays as it is (ADR 0100). */}
        {!(account.hasHistory && account.status === "retired") && (
          <button
            type="button"
            className={`${secondaryButton} px-4 py-2 text-sm`}
            disabled={remove.pending}
            onClick={() => setConfirming(true)}
            aria-label={`${account.hasHistory ? "Retire" : "Delete"} ${account.service} (${account.login})`}
          >
            {remove.pending ? (account.hasHistory ? "Retiring…" : "Deleting…") : account.hasHistory ? "Retire" : "Delete"}
          </button>
        )}
      </div>
      {account.hasHistory && account.status === "retired" && (
        <p className={`mt-2 text-sm ${mutedText}`}>Retired: it takes no new customers, and is kept for its history.</p>
      )}
      <ConfirmDialog
        open={confirming}
        title={account.hasHistory ? "Retire this account" : "Delete this account"}
        message={
          account.hasHistory
            ? `The ${account.service} account ${account.login} has held customers or had a secret revealed, so it is kept for that record: retired, it gets no new seats. Edit it to make it active again. The audit log notes who retired it.`
            : `Delete the ${account.service} account ${account.login}? It has never held a customer, so nothing is lost; the audit log notes who deleted it.`
        }
        confirmLabel={account.hasHistory ? "Retire" : "Delete"}
        destructive={!account.hasHistory}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.submit({ intent: "delete", id: account._id });
        }}
      />
    </li>
  );
}

export type AccountFilter = { q: string; status: string; attention: boolean };

function listParams(filter: AccountFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status) params.set("status", filter.status);
  if (filter.attention) params.set("attention", "true");
  if (page && page > 1) params.set("page", String(page));
  return params.toString();
}

function shownText(page: AccountPage, filtered: boolean): string {
  const first = (page.page - 1) * ACCOUNT_PAGE_SIZE + 1;
  const range = `${first}–${first + page.items.length - 1}`;
  if (filtered) return page.pages > 1 ? `${page.total} matching, showing ${range}` : `${page.total} matching`;
  return page.pages > 1 ? `Showing ${range} of ${page.total}` : `Showing all ${page.total}`;
}

/** The provider accounts a page at a time, with their seats, who holds them and what needs attention. */
export function AccountList({
  page,
  filter,
  itemNames,
  editing,
}: {
  page: AccountPage;
  filter: AccountFilter;
  itemNames: Map<string, string>;
  editing: Editing;
}) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/accounts";
  const filtered = filter.q !== "" || filter.status !== "" || filter.attention;
  const { summary } = page;
  return (
    <section aria-labelledby="accounts-title">
      <h2 id="accounts-title" className="text-lg font-semibold">
        Accounts ({summary.accounts})
      </h2>
      <p className={`text-sm ${mutedText}`}>
        {summary.seatsUsed} of {summary.seats} seats in use
        {summary.needAttention ? `; ${summary.needAttention} ${summary.needAttention === 1 ? "account needs" : "accounts need"} attention` : ""}.
      </p>
      {summary.accounts > 0 && (
        <Form
          method="get"
          role="search"
          aria-label="Find accounts"
          className={`${card} mt-4 grid gap-3 p-4 sm:grid-cols-[1fr_10rem_auto_auto] sm:items-end`}
        >
          <FilterSearch
            id="accounts-q"
            label="Service, login, note or customer"
            defaultValue={filter.q}
            placeholder="Netflix, a login, PSL-7K2QX or 9801…"
          />
          <FilterSelect id="accounts-status" label="Status" name="status" defaultValue={filter.status}>
            <option value="">All statuses</option>
            <Options of={ACCOUNT_STATUSES} label={(status) => status} />
          </FilterSelect>
          <label className="flex items-center gap-2 text-sm sm:pb-2.5">
            <input type="checkbox" name="attention" value="true" defaultChecked={filter.attention} className="h-4 w-4" />
            Needs attention
          </label>
          <button type="submit" className={`${primaryButton} py-2.5`} disabled={searching}>
            {searching ? "Searching…" : "Search"}
          </button>
        </Form>
      )}
      <div aria-live="polite" aria-busy={searching} className={searching ? "opacity-60" : undefined}>
        {summary.accounts === 0 ? (
          <p className={`mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700 ${mutedText}`}>
            No provider accounts yet. Add the first one with “Add a provider account”: its seats are then offered when you deliver an order.
          </p>
        ) : page.total === 0 ? (
          <p className={`mt-4 ${mutedText}`}>
            No account matches{filter.q ? ` “${filter.q}”` : " these filters"}.{" "}
            <Link to="/admin/accounts" className="underline">
              Show all accounts
            </Link>
          </p>
        ) : (
          <>
            <p className={`mt-4 text-sm ${mutedText}`}>{shownText(page, filtered)}</p>
            <ul className="mt-2 grid gap-4 lg:grid-cols-2" aria-label="Accounts">
              {page.items.map((account) => (
                <AccountCard key={account._id} account={account} itemNames={itemNames} editing={editing} />
              ))}
            </ul>
            {page.pages > 1 && (
              <nav aria-label="Pages of accounts" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
                {page.page > 1 && (
                  <Link to={`/admin/accounts?${listParams(filter, page.page - 1)}`} className={secondaryButton}>
                    Previous page
                  </Link>
                )}
                <span className={mutedText}>
                  Page {page.page} of {page.pages}
                </span>
                {page.page < page.pages && (
                  <Link to={`/admin/accounts?${listParams(filter, page.page + 1)}`} className={secondaryButton}>
                    Next page
                  </Link>
                )}
              </nav>
            )}
          </>
        )}
      </div>
    </section>
  );
}
