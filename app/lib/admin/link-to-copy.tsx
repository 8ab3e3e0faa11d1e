import { mutedText, secondaryButton } from "../../components/ui";
import { useCopy } from "../chat/use-copy";

/**
 * A shopper's private link (their order page, their customer page): shown, opened in a new tab, and copied
 * whole for the seller to paste into the chat. `whose` ends the button's name for screen readers.
 */
export function LinkToCopy({ path, whose, className = "" }: { path: string; whose: string; className?: string }) {
  const { ref, copy, status } = useCopy<HTMLDivElement>();
  return (
    <div ref={ref} className={`flex flex-wrap items-center gap-2 ${className}`}>
      <a href={path} target="_blank" rel="noreferrer" className="min-w-0 font-mono text-sm break-all text-brand-700 underline dark:text-brand-400">
        {path}
      </a>
      <button type="button" className={`${secondaryButton} px-3 py-1.5 text-sm`} onClick={() => copy(new URL(path, window.location.origin).href)}>
        Copy link<span className="sr-only"> {whose}</span>
      </button>
      <span role="status" className={`text-sm ${mutedText}`}>
        {status("Copied", "Select the link and copy it")}
      </span>
    </div>
  );
}
