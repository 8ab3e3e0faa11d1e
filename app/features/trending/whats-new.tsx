import { Link } from "react-router";
import { WHATS_NEW_NARROW, WHATS_NEW_WIDE, type TrendingCard as Card } from "../../../domain/trending/trending";
import { focusRing, mutedText } from "../../components/ui";
import { TrendingCard } from "./trending-card";
import { TrendingError } from "./trending-error";
import { useLocalHref } from "../../lib/i18n";
import { m } from "../../paraglide/messages";

/** Home's 'What's New to Watch': 5 titles on wide screens, 4 under 768 px (by CSS, so nothing jumps). */
export function WhatsNew({ items, error }: { items: readonly Card[]; error: string | null }) {
  const href = useLocalHref();
  return (
    <section aria-labelledby="whats-new-heading">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <h2 id="whats-new-heading" className="text-2xl font-bold tracking-tight">
            {m.whats_new_title()}
          </h2>
          <p className={`mt-1 ${mutedText}`}>{m.whats_new_text()}</p>
        </div>
        <Link
          to={href("/all-content")}
          className={`rounded-md font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400 ${focusRing}`}
        >
          {m.whats_new_all()} <span aria-hidden="true">→</span>
        </Link>
      </div>
      {error && (
        <div className="mt-4">
          <TrendingError />
        </div>
      )}
      <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4 md:grid-cols-5">
        {items.slice(0, WHATS_NEW_WIDE).map((item, i) => (
          <li key={item.id} className={i >= WHATS_NEW_NARROW ? "max-md:hidden" : undefined}>
            <TrendingCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
