import { useRef, useState } from "react";
import { copyText } from "../../lib/chat/copy-text";
import { focusRing } from "../../components/ui";
import { m } from "../../paraglide/messages";

/** Copies one value (an amount, an account number, the reference) and says so where a screen reader hears it. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const ref = useRef<HTMLSpanElement>(null);
  return (
    <span ref={ref} className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={async () => setCopied(await copyText(value, ref.current ?? undefined))}
        aria-label={m.copy_label({ what: label })}
        className={`inline-flex min-h-9 items-center rounded-md border border-slate-300 px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}
      >
        {m.copy()}
      </button>
      <span role="status" className="text-xs text-slate-600 dark:text-slate-300">
        {copied === true ? m.copied() : copied === false ? m.copy_failed() : ""}
      </span>
    </span>
  );
}
