import type { ReactNode } from "react";
import type { CartLine } from "../../domain/orders/cart";
import { sellerLang, sellerText, type Locale } from "../../domain/shared/locale";
import { richMessage } from "./rich-message";
import { usePriceFindings, type LineProblem } from "../lib/cart/fresh-prices";
import { rupees } from "../lib/cart/rupees";
import { useLocale } from "../lib/i18n";
import { monthsText } from "../lib/words";
import { m } from "../paraglide/messages";

/**
 * What the server's price check changed in the cart, and which lines it can no longer sell, shown before
 * the shopper sends the order. The live regions are always there, so a change found later is announced
 * (plain aria-live rather than status and alert roles: the checkout dialog has those for its own answers).
 */
export function PriceBanner({ cart, className = "" }: { cart: readonly CartLine[]; className?: string }) {
  const { changes, problems } = usePriceFindings(cart);
  const locale = useLocale();
  return (
    <>
      <LiveBanner
        live="polite"
        colours="border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50"
        title={changes.length === 1 ? m.price_changed_one() : m.price_changed_many()}
        className={className}
        note={m.price_change_note()}
      >
        {changes.map((found) => (
          <li key={found.lineId}>
            {richMessage(m.price_change_line, {
              name: <span lang={sellerLang(locale, found.nameNe)}>{sellerText(locale, found.name, found.nameNe)}</span>,
              months: monthsText(found.months, locale),
              before: rupees(found.before, locale),
              after: rupees(found.after, locale),
            })}
          </li>
        ))}
      </LiveBanner>
      <LiveBanner
        live="assertive"
        colours="border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
        title={problems.length === 1 ? m.price_problem_one() : m.price_problem_many()}
        className={className}
        bullets
      >
        {problems.map((found) => (
          <li key={found.lineId}>
            <ProblemLine problem={found} locale={locale} />
          </li>
        ))}
      </LiveBanner>
    </>
  );
}

/** A live region that shows, when it has list items, a box of them under `title`, and `note` after them. */
function LiveBanner({
  live,
  colours,
  title,
  className,
  note,
  bullets = false,
  children,
}: {
  live: "polite" | "assertive";
  colours: string;
  title: string;
  className: string;
  note?: string;
  bullets?: boolean;
  children: ReactNode[];
}) {
  return (
    <div aria-live={live}>
      {children.length > 0 && (
        <div className={`rounded-xl border p-4 text-sm ${colours} ${className}`}>
          <p className="font-semibold">{title}</p>
          <ul className={`mt-2 space-y-1 ${bullets ? "list-disc pl-5" : ""}`}>{children}</ul>
          {note && <p className="mt-2">{note}</p>}
        </div>
      )}
    </div>
  );
}

/** The server's reason a line cannot be ordered, after the line's name unless the reason starts with it. */
function ProblemLine({ problem, locale }: { problem: LineProblem; locale: Locale }) {
  const name = sellerText(locale, problem.name, problem.nameNe);
  if (problem.problem.startsWith(name)) return problem.problem;
  return (
    <>
      <span lang={sellerLang(locale, problem.nameNe)}>{name}</span>: {problem.problem}
    </>
  );
}
