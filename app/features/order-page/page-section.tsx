import type { ReactNode } from "react";
import { card, mutedText } from "../../components/ui";

/** A card of the order page: its heading (which names the region) and a line saying what it is for. */
export function PageSection({ id, title, intro, children }: { id: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${card} mt-6 p-4 sm:p-5`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className={`mt-1 text-sm ${mutedText}`}>{intro}</p>
      {children}
    </section>
  );
}
