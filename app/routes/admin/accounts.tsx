import { useState } from "react";
import { Link } from "react-router";
import { ACCOUNT_REMOVED, ACCOUNT_PAGE_SIZE } from "../../../domain/ledger/accounts";
import { accountListQuerySchema, type Account } from "../../../domain/ledger/schemas";
import { accountActionSchema } from "../../features/admin-accounts/account-actions";
import { accountFormId, AccountForm } from "../../features/admin-accounts/account-form";
import { AccountList } from "../../features/admin-accounts/account-list";
import { BillsDue } from "../../features/admin-accounts/bills-due";
import { KeyStockSection } from "../../features/admin-accounts/key-stock";
import { ThresholdForm } from "../../features/admin-accounts/threshold-form";
import { focusRing, primaryButton } from "../../components/ui";
import { answer, reachServer } from "../../lib/admin/admin-action";
import { showForm } from "../../lib/admin/form-parts";
import { adminActor } from "../../lib/admin/require-admin";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/accounts";

/** Accounts, seats and key stock: never a password, PIN or key (ADR 0083). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { accounts, accountHealth, catalogue, licenceKeys } = context.services;
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // A hand-edited address with a filter that makes no sense shows the whole list rather than an error.
  const parsed = accountListQuerySchema.safeParse({
    q: params.q || undefined,
    status: params.status || undefined,
    attention: params.attention || undefined,
    page: params.page || undefined,
  });
  const query = parsed.success ? parsed.data : { page: 1, limit: ACCOUNT_PAGE_SIZE };
  // Every item, those hidden from the shop too: their accounts and keys stay (ADR 0100).
  const [page, items, stock, bills] = await Promise.all([
    accounts.list(query),
    catalogue.listForEdit(),
    licenceKeys.stock(),
    accountHealth.billsDue(),
  ]);
  return {
    page,
    bills,
    filter: { q: query.q ?? "", status: query.status ?? "", attention: query.attention ?? false },
    items: items.map((item) => ({ id: item._id, name: item.Hidden ? `${item.Name} (hidden from the shop)` : item.Name })),
    stock,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = adminActor(context);
  const { accounts, accountHealth, availability, licenceKeys } = context.services;
  return answer(request, accountActionSchema, async (form) => {
    switch (form.intent) {
      case "create":
        return `Account ${(await accounts.create(form.fields)).service} added`;
      case "update":
        return `Account ${(await accounts.update(form.id, form.fields, actor, form.version)).service} saved`;
      case "delete":
        return ACCOUNT_REMOVED[await accounts.delete(form.id, actor)];
      case "bill-paid":
        return `Marked paid: the next bill is on ${await accountHealth.billPaid(form.id, form.fields.renewalDate, actor)}`;
      case "threshold":
        await availability.setThreshold(form.fields.itemId, form.fields.threshold);
        return "Threshold saved: the shop uses it from the next page";
      case "import-keys": {
        const result = await licenceKeys.import(form.fields.itemId, form.fields.text, form.fields.cost, form.fields.neverExpires);
        const skipped = [
          result.emptyLines.length && `empty lines ${result.emptyLines.join(", ")}`,
          result.duplicateLines.length && `repeated lines ${result.duplicateLines.join(", ")}`,
          result.alreadyInStock.length && `already in stock: lines ${result.alreadyInStock.join(", ")}`,
        ].filter(Boolean);
        return `${result.imported} ${result.imported === 1 ? "key" : "keys"} imported${skipped.length ? `; not imported: ${skipped.join("; ")}` : ""}`;
      }
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = () => [{ title: "Accounts | Pasal admin" }];

export default function AdminAccounts({ loaderData }: Route.ComponentProps) {
  const { page, filter, items, stock, bills } = loaderData;
  const accounts = page.items;
  const [editingId, setEditingId] = useState<string | null>(null);
  // The list comes first (ADR 0096): the add form opens from its button, and an edit in place of its card.
  const [adding, setAdding] = useState(false);
  const itemNames = new Map(items.map((item) => [item.id, item.name]));
  const editing = {
    id: accounts.some((account) => account._id === editingId) ? editingId : null,
    open(account: Account) {
      setEditingId(account._id);
      showForm(accountFormId(account));
    },
    form: (account: Account) => <AccountForm key={account._id} items={items} editing={account} onDone={() => setEditingId(null)} />,
  };
  const add = () => {
    setAdding(true);
    showForm(accountFormId(null));
  };
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold">Accounts and keys</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Provider accounts, their seats and who is on each, and licence key stock. Passwords, PINs and keys are stored encrypted and shown only by
        Reveal, which is written to the{" "}
        <Link to="/admin/audit" className={`rounded font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`}>
          audit log
        </Link>
        .
      </p>
      <div className="mt-6 space-y-8">
        {adding ? (
          <AccountForm key="new" items={items} editing={null} onDone={() => setAdding(false)} />
        ) : (
          <button type="button" className={primaryButton} onClick={add}>
            Add a provider account
          </button>
        )}
        <BillsDue bills={bills} />
        <AccountList page={page} filter={filter} itemNames={itemNames} editing={editing} />
        <KeyStockSection items={items} stock={stock} />
        <ThresholdForm items={items} />
      </div>
    </div>
  );
}

export const ErrorBoundary = screenErrorBoundary("Accounts");
