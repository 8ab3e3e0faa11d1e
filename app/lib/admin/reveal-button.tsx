import { useState } from "react";
import { z } from "zod";
import { focusRing } from "../../components/ui";
import { callApi } from "./admin-api";
import { useToast } from "./toast";

const revealAnswer = z.object({ success: z.literal(true), value: z.string() });

/** How long a revealed secret stays on screen. */
const SHOWN_MS = 30_000;

/**
 * Asks the API for one secret (a POST of `body` to `path`, the secret's reveal route) and shows it for a while.
 * The value lives in this component's state only: never in the screen's loader data, the URL or browser
 * storage, and each asking is in the reveal log.
 */
export function RevealButton({ path, body, label }: { path: string; body: Record<string, string>; label: string }) {
  const [value, setValue] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const toast = useToast();

  async function reveal() {
    setPending(true);
    const answer = await callApi("POST", path, revealAnswer, body);
    setPending(false);
    if (!answer.ok) return toast("error", answer.message);
    setValue(answer.data.value);
    window.setTimeout(() => setValue(null), SHOWN_MS);
  }

  async function copy() {
    if (value === null) return;
    await navigator.clipboard?.writeText(value).catch(() => {});
    toast("success", "Copied");
  }

  const button = `rounded-md border border-slate-300 px-2 py-1 text-xs font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800 ${focusRing}`;
  if (value !== null) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm break-all dark:bg-slate-800" data-secret>
          {value}
        </code>
        <button type="button" className={button} onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className={button} onClick={() => setValue(null)}>
          Hide
        </button>
      </span>
    );
  }
  return (
    <button type="button" className={button} onClick={() => void reveal()} disabled={pending} aria-label={label}>
      {pending ? "Revealing…" : "Reveal"}
    </button>
  );
}
