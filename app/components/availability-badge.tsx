import type { Availability } from "../../domain/ledger/availability";
import { useLocale } from "../lib/i18n";
import { availabilityText } from "../lib/words";

const STYLE = {
  "in-stock": "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  few: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  out: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
} as const;

/** "In stock", "Only N left" or "Out of stock – message us", for items sold from accounts or keys. */
export function AvailabilityBadge({ availability, className = "" }: { availability: Availability; className?: string }) {
  const locale = useLocale();
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STYLE[availability.state]} ${className}`}
      data-availability={availability.state}
    >
      {availabilityText(availability, locale)}
    </span>
  );
}
