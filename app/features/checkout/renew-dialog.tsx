import type { RenewCheckoutProps } from "../../lib/renew-checkout";
import { useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { DEVICE_OPTIONS, lineCost } from "../../../domain/orders/cart";
import { sellerText } from "../../../domain/shared/locale";
import { formatNpr, formatNumber } from "../../../domain/shared/locale-format";
import { orderMessage, type RenewedLine } from "../../../domain/orders/order-message";
import { renewalRunsTo } from "../../../domain/orders/dates";
import { shopToday } from "../../../domain/shared/shop-time";
import { ChatOrderButtons, ChatOrderOutcome, CustomerFields, type Customer } from "./chat-order-parts";
import { Dialog } from "../../components/dialog";
import { placeOrder } from "./place-order";
import { spendStoreCredit } from "../../lib/store-credit";
import { useChatOrder } from "./use-chat-order";
import { devicesText, monthsText } from "../../lib/words";
import { m } from "../../paraglide/messages";
import { richMessage } from "../../components/rich-message";
import { ShopDate } from "../../components/shop-date";
import { GATEWAY_NAMES, type Gateway } from "../../../domain/payments/payments";
import { PAY_PARAM } from "../../../domain/orders/order-page";
import { mutedText, primaryButton } from "../../components/ui";
import type { ChatChannel } from "../../../domain/orders/checkout";

type Devices = (typeof DEVICE_OPTIONS)[number];

const optionClass = (selected: boolean) =>
  `flex min-h-11 flex-col items-center justify-center rounded-lg border px-2 py-2 text-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
    selected
      ? "border-brand-600 bg-brand-50 text-brand-700 dark:border-brand-400 dark:bg-brand-400/10 dark:text-brand-400"
      : "border-slate-200 bg-white text-slate-800 hover:border-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:border-slate-500"
  }`;

/** A heading and the buttons that choose one of its options. */
function ChoiceGroup({ id, title, columns, children }: { id: string; title: string; columns: string; children: ReactNode }) {
  return (
    <>
      <h3 id={id} className="mt-4 text-sm font-semibold">
        {title}
      </h3>
      <div role="group" aria-labelledby={id} className={`mt-2 grid ${columns}`}>
        {children}
      </div>
    </>
  );
}

function Choice({ selected, onSelect, children }: { selected: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <button type="button" aria-pressed={selected} onClick={onSelect} className={optionClass(selected)}>
      {children}
    </button>
  );
}

/**
 * The checkout of one delivered line again: its plan and devices to start with, changeable among the
 * item's plans today; the order's own name and phone, so the renewal stays with the same customer (ADR 0086).
 * The cart is left alone. Mounted once Renew is pressed, so "today" is the browser's, never the server's render.
 * Used by the order page and by the customer's page of all their subscriptions, which gives the key.
 */
export function RenewDialog({ order, orderKey, line, position, open, onClose, locale, gateways, credit }: RenewCheckoutProps) {
  const revalidator = useRevalidator();
  const { plans, itemId } = line.renewal;
  const [months, setMonths] = useState(plans.some((plan) => plan.months === line.months) ? line.months : (plans[0]?.months ?? line.months));
  const [devices, setDevices] = useState<Devices>((DEVICE_OPTIONS as readonly number[]).includes(line.devices) ? (line.devices as Devices) : 1);
  const [customer, setCustomer] = useState<Customer>({ name: order.customer.name ?? "", phone: order.customer.phone ?? "" });
  const unitPrice = plans.find((plan) => plan.months === months)?.unitPrice ?? line.renewal.unitPrice;
  const total = lineCost(unitPrice, devices);
  const today = shopToday(new Date());
  const renews: RenewedLine = { reference: order.reference, position, name: line.name, nameNe: line.nameNe, expiryDate: line.expiryDate };
  const chosen = { itemId, name: line.name, nameNe: line.nameNe, months, devices, unitPrice, lineTotal: total };

  const place = (channel: ChatChannel) => {
    // The order's key (the order page's own link holds it): the server checks it before linking the renewal to this line.
    const key = orderKey ?? new URLSearchParams(window.location.search).get("key") ?? "";
    return placeOrder(
      [{ _id: itemId, name: line.name, nameNe: line.nameNe ?? undefined, month: months, selectedDevice: devices }],
      channel,
      customer,
      { reference: order.reference, key, lineId: line.id },
      locale,
    );
  };
  const { bodyRef, send, sending, result, problems, message, settle } = useChatOrder({
    browserMessage: orderMessage([chosen], null, undefined, locale, { renews, today }),
    browserTotal: total,
    place,
    // The page then says which order renewed the line.
    onSent: () => void revalidator.revalidate(),
  });
  const [paying, setPaying] = useState<Gateway | "credit" | null>(null);
  const [payProblems, setPayProblems] = useState<string[]>([]);
  // On the customer's own page, their store credit goes first (ADR 0127).
  const fromCredit = Math.min(credit?.balance ?? 0, total);
  const rest = total - fromCredit;
  /**
   * Pay now: the renewal is placed as the chat's would be, its store credit spent (on the customer's page), then its
   * own page opens and starts paying the rest with the gateway chosen (PAY_PARAM), where the gateway's return brings
   * the shopper back to "Paid — renewed"; paid in full from credit, that page says so at once.
   */
  const pay = async (gateway: Gateway | "credit") => {
    if (paying || sending) return;
    setPaying(gateway);
    setPayProblems([]);
    const placed = await place(order.channel ?? "whatsapp");
    if (placed.kind !== "placed" || !placed.order.orderUrl) {
      setPayProblems(placed.kind === "refused" ? placed.problems : [m.renew_pay_not_placed()]);
      setPaying(null);
      return;
    }
    const url = new URL(placed.order.orderUrl, window.location.href);
    const spent = credit && fromCredit > 0 ? await spendStoreCredit(credit.customerKey, placed.order.reference!) : null;
    // Without the credit taken (refused, or the server away), the renewal's page shows what is left to pay, and how.
    if (gateway !== "credit" && (fromCredit === 0 || spent)) url.searchParams.set(PAY_PARAM, gateway);
    window.location.assign(url.toString());
  };

  const ended = line.expiryDate < today;
  const lineWords = {
    position: formatNumber(position, locale),
    reference: order.reference,
    date: <ShopDate date={line.expiryDate} locale={locale} />,
  };
  return (
    <Dialog
      open={open}
      wide
      title={m.renew_title({ name: sellerText(locale, line.name, line.nameNe) })}
      onClose={() => {
        if (settle()) onClose();
      }}
    >
      <div ref={bodyRef}>
        <p className={mutedText}>
          {richMessage(ended ? m.renew_line_ended : m.renew_line_ends, lineWords)} {m.renew_cart_untouched()}
        </p>

        <ChoiceGroup id="renew-plan" title={m.product_choose_plan()} columns="grid-cols-2 gap-2 sm:grid-cols-4">
          {plans.map((plan) => (
            <Choice key={plan.months} selected={plan.months === months} onSelect={() => setMonths(plan.months)}>
              <span className="font-semibold">{monthsText(plan.months, locale)}</span>
              <span className="text-sm">{formatNpr(plan.unitPrice, locale)}</span>
            </Choice>
          ))}
        </ChoiceGroup>

        <ChoiceGroup id="renew-devices" title={m.product_devices()} columns="grid-cols-3 gap-2">
          {DEVICE_OPTIONS.map((n) => (
            <Choice key={n} selected={n === devices} onSelect={() => setDevices(n)}>
              <span className="text-sm font-semibold whitespace-nowrap sm:text-base">{devicesText(n, locale)}</span>
            </Choice>
          ))}
        </ChoiceGroup>

        <div aria-live="polite" className="mt-4 rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
          <p className="flex items-baseline justify-between gap-3">
            <span className="font-semibold">{m.order_total()}</span>
            <span className="text-lg font-bold whitespace-nowrap">{formatNpr(total, locale)}</span>
          </p>
          <p className={`text-sm ${mutedText}`}>
            {richMessage(m.renew_runs_to, { date: <ShopDate date={renewalRunsTo(line.expiryDate, today, months)} locale={locale} /> })}
          </p>
        </div>

        <div className="mt-4">
          <CustomerFields customer={customer} onChange={setCustomer} />
        </div>
        {fromCredit > 0 && (
          <p className="mt-4 text-sm font-medium">
            {rest === 0
              ? m.renew_credit_covers({ balance: formatNpr(credit!.balance, locale) })
              : m.renew_credit_first({ amount: formatNpr(fromCredit, locale) })}
          </p>
        )}
        {(rest === 0 || gateways.length > 0) && (
          <>
            <div className="mt-3 grid gap-3">
              {rest === 0 ? (
                <button
                  type="button"
                  className={primaryButton}
                  disabled={paying !== null || sending !== null}
                  aria-busy={paying === "credit"}
                  onClick={() => void pay("credit")}
                >
                  {paying === "credit" ? m.my_credit_paying() : m.my_credit_pay({ amount: formatNpr(total, locale) })}
                </button>
              ) : (
                gateways.map((gateway) => (
                  <button
                    key={gateway}
                    type="button"
                    className={primaryButton}
                    disabled={paying !== null || sending !== null}
                    aria-busy={paying === gateway}
                    onClick={() => void pay(gateway)}
                  >
                    {paying === gateway
                      ? m.online_opening({ gateway: GATEWAY_NAMES[gateway] })
                      : m.renew_pay_with({ amount: formatNpr(rest, locale), gateway: GATEWAY_NAMES[gateway] })}
                  </button>
                ))
              )}
            </div>
            {payProblems.length > 0 && (
              <ul role="alert" className="mt-3 space-y-1 text-sm font-medium text-red-700 dark:text-red-300">
                {payProblems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
            <p className={`mt-5 text-sm ${mutedText}`}>{m.renew_or_chat()}</p>
          </>
        )}
        <ChatOrderButtons sending={sending} disabled={paying !== null} send={send} className={rest === 0 || gateways.length > 0 ? "mt-2" : "mt-5"} />
        <ChatOrderOutcome problems={problems} result={result} message={message} />
      </div>
    </Dialog>
  );
}
