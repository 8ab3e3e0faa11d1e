import { useEffect, useId, useRef, type ReactNode } from "react";
import { focusRing } from "./ui";
import { m } from "../paraglide/messages";

/**
 * A modal built on <dialog>: the browser makes the rest of the page inert (focus stays inside) and returns
 * focus to what opened it. Escape, the backdrop and ✕ all ask `onClose`, and the parent decides: a form with
 * unsaved changes can ask first. The title id is unique, so two dialogs can be on one page.
 */
export function Dialog({
  open,
  onClose,
  title,
  wide = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** For forms: up to 36rem instead of 28rem, scrolling inside when taller than the screen. */
  wide?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) asks to close.
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-1rem)] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/70 dark:bg-slate-900 dark:text-slate-100 ${
        wide ? "w-[min(36rem,calc(100vw-1rem))]" : "w-[min(28rem,calc(100vw-2rem))]"
      }`}
    >
      <div className={wide ? "p-5 sm:p-6" : "p-6"}>
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={m.dialog_close()}
            className={`-m-2 rounded-full p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 ${focusRing}`}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
