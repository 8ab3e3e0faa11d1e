import { Link } from "react-router";
import { card, mutedText, primaryButton, secondaryButton } from "./ui";
import { confirmAdult } from "../lib/age-gate";
import { useLocalHref } from "../lib/i18n";
import { m } from "../paraglide/messages";

/**
 * Shown instead of an 18+ product until the visitor confirms their age. The server always renders
 * this (it cannot know the choice), so no adult image is in the HTML; the browser reveals the product.
 */
export function AgeGatePanel({ backTo = "/prices" }: { backTo?: string }) {
  const href = useLocalHref();
  return (
    <section aria-labelledby="age-gate-title" className={`${card} mx-auto max-w-lg px-6 py-10 text-center sm:px-10`}>
      <p
        aria-hidden="true"
        className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-rose-100 text-xl font-black text-rose-800 dark:bg-rose-950 dark:text-rose-200"
      >
        18+
      </p>
      <h1 id="age-gate-title" className="mt-5 text-2xl font-bold">
        {m.age_title()}
      </h1>
      <p className={`mt-2 ${mutedText}`}>{m.age_text()}</p>
      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <Link to={href(backTo)} className={secondaryButton}>
          {m.age_no()}
        </Link>
        <button type="button" className={primaryButton} onClick={confirmAdult}>
          {m.age_yes()}
        </button>
      </div>
    </section>
  );
}

/** A one-line banner above a list that holds 18+ items whose pictures are hidden. */
export function AgeGateBanner() {
  return (
    <div className={`${card} flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between`}>
      <p className={`text-sm ${mutedText}`}>{m.age_notice()}</p>
      <button type="button" onClick={confirmAdult} className={`${secondaryButton} shrink-0 px-4 py-2 text-sm`}>
        {m.age_confirm()}
      </button>
    </div>
  );
}

/** Stands in for an 18+ picture: nothing is requested from the server. */
export function AdultPlaceholder({ className = "", decorative = false }: { className?: string; decorative?: boolean }) {
  return (
    <div
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": m.age_hidden_picture() })}
      data-testid="adult-placeholder"
      className={`relative flex items-center justify-center overflow-hidden bg-gradient-to-br from-rose-900 via-slate-800 to-slate-950 ${className}`}
    >
      <span aria-hidden="true" className="absolute -left-6 top-4 h-24 w-24 rounded-full bg-rose-500/40 blur-2xl" />
      <span aria-hidden="true" className="absolute -bottom-6 right-2 h-28 w-28 rounded-full bg-amber-400/25 blur-2xl" />
      <span aria-hidden="true" className="relative rounded-full border-2 border-white/80 px-3 py-1 text-lg font-black text-white">
        18+
      </span>
    </div>
  );
}
