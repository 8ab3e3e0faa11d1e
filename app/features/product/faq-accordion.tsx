import { useId, useState, type KeyboardEvent } from "react";
import type { FaqEntry } from "../../../domain/catalogue/faq";
import { focusRing } from "../../components/ui";

/** Spec: one answer open at a time. Buttons carry aria-expanded; arrows, Home and End move between questions. */
export function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = Array.from(event.currentTarget.closest("[data-accordion]")?.querySelectorAll<HTMLButtonElement>("button[aria-controls]") ?? []);
    const at = buttons.indexOf(event.currentTarget);
    const next =
      event.key === "ArrowDown"
        ? (at + 1) % buttons.length
        : event.key === "ArrowUp"
          ? (at - 1 + buttons.length) % buttons.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? buttons.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    buttons[next]?.focus();
  };

  return (
    <div
      data-accordion
      className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {entries.map((entry, index) => {
        const expanded = open === index;
        return (
          <div key={entry.question}>
            <h3>
              <button
                type="button"
                id={`${id}-q${index}`}
                aria-expanded={expanded}
                aria-controls={`${id}-a${index}`}
                onClick={() => setOpen(expanded ? null : index)}
                onKeyDown={onKeyDown}
                className={`flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 dark:text-slate-100 dark:hover:bg-slate-800/60 ${focusRing} focus-visible:-outline-offset-2`}
              >
                {entry.question}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className={`h-5 w-5 shrink-0 fill-current transition-transform ${expanded ? "rotate-180" : ""}`}
                >
                  <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
                </svg>
              </button>
            </h3>
            <div
              id={`${id}-a${index}`}
              aria-labelledby={`${id}-q${index}`}
              role="region"
              hidden={!expanded}
              className="px-4 pb-4 text-slate-700 dark:text-slate-300"
            >
              {entry.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
