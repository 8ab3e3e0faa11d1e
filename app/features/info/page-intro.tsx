import type { ReactNode } from "react";
import { mutedText } from "../../components/ui";

/** The heading block every info page starts with. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="info-reveal max-w-3xl">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">{eyebrow}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      {children && <div className={`mt-4 space-y-3 text-lg ${mutedText}`}>{children}</div>}
    </header>
  );
}
