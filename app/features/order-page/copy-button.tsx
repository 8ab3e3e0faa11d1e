import { focusRing } from "../../components/ui";
import { m } from "../../paraglide/messages";
import { useCopy } from "../../lib/chat/use-copy";

/** Copies one value (an amount, an account number, the reference) and says so where a screen reader hears it. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { ref, copy, status } = useCopy<HTMLSpanElement>();
  return (
    <span ref={ref} className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => copy(value)}
        aria-label={m.copy_label({ what: label })}
        className={`inline-flex min-h-9 items-center rounded-md border border-slate-300 px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}
      >
        {m.copy()}
      </button>
      <span role="status" className="text-xs text-slate-600 dark:text-slate-300">
        {status(m.copied(), m.copy_failed())}
      </span>
    </span>
  );
}
