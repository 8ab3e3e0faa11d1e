import { useState } from "react";
import { useOpeningParam } from "../../lib/query-param";
import { Link, useParams, useRevalidator } from "react-router";
import type { CustomerOrder, CustomerSubscription, ShopperCustomer } from "../../../domain/customer-links/customer-page";
import { sellerLang, sellerText, type Locale } from "../../../domain/shared/locale";
import { formatNpr, formatNumber } from "../../../domain/shared/locale-format";
import { awaitsPayment, orderPath, RENEW_PARAM } from "../../../domain/orders/order-page";
import type { Gateway } from "../../../domain/payments/payments";
import { card, focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { devicesText, monthsText } from "../../lib/words";
import { m } from "../../paraglide/messages";
import { daysLeftLabel, shopTime, STATUS_TONES, stepText } from "./order-format";
import { ShopDate } from "../../components/shop-date";
import { richMessage } from "../../components/rich-message";
import type { RenewCheckout } from "./order-view";
import { ReferralCard } from "./referral-card";
import { StoreCreditCard } from "./store-credit-card";
import { spendStoreCredit } from "../../lib/store-credit";
import { TitledSection } from "../../components/titled-section";
import type { TelegramLink } from "../../../domain/telegram/schemas";
import { postToCustomer } from "./post-to-order";
import { TelegramUpdates, type TelegramOffer } from "./telegram-updates";

const link = `rounded font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`;

/**
 * One customer's page (ADR 0104): the subscriptions running now, soonest end first, each with Renew,
 * and every order with its own link. Logins and keys stay behind each order's own key.
 */
export function CustomerView({
  RenewDialog,
  customer,
}: {
  RenewDialog: RenewCheckout;
  customer: ShopperCustomer & { telegram?: TelegramOffer; codeLines?: string[]; gateways?: Gateway[] };
}) {
  const locale = useLocale();
  const { key = "" } = useParams();
  const revalidator = useRevalidator();
  const orders = new Map(customer.orders.map((order) => [order.reference, order]));
  // The subscription being renewed, kept while its dialog closes (and after the page learns it is renewed).
  const [renewing, setRenewing] = useState<{ subscription: CustomerSubscription; open: boolean } | null>(null);
  // A reminder's link (`?renew=<line>`) opens that subscription's renewal, chosen already, once the page is in the browser.
  const asked = useOpeningParam(RENEW_PARAM);
  const [askAnswered, setAskAnswered] = useState(false);
  const askedSubscription = asked && !askAnswered ? customer.subscriptions.find((s) => s.lineId === asked && s.renewal) : undefined;
  if (askedSubscription) {
    setAskAnswered(true);
    setRenewing({ subscription: askedSubscription, open: true });
  }
  const renewed = renewing?.subscription;
  const renewedOrder = renewed && orders.get(renewed.reference);
  // After a renewal the page reads itself again: what it shows stays until then.
  const updating = revalidator.state === "loading";
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12" aria-busy={updating}>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{m.subs_title()}</h1>
      {/* The number kept on one line ("+977 980-0563620"): no break at its space or dash. */}
      <p className={`mt-2 ${mutedText}`}>{m.subs_intro({ phone: customer.phone.replaceAll(" ", "\u00a0").replaceAll("-", "\u2011") })}</p>
      <p className={`mt-1 text-sm ${mutedText}`}>{m.subs_private()}</p>
      <p role="status" className={`mt-2 min-h-5 text-sm ${mutedText}`}>
        {updating ? m.subs_updating() : ""}
      </p>

      <TitledSection id="subs-active" title={m.subs_active()} className="mt-4">
        {customer.subscriptions.length === 0 ? (
          <p className={`${card} mt-3 p-4 ${mutedText}`}>{m.subs_none()}</p>
        ) : (
          <ul aria-labelledby="subs-active" className="mt-3 space-y-3">
            {customer.subscriptions.map((subscription) => (
              <SubscriptionCard
                key={subscription.lineId}
                subscription={subscription}
                order={orders.get(subscription.reference)}
                codes={customer.codeLines?.includes(subscription.lineId) ?? false}
                autoRenewDays={customer.autoRenewDays}
                customerKey={key}
                locale={locale}
                onRenew={() => setRenewing({ subscription, open: true })}
              />
            ))}
          </ul>
        )}
      </TitledSection>

      <TitledSection id="subs-orders" title={m.subs_orders()} className="mt-8">
        {customer.orders.length === 0 ? (
          <p className={`${card} mt-3 p-4 ${mutedText}`}>{m.subs_orders_none()}</p>
        ) : (
          <ul aria-labelledby="subs-orders" className={`${card} mt-3 divide-y divide-slate-200 dark:divide-slate-800`}>
            {customer.orders.map((order) => (
              <OrderRow key={order.reference} order={order} locale={locale} credit={customer.balance.balance} customerKey={key} />
            ))}
          </ul>
        )}
      </TitledSection>

      {customer.telegram && (
        <TelegramUpdates
          offer={customer.telegram}
          ask={() => postToCustomer<TelegramLink>(key, "telegram")}
          words={{ intro: m.tg_all_intro(), following: m.tg_all_following() }}
        />
      )}

      <StoreCreditCard statement={customer.balance} customerKey={key} gateways={customer.gateways ?? []} topUp={customer.topUp} />
      <ReferralCard referral={customer.referral} />

      {renewing && renewed?.renewal && renewedOrder?.key && (
        <RenewDialog
          key={renewed.lineId}
          order={renewedOrder}
          orderKey={renewedOrder.key}
          line={{
            id: renewed.lineId,
            name: renewed.name,
            nameNe: renewed.nameNe,
            months: renewed.months,
            devices: renewed.devices,
            renewal: renewed.renewal,
            expiryDate: renewed.expiryDate,
          }}
          position={renewed.position}
          gateways={customer.gateways ?? []}
          credit={{ customerKey: key, balance: customer.balance.balance }}
          open={renewing.open}
          onClose={() => setRenewing({ ...renewing, open: false })}
          locale={locale}
        />
      )}
    </div>
  );
}

function placeText(place: NonNullable<CustomerSubscription["place"]>, locale: Locale): string {
  if (place.kind === "keys") return m.subs_place_keys();
  return place.profile
    ? m.subs_place_profile({ profile: place.profile, service: place.service })
    : m.subs_place_seat({ seat: formatNumber(place.seat, locale), service: place.service });
}

function SubscriptionCard({
  subscription,
  order,
  codes,
  autoRenewDays,
  customerKey,
  locale,
  onRenew,
}: {
  subscription: CustomerSubscription;
  order: CustomerOrder | undefined;
  /** Its holder gets their Netflix codes on the order's page (issue 45). */
  codes: boolean;
  autoRenewDays: number;
  customerKey: string;
  locale: Locale;
  onRenew: () => void;
}) {
  const href = useLocalHref();
  const { daysLeft, renewal, renewedBy, reference } = subscription;
  const name = sellerText(locale, subscription.name, subscription.nameNe);
  return (
    <li className={`${card} p-4 sm:p-5`}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h3 lang={sellerLang(locale, subscription.nameNe)} className="font-semibold break-words">
            {name}
          </h3>
          <p className={`text-sm ${mutedText}`}>
            {monthsText(subscription.months, locale)} · {devicesText(subscription.devices, locale)}
          </p>
        </div>
        <p className={`text-sm font-semibold whitespace-nowrap ${daysLeft <= 7 ? "text-amber-800 dark:text-amber-300" : ""}`}>
          {daysLeftLabel(daysLeft, locale)}
        </p>
      </div>
      <p className="mt-2 text-sm">{richMessage(m.subs_ends, { date: <ShopDate date={subscription.expiryDate} locale={locale} /> })}</p>
      {subscription.place && <p className="text-sm">{placeText(subscription.place, locale)}</p>}
      {codes && order?.key && (
        <p className="mt-2 text-sm">
          {m.codes_title()}{" "}
          <Link to={`${href(orderPath(reference, order.key))}#codes-title`} className={link}>
            {m.codes_get()}
          </Link>
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        {order?.key ? (
          <Link to={href(orderPath(reference, order.key))} className={`text-sm ${link}`}>
            {m.subs_open_order({ reference })}
          </Link>
        ) : (
          <p className={`text-sm ${mutedText}`}>{m.subs_order_no_link({ reference })}</p>
        )}
        {renewedBy ? (
          <p className={`text-sm ${mutedText}`}>{m.order_renewed_by({ reference: renewedBy })}</p>
        ) : renewal ? (
          <button type="button" onClick={onRenew} className={`${primaryButton} px-4 py-2 text-sm`} aria-label={m.order_renew_label({ name })}>
            {m.order_renew({ price: formatNpr(renewal.unitPrice * subscription.devices, locale) })}
          </button>
        ) : null}
      </div>
      {!renewedBy && renewal && (
        <AutoRenewSwitch
          subscription={subscription}
          customerKey={customerKey}
          hint={m.subs_auto_renew_hint({
            days: formatNumber(autoRenewDays, locale),
            price: formatNpr(renewal.unitPrice * subscription.devices, locale),
          })}
        />
      )}
    </li>
  );
}

/** "Renew automatically from my store credit" for one subscription (ADR 0127): saved as it is ticked. */
function AutoRenewSwitch({ subscription, customerKey, hint }: { subscription: CustomerSubscription; customerKey: string; hint: string }) {
  const [on, setOn] = useState(subscription.autoRenew);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const id = `auto-renew-${subscription.lineId}`;
  // Ticked at once; unticked again if the shop could not save it.
  const toggle = async (next: boolean) => {
    setOn(next);
    setSaving(true);
    setFailed(false);
    const answer = await postToCustomer<{ autoRenew: boolean }>(customerKey, `lines/${encodeURIComponent(subscription.lineId)}/auto-renew`, {
      on: next,
    });
    setSaving(false);
    setOn(answer.ok && answer.body ? answer.body.autoRenew : !next);
    setFailed(!answer.ok);
  };
  return (
    <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
      <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-brand-600"
          checked={on}
          disabled={saving}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
        {m.subs_auto_renew()}
      </label>
      <p id={`${id}-hint`} className={`text-sm ${mutedText}`}>
        {hint}
      </p>
      {failed && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {m.subs_auto_renew_failed()}
        </p>
      )}
    </div>
  );
}

function OrderRow({ order, locale, credit, customerKey }: { order: CustomerOrder; locale: Locale; credit: number; customerKey: string }) {
  const href = useLocalHref();
  const revalidator = useRevalidator();
  const [paying, setPaying] = useState(false);
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  const payable = awaitsPayment(order.status) && order.total > 0 && credit > 0;
  const pay = async () => {
    if (paying) return;
    setPaying(true);
    setSaid(null);
    const spent = await spendStoreCredit(customerKey, order.reference);
    setPaying(false);
    if (!spent) return setSaid({ text: m.my_credit_failed(), failed: true });
    setSaid({ text: spent.paid ? m.my_credit_paid() : m.my_credit_paid_part({ amount: formatNpr(spent.spent, locale) }), failed: false });
    void revalidator.revalidate();
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3">
      {order.key ? (
        <Link to={href(orderPath(order.reference, order.key))} className={`font-mono ${link}`}>
          {order.reference}
        </Link>
      ) : (
        <span className={`text-sm ${mutedText}`}>{m.subs_order_no_link({ reference: order.reference })}</span>
      )}
      <span className={`rounded-full px-3 py-0.5 text-sm font-semibold ${STATUS_TONES[order.status]}`}>{stepText(order.status)}</span>
      <span className={`w-full text-sm ${mutedText}`}>
        <time dateTime={order.createdAt}>{shopTime(order.createdAt, locale)}</time> · {formatNpr(order.total, locale)}
      </span>
      {payable && (
        <button type="button" className={`${secondaryButton} mt-1 px-3 py-1.5 text-sm`} disabled={paying} onClick={() => void pay()}>
          {paying ? m.my_credit_paying() : m.my_credit_pay({ amount: formatNpr(Math.min(credit, order.total), locale) })}
          <span className="sr-only"> · {order.reference}</span>
        </button>
      )}
      {said && (
        <p role={said.failed ? "alert" : "status"} className={`w-full text-sm ${said.failed ? "font-medium text-red-700 dark:text-red-300" : ""}`}>
          {said.text}
        </p>
      )}
    </li>
  );
}
