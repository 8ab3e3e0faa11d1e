import { Form, Link } from "react-router";
import { CUSTOMER_SORT_LABELS, CUSTOMER_SORTS, readablePhone, type CustomerSort } from "../../../domain/customers/customers";
import type { CustomerListQuery, CustomerPage } from "../../../domain/customers/schemas";
import { formatNpr } from "../../../domain/shared/money";
import { card, focusRing, mutedText, secondaryButton } from "../../components/ui";
import { formatDateTime } from "../../lib/admin/format";
import { FilterSearch, FilterSelect, Pager, tableHead } from "../../lib/admin/list-parts";
import { Options } from "../../components/options";

export const CUSTOMERS_CSV_URL = "/api/admin/customers.csv";
const link = `font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400 ${focusRing}`;

export const customerPath = (phone: string) => `/admin/customers/${encodeURIComponent(phone)}`;

/** The list's URL with some of its query changed; defaults are left out so links stay short. */
function listUrl(query: CustomerListQuery, change: Partial<CustomerListQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.sort !== "lastOrder") params.set("sort", next.sort);
  if (next.dir !== "desc") params.set("dir", next.dir);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return `/admin/customers${search ? `?${search}` : ""}`;
}

/** Text columns read A→Z first; figures and dates the largest or latest first. */
const firstDirection = (sort: CustomerSort) => (sort === "name" || sort === "phone" || sort === "nextExpiry" ? "asc" : "desc");

function SortHeader({ column, query, className = "" }: { column: CustomerSort; query: CustomerListQuery; className?: string }) {
  const active = query.sort === column;
  const dir = active ? (query.dir === "asc" ? "desc" : "asc") : firstDirection(column);
  return (
    <th
      scope="col"
      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
      className={`px-3 py-3 font-semibold ${className}`}
    >
      <Link to={listUrl(query, { sort: column, dir, page: 1 })} className={`inline-flex items-center gap-1 hover:underline ${focusRing}`}>
        {CUSTOMER_SORT_LABELS[column]}
        <span aria-hidden="true">{active ? (query.dir === "asc" ? "▲" : "▼") : ""}</span>
        <span className="sr-only">{active ? `, sorted ${query.dir === "asc" ? "ascending" : "descending"}` : ", sort"}</span>
      </Link>
    </th>
  );
}

const day = (iso: string) => formatDateTime(iso).split(",")[0];

/** Everyone who ordered with a phone: their figures, searchable, sortable, a page at a time. */
export function CustomerList({ page, query }: { page: CustomerPage; query: CustomerListQuery }) {
  const { items, total, pages } = page;
  const from = (query.page - 1) * query.limit + 1;
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">Customers</h1>
          <p className={`mt-1 ${mutedText}`}>
            People are recognised by the phone on their orders; orders without a phone stay anonymous.{" "}
            {total === 1 ? "1 customer" : `${total.toLocaleString("en-US")} customers`}
            {query.q ? ` matching “${query.q}”` : ""}.
          </p>
        </div>
        <a href={CUSTOMERS_CSV_URL} download="customers.csv" className={`${secondaryButton} w-full shrink-0 sm:w-auto`}>
          Download CSV
        </a>
      </div>

      <Form method="get" role="search" className={`${card} mt-6 flex flex-wrap items-end gap-3 p-4`}>
        <FilterSearch id="customers-q" label="Name or phone" defaultValue={query.q ?? ""} maxLength={60} className="min-w-0 flex-1 basis-56" />
        {query.sort !== "lastOrder" && <input type="hidden" name="sort" value={query.sort} />}
        {query.dir !== "desc" && <input type="hidden" name="dir" value={query.dir} />}
        <button type="submit" className={`${secondaryButton} py-2.5`}>
          Search
        </button>
        {query.q && (
          <Link to={listUrl(query, { q: undefined, page: 1 })} className={`${link} self-center text-sm`}>
            Clear search
          </Link>
        )}
      </Form>

      {items.length === 0 ? (
        <div className={`${card} mt-6 p-8 text-center`}>
          <p className="font-medium">{query.q ? "No customer matches this search" : "No customers yet"}</p>
          <p className={`mt-1 text-sm ${mutedText}`}>
            {query.q
              ? "Try part of the name or a few digits of the phone."
              : "A customer appears here with their first order that has a phone number."}
          </p>
        </div>
      ) : (
        <>
          {/* Phones: one card per customer, sorted by the select below. */}
          <div className="mt-6 sm:hidden">
            <Form method="get" className="flex flex-wrap items-end gap-2">
              {query.q && <input type="hidden" name="q" value={query.q} />}
              <FilterSelect id="customers-sort" label="Sort by" name="sort" defaultValue={query.sort} className="min-w-0 basis-full">
                <Options of={CUSTOMER_SORTS} label={(sort) => CUSTOMER_SORT_LABELS[sort]} />
              </FilterSelect>
              <FilterSelect id="customers-dir" label="Direction" hideLabel name="dir" defaultValue={query.dir} className="min-w-0 flex-1">
                <option value="asc">Lowest or oldest first</option>
                <option value="desc">Highest or latest first</option>
              </FilterSelect>
              <button type="submit" className={`${secondaryButton} px-3 py-2.5`}>
                Sort
              </button>
            </Form>
            <ul className="mt-4 space-y-3" aria-label="Customers">
              {items.map((customer) => (
                <li key={customer.phone} className={`${card} p-4`}>
                  <Link to={customerPath(customer.phone)} className={`${link} break-words`}>
                    {customer.name ?? "No name"}
                  </Link>
                  <p className={`text-sm ${mutedText}`}>{readablePhone(customer.phone)}</p>
                  <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    <dt className={mutedText}>Spent</dt>
                    <dd className="text-right font-semibold">NPR {formatNpr(customer.totalSpent)}</dd>
                    <dt className={mutedText}>Delivered</dt>
                    <dd className="text-right">{customer.ordersDelivered}</dd>
                    <dt className={mutedText}>Active</dt>
                    <dd className="text-right">{customer.activeSubscriptions}</dd>
                    <dt className={mutedText}>Next expiry</dt>
                    <dd className="text-right">{customer.nextExpiry ?? "—"}</dd>
                    <dt className={mutedText}>Last order</dt>
                    <dd className="text-right">{day(customer.lastOrderAt)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </div>

          <div className={`${card} mt-6 hidden overflow-x-auto sm:block`}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Customers, sorted by {CUSTOMER_SORT_LABELS[query.sort].toLowerCase()}</caption>
              <thead className={tableHead}>
                <tr>
                  <SortHeader column="name" query={query} />
                  <SortHeader column="phone" query={query} />
                  <SortHeader column="firstOrder" query={query} />
                  <SortHeader column="lastOrder" query={query} />
                  <SortHeader column="delivered" query={query} className="text-right" />
                  <SortHeader column="spent" query={query} className="text-right" />
                  <SortHeader column="active" query={query} className="text-right" />
                  <SortHeader column="nextExpiry" query={query} />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {items.map((customer) => (
                  <tr key={customer.phone}>
                    <td className="px-3 py-3">
                      <Link to={customerPath(customer.phone)} className={`${link} break-words`}>
                        {customer.name ?? "No name"}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap px-3 py-3">{readablePhone(customer.phone)}</td>
                    <td className={`whitespace-nowrap px-3 py-3 ${mutedText}`}>{day(customer.firstOrderAt)}</td>
                    <td className={`whitespace-nowrap px-3 py-3 ${mutedText}`}>{day(customer.lastOrderAt)}</td>
                    <td className="px-3 py-3 text-right">{customer.ordersDelivered}</td>
                    <td className="whitespace-nowrap px-3 py-3 text-right font-semibold">{formatNpr(customer.totalSpent)}</td>
                    <td className="px-3 py-3 text-right">{customer.activeSubscriptions}</td>
                    <td className="whitespace-nowrap px-3 py-3">{customer.nextExpiry ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <Pager
            label="Pages"
            page={query.page}
            pages={pages}
            href={(page) => listUrl(query, { page })}
            summary={`${from.toLocaleString("en-US")}–${(from + items.length - 1).toLocaleString("en-US")} of ${total.toLocaleString("en-US")} · page ${query.page} of ${pages}`}
          />
        </>
      )}
    </div>
  );
}
