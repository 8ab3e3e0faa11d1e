import { BALANCE_KIND_TEXT } from "../../../domain/balances/balances";
import type { BalanceStatement } from "../../../domain/balances/schemas";
import { formatNpr } from "../../../domain/shared/locale-format";
import { card, mutedText } from "../../components/ui";
import { useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";
import { shopTime } from "./order-format";

/** The customer's store credit on their page (ADR 0127): the balance and its latest movements, with the shop's reasons. */
export function StoreCreditCard({ statement }: { statement: BalanceStatement }) {
  const locale = useLocale();
  const npr = (amount: number) => formatNpr(amount, locale);
  return (
    <section aria-labelledby="subs-credit" className={`${card} mt-8 p-4 sm:p-5`}>
      <h2 id="subs-credit" className="text-lg font-semibold">
        {m.my_credit_title()}
      </h2>
      <p className="mt-1 text-2xl font-bold" data-testid="store-credit">
        {npr(statement.balance)}
      </p>
      <p className={`mt-1 text-sm ${mutedText}`}>{statement.movements.length === 0 ? m.my_credit_none() : m.my_credit_intro()}</p>
      {statement.movements.length > 0 && (
        <ul aria-label={m.my_credit_movements()} className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {statement.movements.map((movement) => (
            <li key={movement.seq} className="flex items-baseline justify-between gap-3 py-2">
              <span className="min-w-0 break-words">
                {BALANCE_KIND_TEXT[locale][movement.kind]}
                {movement.reference && <span className="font-mono"> {movement.reference}</span>}
                {movement.reason && <span>: {movement.reason}</span>}
                <span className={`block ${mutedText}`}>
                  <time dateTime={movement.at}>{shopTime(movement.at, locale)}</time>
                </span>
              </span>
              <span className={`shrink-0 font-semibold whitespace-nowrap ${movement.amount > 0 ? "text-emerald-700 dark:text-emerald-400" : ""}`}>
                {movement.amount > 0 ? "+" : "−"}
                {npr(Math.abs(movement.amount))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
