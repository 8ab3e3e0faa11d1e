import type { ReactNode } from "react";
import { Link } from "react-router";
import { mutedText, secondaryButton } from "../../components/ui";
import { inputClass } from "./form-parts";

/** The head row of an admin table (audit log, customers, subscribers, reports). */
export const tableHead = "bg-slate-100 text-xs uppercase tracking-wide text-slate-700 dark:bg-slate-800 dark:text-slate-300";

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
      <select id={id} name={name} defaultValue={defaultValue} className={inputClass}>
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
