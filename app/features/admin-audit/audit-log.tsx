import { Form, Link, useNavigation } from "react-router";
import { AUDIT_FILTER_LABELS, AUDIT_FILTERS, AUDIT_PAGE_SIZE, AUDIT_SHOPPERS, auditKindLabel } from "../../../domain/audit/audit";
import type { AuditEntry, AuditPage } from "../../../domain/audit/schemas";
import { card, focusRing, mutedText, primaryButton } from "../../components/ui";
import { inputClass } from "../../lib/admin/form-parts";
import { formatDateTime } from "../../lib/admin/format";
import { FilterSearch, FilterSelect, HeadCells, Pager, tableHead } from "../../lib/admin/list-parts";
import { Options } from "../../components/options";

export const AUDIT_PATH = "/admin/audit";
const link = `font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400 ${focusRing}`;

/** The filter as the screen shows it: every field as text, "" when not set. */
export type AuditFilterFields = { kind: string; who: string; from: string; to: string; q: string };

export const filterFieldsOf = (query: Partial<Record<keyof AuditFilterFields, string>>): AuditFilterFields => ({
  kind: query.kind ?? "",
  who: query.who ?? "",
  from: query.from ?? "",
  to: query.to ?? "",
  q: query.q ?? "",
});

function logUrl(filter: AuditFilterFields, page = 1): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${AUDIT_PATH}${search ? `?${search}` : ""}`;
}

/** Shoppers are named by their address; the column "From" would only say it again. */
const isShopper = (entry: AuditEntry) => entry.who.startsWith("shopper at ");

const kindStyle = (kind: string) =>
  kind === "deleted"
    ? "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200"
    : kind === "retired" || kind === "restored"
      ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      : "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200";

function Kind({ entry }: { entry: AuditEntry }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${kindStyle(entry.kind)}`}>{auditKindLabel(entry.kind)}</span>;
}

/**
 * Who saw which secret, and who deleted or retired what (ADR 0100): a page at a time, newest first, filtered
 * by kind, who, days and text. Rows stay when what they name is gone; `label` is what it was then.
 */
export function AuditLog({ page, filter, refused }: { page: AuditPage; filter: AuditFilterFields; refused: string | null }) {
  const navigation = useNavigation();
  const filtering = navigation.state === "loading" && navigation.location.pathname === AUDIT_PATH;
  const filtered = Object.values(filter).some(Boolean);
  const { items, total, pages } = page;
  const first = (page.page - 1) * AUDIT_PAGE_SIZE + 1;
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className={`mt-1 ${mutedText}`}>
        Every reveal of a password, PIN, licence key, delivery message or merchant secret (shoppers reading their own too), and every deletion and
        retirement: who, when, what and from where. A line stays when the thing it names is gone.
      </p>

      <Form
        method="get"
        role="search"
        aria-label="Filter the audit log"
        className={`${card} mt-6 grid grid-cols-2 gap-3 p-4 lg:grid-cols-4 lg:items-end`}
      >
        <FilterSelect id="audit-kind" label="What" name="kind" defaultValue={filter.kind} className="col-span-2 sm:col-span-1">
          <option value="">Everything</option>
          <Options of={AUDIT_FILTERS} label={(kind) => AUDIT_FILTER_LABELS[kind]} />
        </FilterSelect>
        <FilterSelect id="audit-who" label="Who" name="who" defaultValue={filter.who} className="col-span-2 sm:col-span-1">
          <option value="">Anyone</option>
          <option value={AUDIT_SHOPPERS}>Shoppers</option>
          {/* An admin named in the address but no longer in the log's list is still offered, so the select reads true. */}
          <Options
            of={[...new Set([...page.admins, ...(filter.who && filter.who !== AUDIT_SHOPPERS ? [filter.who] : [])])]}
            label={(email) => email}
          />
        </FilterSelect>
        <div>
          <label htmlFor="audit-from" className="text-sm font-medium">
            From
          </label>
          <input id="audit-from" name="from" type="date" defaultValue={filter.from} className={inputClass} />
        </div>
        <div>
          <label htmlFor="audit-to" className="text-sm font-medium">
            To
          </label>
          <input id="audit-to" name="to" type="date" defaultValue={filter.to} className={inputClass} />
        </div>
        <FilterSearch
          id="audit-q"
          label="Text"
          defaultValue={filter.q}
          maxLength={100}
          placeholder="Netflix, PSL-7K2QX, an address…"
          className="col-span-2 lg:col-span-3"
        />
        <div className="col-span-2 flex flex-wrap items-center gap-3 lg:col-span-1">
          <button type="submit" className={`${primaryButton} flex-1 py-2.5`} disabled={filtering}>
            {filtering ? "Filtering…" : "Filter"}
          </button>
          {filtered && (
            <Link to={AUDIT_PATH} className={`${link} text-sm`}>
              Clear
            </Link>
          )}
        </div>
      </Form>
      {refused && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {refused}: the whole log is shown.
        </p>
      )}

      <div aria-live="polite" aria-busy={filtering} className={filtering ? "opacity-60" : undefined}>
        {items.length === 0 ? (
          <div className={`${card} mt-6 p-8 text-center`}>
            <p className="font-medium">{filtered ? "Nothing matches these filters" : "Nothing has been revealed or removed yet"}</p>
            <p className={`mt-1 text-sm ${mutedText}`}>
              {filtered
                ? "Try fewer filters, or other days."
                : "A line appears here when someone reveals a password, PIN, key or merchant secret, or deletes or retires something."}
            </p>
          </div>
        ) : (
          <>
            <p className={`mt-6 text-sm ${mutedText}`}>
              {total === 1 ? "1 line" : `${total.toLocaleString("en-US")} lines`}
              {filtered ? " match" : ""}
              {pages > 1 ? `, showing ${first.toLocaleString("en-US")}–${(first + items.length - 1).toLocaleString("en-US")}` : ""}
            </p>
            {/* Phones: one card a line. */}
            <ul className="mt-2 space-y-3 sm:hidden" aria-label="Audit log">
              {items.map((entry) => (
                <li key={entry.id} className={`${card} p-4 text-sm`}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Kind entry={entry} />
                    <span className={mutedText}>{formatDateTime(entry.at)}</span>
                  </div>
                  <p className="mt-2 font-medium break-words">{entry.label || "—"}</p>
                  <p className="break-words">{entry.what}</p>
                  <p className={`mt-1 break-words ${mutedText}`}>
                    By {entry.who}
                    {entry.address && !isShopper(entry) ? `, from ${entry.address}` : ""}
                  </p>
                </li>
              ))}
            </ul>
            <div className={`${card} mt-2 hidden overflow-x-auto sm:block`}>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Audit log, newest first</caption>
                <thead className={tableHead}>
                  <HeadCells cellClassName="px-3 py-3 font-semibold" columns={["When", "What", "About", "Who, from where"]} />
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                  {items.map((entry) => (
                    <tr key={entry.id} className="align-top">
                      <td className={`whitespace-nowrap px-3 py-3 ${mutedText}`}>{formatDateTime(entry.at)}</td>
                      <td className="px-3 py-3">
                        <Kind entry={entry} />
                        <span className="mt-1 block break-words">{entry.what}</span>
                      </td>
                      <td className="px-3 py-3 break-words">{entry.label || "—"}</td>
                      <td className="min-w-44 px-3 py-3 break-words">
                        {entry.who}
                        {entry.address && !isShopper(entry) && <span className={`block ${mutedText}`}>from {entry.address}</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {pages > 1 && (
              <Pager
                label="Pages of the audit log"
                page={page.page}
                pages={pages}
                href={(to) => logUrl(filter, to)}
                summary={`Page ${page.page} of ${pages}`}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
