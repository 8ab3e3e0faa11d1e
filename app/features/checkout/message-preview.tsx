import { secondaryButton } from "../../components/ui";
import { m } from "../../paraglide/messages";
import { useCopy } from "../../lib/chat/use-copy";

/** The message as it will be sent, to read or copy by hand when the chat app does not fill it in. */
export function MessagePreview({ text, open }: { text: string; open?: boolean }) {
  const { ref, copy, status } = useCopy<HTMLDivElement>();
  return (
    <details open={open} className="group rounded-lg border border-slate-200 dark:border-slate-700">
      <summary className="cursor-pointer rounded-lg px-4 py-3 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-200">
        {m.chat_see_message()}
      </summary>
      <div ref={ref} className="border-t border-slate-200 px-4 py-3 dark:border-slate-700">
        <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-words font-sans text-sm text-slate-800 dark:text-slate-200">{text}</pre>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button type="button" className={`${secondaryButton} px-3 py-2 text-sm`} onClick={() => copy(text)}>
            {m.chat_copy_message()}
          </button>
          <span role="status" className="text-sm text-slate-600 dark:text-slate-300">
            {status(m.copied(), m.chat_copy_message_failed())}
          </span>
        </div>
      </div>
    </details>
  );
}
