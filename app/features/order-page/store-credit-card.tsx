import { BALANCE_KIND_TEXT } from "../../../domain/balances/balances";
import type { BalanceStatement } from "../../../domain/balances/schemas";
import { formatNpr } from "../../../domain/shared/locale-format";
import { card, mutedText } from "../../components/ui";
import { useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";
import { shopTime } from "./order-format";
import { useState } from "react";
import { GATEWAY_NAMES, type Gateway } from "../../../domain/payments/payments";
import type { PaymentStart } from "../../../domain/payments/schemas";
import { primaryButton } from "../../components/ui";
import { FonepayQr, goToGateway, type ShownQr } from "./online-payments";
import { postToCustomer } from "./post-to-order";

/**
 * The customer's store credit on their page (ADR 0127): the balance and its latest movements, with the shop's reasons,
 * and a top-up with the shop's gateways.
 */
export function StoreCreditCard({
  statement,
  customerKey,
  gateways,
  topUp,
}: {
  statement: BalanceStatement;
  customerKey: string;
  gateways: readonly Gateway[];
  topUp: { min: number; max: number };
}) {
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
      {gateways.length > 0 && <TopUp customerKey={customerKey} gateways={gateways} limits={topUp} />}
    </section>
  );
}

/** A top-up: the amount, then a gateway; paid and proved, the shop adds it (the gateway's return comes back here). */
function TopUp({ customerKey, gateways, limits }: { customerKey: string; gateways: readonly Gateway[]; limits: { min: number; max: number } }) {
  const locale = useLocale();
  const [amount, setAmount] = useState("");
  const [busy, setBusy] = useState<Gateway | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [qr, setQr] = useState<ShownQr | null>(null);
  const words = { min: formatNpr(limits.min, locale), max: formatNpr(limits.max, locale) };
  const start = async (gateway: Gateway) => {
    if (busy) return;
    const npr = Number(amount);
    if (!Number.isInteger(npr) || npr < limits.min || npr > limits.max) return setError(m.my_topup_invalid(words));
    setBusy(gateway);
    setError(null);
    const { ok, body } = await postToCustomer<{ start?: PaymentStart; message?: string }>(customerKey, `top-up/${gateway}`, { amount: npr });
    if (!ok || !body?.start) {
      setBusy(null);
      // The server's words are English; the Nepali page says it in its own.
      return setError(locale === "en" && body?.message ? body.message : m.online_offline());
    }
    const shown = await goToGateway(body.start);
    if (shown) {
      setQr(shown);
      setBusy(null);
    }
  };
  return (
    <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 className="font-semibold">{m.my_topup_title()}</h3>
      <label htmlFor="top-up-amount" className="mt-2 block text-sm font-medium">
        {m.my_topup_amount()}
      </label>
      <input
        id="top-up-amount"
        type="number"
        inputMode="numeric"
        min={limits.min}
        max={limits.max}
        step={1}
        value={amount}
        onChange={(event) => setAmount(event.currentTarget.value)}
        aria-describedby="top-up-hint"
        aria-invalid={error ? true : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-500 sm:max-w-xs dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
      <p id="top-up-hint" className={`mt-1 text-sm ${mutedText}`}>
        {m.my_topup_hint(words)}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {gateways.map((gateway) => (
          <button key={gateway} type="button" className={primaryButton} disabled={busy !== null} onClick={() => void start(gateway)}>
            {busy === gateway ? m.online_opening({ gateway: GATEWAY_NAMES[gateway] }) : m.my_topup_with({ gateway: GATEWAY_NAMES[gateway] })}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {qr && <FonepayQr qr={qr} amount={formatNpr(Number(amount), locale)} />}
    </div>
  );
}
