import type { ReactNode } from "react";
import { Link } from "react-router";
import { card, mutedText, secondaryButton } from "../../components/ui";
import { inputClass } from "./form-parts";

/** The head row of an admin table (audit log, customers, subscribers, reports). */
export const tableHead = "bg-slate-100 text-xs uppercase tracking-wide text-slate-700 dark:bg-slate-800 dark:text-slate-300";

/** A column of an admin table's head: its label, or its label and its own classes. */
type Column = string | [label: string, className: string];

/**
 * The head row of an admin table, each cell `scope="col"`; a column given as a label alone takes `cellClassName`.
 */
export function HeadCells({ columns, cellClassName, className }: { columns: Column[]; cellClassName: string; className?: string }) {
  return (
    <tr className={className}>
      {columns.map((column) => {
        const [label, classes] = typeof column === "string" ? [column, cellClassName] : column;
        return (
          <th key={label} scope="col" className={classes}>
            {label}
          </th>
        );
      })}
    </tr>
  );
}

/** A small table inside a card or section (blocklist attempts, a coupon's uses): a bordered head row and body. */
export function PlainTable({ columns, children }: { columns: Column[]; children: ReactNode }) {
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <HeadCells className="border-b border-slate-200 dark:border-slate-800" cellClassName="py-2 pr-3" columns={columns} />
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A body row of a PlainTable. */
export const plainRow = "border-b border-slate-100 dark:border-slate-800/60";

/** A section's title with how many it lists: "Blocked phones (3)". */
export function CountedTitle({ id, title, count }: { id: string; title: string; count: number }) {
  return (
    <h2 id={id} className="text-lg font-semibold">
      {title} <span className={`font-normal ${mutedText}`}>({count})</span>
    </h2>
  );
}

/** An admin list of cards, one an item, or the sentence that says it is empty. */
export function CardList<T>({
  items,
  empty,
  itemKey,
  itemClassName,
  children,
}: {
  items: T[];
  empty: string;
  itemKey: (item: T) => string;
  itemClassName: string;
  children: (item: T) => ReactNode;
}) {
  return items.length === 0 ? (
    <p className={`${card} mt-3 p-6 text-center ${mutedText}`}>{empty}</p>
  ) : (
    <ul className="mt-3 space-y-3">
      {items.map((item) => (
        <li key={itemKey(item)} className={`${card} flex flex-col p-4 sm:flex-row ${itemClassName}`}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

/** A text box of an admin list's filter form, with its label above. */
export function FilterSearch({
  id,
  label,
  defaultValue,
  placeholder,
  maxLength,
  className,
}: {
  id: string;
  label: string;
  defaultValue: string;
  placeholder?: string;
  maxLength?: number;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {/* Keyed by the value the address gives: a sidebar link to the bare list shows an empty box, not the last search. */}
      <input
        key={defaultValue}
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        className={inputClass}
      />
    </div>
  );
}

/** A select of an admin list's filter or sort form, with its label above (or only for screen readers). */
export function FilterSelect({
  id,
  label,
  name,
  defaultValue,
  className,
  hideLabel = false,
  children,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  className?: string;
  hideLabel?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "text-sm font-medium"}>
        {label}
      </label>
      <select key={defaultValue} id={id} name={name} defaultValue={defaultValue} className={inputClass}>
        {children}
      </select>
    </div>
  );
}

/** Previous and Next under an admin list of pages, beside `summary` (which page, which rows). */
export function Pager({
  label,
  page,
  pages,
  href,
  summary,
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
  summary: ReactNode;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className={mutedText}>{summary}</p>
      <div className="flex gap-2">
        {page > 1 && (
          <Link to={href(page - 1)} className={`${secondaryButton} px-4 py-2 text-sm`}>
            Previous page
          </Link>
        )}
        {page < pages && (
          <Link to={href(page + 1)} className={`${secondaryButton} px-4 py-2 text-sm`}>
            Next page
          </Link>
        )}
      </div>
    </nav>
  );
}
