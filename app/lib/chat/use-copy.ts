import { useRef, useState } from "react";
import { copyText } from "./copy-text";

/**
 * A copy button's workings: `copy(text)` copies it (copyText, whose fallback works inside `ref`'s element, so
 * give `ref` to an element in the open dialog when there is one), and `status` is what the button's status
 * line says since: nothing before the first press.
 */
export function useCopy<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  return {
    ref,
    copy: async (text: string) => setCopied(await copyText(text, ref.current ?? undefined)),
    status: (done: string, failed: string) => (copied === null ? "" : copied ? done : failed),
  };
}
