import { BillSection } from "./bill-section";
import type { RenewCheckoutProps } from "../../lib/renew-checkout";
import { useRef, useState, type ComponentType, type FormEvent } from "react";
import { useOpeningParam } from "../../lib/query-param";
import { useRevalidator } from "react-router";
import { chatUrl, CHAT_CHANNEL_LABELS } from "../../../domain/orders/checkout";
import type { LineCredentials } from "../../../domain/ledger/auto-delivery";
import { sellerLang, sellerText, type Locale } from "../../../domain/shared/locale";
import { formatNpr } from "../../../domain/shared/locale-format";
import { awaitsPayment, RENEW_PARAM, TRANSACTION_ID_MAX, type ShopperOrder, type ShopperOrderLine } from "../../../domain/orders/order-page";
import type { Gateway } from "../../../domain/payments/payments";
import { PAYMENT_KIND_LABELS, type PaymentKind } from "../../../domain/payment-methods/payment-methods";
import type { OnlinePayments } from "../../../domain/payments/schemas";
import type { TelegramLink } from "../../../domain/telegram/schemas";
import { Dialog } from "../../components/dialog";
import { card, focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { openChat, openChatTab } from "../../lib/chat/send-to-chat";
import { useLocale } from "../../lib/i18n";
import { useShop } from "../../lib/use-shop";
import { devicesText, monthsText } from "../../lib/words";
import { m } from "../../paraglide/messages";
import { CopyButton } from "./copy-button";
import { DeliveredCredentials } from "./delivered-credentials";
import { daysLeftLabel, shopTime, STATUS_TONES, stepText } from "./order-format";
import { ShopDate } from "../../components/shop-date";
import { formatDecidingDay } from "../../../domain/shared/bikram-sambat-dates";
import { postToOrder } from "./post-to-order";
import { OnlinePaymentsSection } from "./online-payments";
import { TelegramUpdates, type TelegramOffer } from "./telegram-updates";
import { OrderReductions } from "./order-reductions";
import { ProblemsSection } from "./problems";
import { ProviderCodesSection } from "./provider-codes";
import type { ShopperProblem } from "../../../domain/problems/problems";
import { TitledSection } from "../../components/titled-section";
import { richMessage } from "../../components/rich-message";

/** The payment services' names are brands; only the generic kinds are words to translate. */
const paymentKindText = (kind: PaymentKind) =>
  kind === "bank" ? m.pay_kind_bank() : kind === "other" ? m.pay_kind_other() : PAYMENT_KIND_LABELS[kind];

/**
 * The checkout of a line again (features/checkout's RenewDialog), on the order page and the customer's page: the
 * route hands it in, as a feature imports no other (ADR 0070).
 */
export type RenewCheckout = ComponentType<RenewCheckoutProps>;

/** The shopper's page of one order: what they bought at the stored total, where it stands, and how to pay. */
export function OrderView({
  RenewDialog,
  order,
  credentials,
  online,
  telegram,
  problems,
  codeLines = [],
  renewGateways = [],
}: {
  RenewDialog: RenewCheckout;
  /** The gateways a renewal from this page may be paid with. */
  renewGateways?: readonly Gateway[];
  order: ShopperOrder;
  credentials: LineCredentials[];
  online?: OnlinePayments;
  telegram?: TelegramOffer;
  /** Null when they could not be read. */
  problems?: ShopperProblem[] | null;
  /** The lines whose holders get their Netflix codes on this page (issue 45). */
  codeLines?: string[];
}) {
  const delivered = order.status === "delivered";
  const locale = useLocale();
  const npr = (amount: number) => formatNpr(amount, locale);
  // The line being renewed, kept while its dialog closes (and after the page learns it is renewed).
  const [renewing, setRenewing] = useState<{ line: ShopperOrderLine; open: boolean } | null>(null);
  // A reminder's link (`?renew=<line>`) opens that line's renewal, chosen already, once the page is in the browser.
  const asked = useOpeningParam(RENEW_PARAM);
  const [askAnswered, setAskAnswered] = useState(false);
  const askedLine = asked && !askAnswered ? order.lines.find((l) => l.id === asked && l.renewal) : undefined;
  if (askedLine) {
    setAskAnswered(true);
    setRenewing({ line: askedLine, open: true });
  }
  const renewed = renewing?.line;
  const renewalLine = order.lines.find((line) => line.renews);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className={`text-sm ${mutedText}`}>{m.order_placed({ time: shopTime(order.createdAt, locale) })}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
            {m.order_heading()} <span className="font-mono">{order.reference}</span>
          </h1>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONES[order.status]}`}>{stepText(order.status)}</span>
      </div>

      <Timeline order={order} locale={locale} />

      <section aria-labelledby="lines-title" className={`${card} mt-6 p-4 sm:p-5`}>
        <h2 id="lines-title" className="text-lg font-semibold">
          {m.order_lines()}
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {order.lines.map((line) => (
            <OrderLineRow key={line.id} line={line} delivered={delivered} locale={locale} onRenew={() => setRenewing({ line, open: true })} />
          ))}
        </ul>
        <OrderReductions order={order} />
        <p className="mt-3 flex items-baseline justify-between border-t border-slate-200 pt-3 dark:border-slate-800">
          <span className="font-semibold">{m.order_total()}</span>
          <span className="text-xl font-bold">{npr(order.total)}</span>
        </p>
      </section>

      {delivered && credentials.length > 0 && <DeliveredCredentials credentials={credentials} lines={order.lines} locale={locale} />}
      {delivered && <ProviderCodesSection order={order} lineIds={codeLines} locale={locale} />}
      {problems !== undefined && <ProblemsSection order={order} problems={problems} locale={locale} />}
      {online && <OnlinePaymentsSection order={order} online={online} locale={locale} />}
      {awaitsPayment(order.status) && <HowToPay order={order} locale={locale} />}
      {awaitsPayment(order.status) && <PaidClaim order={order} locale={locale} />}
      {order.status === "cancelled" && <p className={`${card} mt-6 p-4`}>{order.expired ? m.order_expired() : m.order_cancelled()}</p>}
      {(order.status === "paid" || delivered) && (
        <p className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-50">
          {renewalLine?.renews
            ? delivered && renewalLine.expiryDate
              ? richMessage(m.order_renewed_to, { date: <ShopDate date={renewalLine.expiryDate} locale={locale} /> })
              : m.order_renewal_paid({ reference: renewalLine.renews.reference })
            : delivered
              ? m.order_delivered()
              : m.order_paid()}
        </p>
      )}
      {order.bill && <BillSection bill={order.bill} locale={locale} />}
      {telegram && order.status !== "cancelled" && (
        <TelegramUpdates
          offer={telegram}
          ask={() => postToOrder<TelegramLink>(order.reference, "telegram", {})}
          words={{ intro: m.tg_intro(), following: m.tg_following() }}
        />
      )}
      {renewing && renewed?.renewal && renewed.expiryDate && (
        <RenewDialog
          key={renewed.id}
          order={order}
          line={{ ...renewed, renewal: renewed.renewal, expiryDate: renewed.expiryDate }}
          position={order.lines.findIndex((line) => line.id === renewed.id) + 1}
          gateways={renewGateways}
          open={renewing.open}
          onClose={() => setRenewing({ ...renewing, open: false })}
          locale={locale}
        />
      )}
    </div>
  );
}

function Timeline({ order, locale }: { order: ShopperOrder; locale: Locale }) {
  return (
    <TitledSection id="steps-title" title={m.order_status()} className="mt-6" titleClassName="sr-only">
      <ol className="grid gap-2 sm:grid-cols-4">
        {order.steps.map((step) => {
          const reached = step.at !== null;
          const cancelled = step.status === "cancelled";
          return (
            <li
              key={step.status}
              className={`rounded-lg border p-3 ${
                cancelled
                  ? "border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/50"
                  : reached
                    ? "border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/50"
                    : "border-dashed border-slate-300 dark:border-slate-700"
              }`}
            >
              <p className="font-semibold">
                <span aria-hidden="true">{cancelled ? "✕ " : reached ? "✓ " : "○ "}</span>
                {stepText(step.status)}
              </p>
              <p className={`text-sm ${mutedText}`}>{step.at ? shopTime(step.at, locale) : m.order_not_yet()}</p>
            </li>
          );
        })}
      </ol>
    </TitledSection>
  );
}

function OrderLineRow({ line, delivered, locale, onRenew }: { line: ShopperOrderLine; delivered: boolean; locale: Locale; onRenew: () => void }) {
  const npr = (amount: number) => formatNpr(amount, locale);
  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p lang={sellerLang(locale, line.nameNe)} className="font-medium break-words">
            {sellerText(locale, line.name, line.nameNe)}
          </p>
          <p className={`text-sm ${mutedText}`}>
            {m.order_line_each({ months: monthsText(line.months, locale), devices: devicesText(line.devices, locale), price: npr(line.unitPrice) })}
          </p>
        </div>
        <p className="shrink-0 font-semibold whitespace-nowrap">{npr(line.lineTotal)}</p>
      </div>
      {delivered && line.startDate && line.expiryDate && (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm">
            <ShopDate date={line.startDate} locale={locale} /> – <ShopDate date={line.expiryDate} locale={locale} />
            {line.daysLeft !== null && (
              <span className={`ml-2 font-semibold ${line.daysLeft <= 7 ? "text-amber-800 dark:text-amber-300" : ""}`}>
                {daysLeftLabel(line.daysLeft, locale)}
              </span>
            )}
          </p>
          {line.renewedBy ? (
            <p className={`text-sm ${mutedText}`}>{m.order_renewed_by({ reference: line.renewedBy })}</p>
          ) : line.renewal ? (
            <button
              type="button"
              onClick={onRenew}
              className={`${primaryButton} px-4 py-2 text-sm`}
              aria-label={m.order_renew_label({ name: sellerText(locale, line.name, line.nameNe) })}
            >
              {m.order_renew({ price: npr(line.renewal.unitPrice * line.devices) })}
            </button>
          ) : null}
        </div>
      )}
      {delivered && line.warranty && <WarrantyNote warranty={line.warranty} locale={locale} />}
    </li>
  );
}

/** Until when the line is replaced free, or that it no longer is (ADR 0128). */
function WarrantyNote({ warranty, locale }: { warranty: NonNullable<ShopperOrderLine["warranty"]>; locale: Locale }) {
  const { until } = warranty;
  if (until !== null && warranty.ended)
    return <p className={`mt-1 text-sm ${mutedText}`}>{m.order_warranty_ended({ date: formatDecidingDay(until, locale) })}</p>;
  return (
    <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-300">
      {until === null ? m.order_warranty_always() : m.order_warranty_until({ date: formatDecidingDay(until, locale) })}
    </p>
  );
}

function HowToPay({ order, locale }: { order: ShopperOrder; locale: Locale }) {
  const npr = (amount: number) => formatNpr(amount, locale);
  const [fullScreen, setFullScreen] = useState<{ src: string; name: string } | null>(null);
  return (
    <section aria-labelledby="pay-title" className={`${card} mt-6 p-4 sm:p-5`}>
      <h2 id="pay-title" className="text-lg font-semibold">
        {m.pay_title()}
      </h2>
      {order.paymentMethods.length === 0 ? (
        <p className={`mt-2 ${mutedText}`}>{m.pay_in_chat()}</p>
      ) : (
        <>
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            <div className="flex flex-wrap items-center gap-2">
              <dt className={mutedText}>{m.pay_amount()}</dt>
              {/* The copy buttons sit inside the <dd>: a <dl> group holds only <dt> and <dd> (axe: definition-list). */}
              <dd className="flex flex-wrap items-center gap-2">
                <span className="text-base font-bold">{npr(order.total)}</span>
                <CopyButton value={String(order.total)} label={m.copy_amount()} />
              </dd>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <dt className={mutedText}>{m.pay_remark()}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <span>{m.pay_remark_text({ reference: order.reference })}</span>
                <CopyButton value={order.reference} label={m.copy_reference()} />
              </dd>
            </div>
          </dl>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {order.paymentMethods.map((method) => (
              <li key={method._id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                <p className={`text-xs font-semibold tracking-wide uppercase ${mutedText}`}>{paymentKindText(method.kind)}</p>
                <h3 className="font-semibold">{method.name}</h3>
                <p className="mt-2 flex flex-wrap items-center gap-2">
                  <span className="font-mono text-base break-all">{method.account}</span>
                  <CopyButton value={method.account} label={m.copy_account({ name: method.name })} />
                </p>
                <p className={`text-sm ${mutedText}`}>{method.holder}</p>
                {method.note && (
                  <p lang={method.noteLang} className="mt-1 text-sm">
                    {method.note}
                  </p>
                )}
                {method.qrImage && (
                  <div className="mt-3">
                    <button
                      type="button"
                      onClick={() => setFullScreen({ src: method.qrImage, name: method.name })}
                      className={`block rounded-lg bg-white p-2 ${focusRing}`}
                      aria-label={m.pay_qr_full({ name: method.name })}
                    >
                      <img
                        src={method.qrImage}
                        alt={m.pay_qr_alt({ name: method.name })}
                        width={160}
                        height={160}
                        className="h-40 w-40 object-contain [image-rendering:pixelated]"
                      />
                    </button>
                    <a
                      href={method.qrImage}
                      download={`${method.name}-QR.webp`}
                      className={`mt-2 inline-block rounded text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`}
                    >
                      {m.pay_qr_save()}
                    </a>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <Dialog
        open={fullScreen !== null}
        onClose={() => setFullScreen(null)}
        title={fullScreen ? m.pay_qr_alt({ name: fullScreen.name }) : m.pay_qr()}
      >
        {fullScreen && (
          <div className="bg-white p-2">
            <img
              src={fullScreen.src}
              alt={m.pay_qr_alt({ name: fullScreen.name })}
              className="mx-auto w-full max-w-md object-contain [image-rendering:pixelated]"
            />
          </div>
        )}
        <p className={`mt-2 text-sm ${mutedText}`}>{m.pay_instruction({ amount: npr(order.total), reference: order.reference })}</p>
      </Dialog>
    </section>
  );
}

/**
 * Why "I have paid" was refused: the API's English words, or the same said in Nepali on a Nepali page. A 429 is
 * worded by the server in the language the page asked for (Accept-Language): which limit, and how long to wait.
 */
function claimRefusal(status: number | null, message: string | undefined, locale: Locale): string {
  if (status === null) return m.claim_offline();
  if (locale !== "ne" || (status === 429 && message)) return message ?? m.claim_offline();
  if (status === 404) return m.order_not_found_text();
  if (status === 429) return m.order_wait_text();
  if (status === 409) return m.claim_conflict();
  return m.claim_offline();
}

function PaidClaim({ order, locale }: { order: ShopperOrder; locale: Locale }) {
  const { shop } = useShop();
  const revalidator = useRevalidator();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // For the seller: the amount in the digits they type and search for (ADR 0092).
  const message = m.claim_chat_message({ amount: formatNpr(order.total, "en"), reference: order.reference });
  const app = CHAT_CHANNEL_LABELS[order.channel];

  if (order.claim) {
    return (
      <section
        aria-labelledby="claim-title"
        className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-50"
      >
        <h2 id="claim-title" className="font-semibold">
          {m.claim_title()}
        </h2>
        <p className="mt-1 text-sm">
          {m.claim_on({ time: shopTime(order.claim.at, locale) })}
          {order.claim.transactionId ? <> · {m.claim_transaction({ id: order.claim.transactionId })}</> : null}. {m.claim_checked()}
        </p>
        <a
          href={chatUrl(order.channel, shop, message)}
          target="_blank"
          rel="noreferrer noopener"
          className={`${secondaryButton} mt-3 px-4 py-2 text-sm`}
        >
          {m.claim_message({ app })}
        </a>
      </section>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const transactionId = inputRef.current?.value.trim() ?? "";
    // Opened during the click, while the browser allows a new tab; filled once the claim is stored.
    const tab = openChatTab();
    setSending(true);
    setError(null);
    const claimed = await postToOrder<{ message?: string }>(order.reference, "paid", transactionId ? { transactionId } : {}, locale);
    setSending(false);
    if (!claimed.ok) {
      tab?.close();
      setError(claimRefusal(claimed.status, claimed.body?.message, locale));
      return;
    }
    const text = transactionId ? `${message} ${m.claim_chat_transaction({ id: transactionId })}` : message;
    openChat(chatUrl(order.channel, shop, text), tab);
    void revalidator.revalidate();
  };

  return (
    <form onSubmit={onSubmit} noValidate className={`${card} mt-6 p-4 sm:p-5`} aria-labelledby="paid-title">
      <h2 id="paid-title" className="text-lg font-semibold">
        {m.claim_paid_title()}
      </h2>
      <p className={`mt-1 text-sm ${mutedText}`}>{m.claim_intro({ app })}</p>
      <label htmlFor="transaction-id" className="mt-3 block text-sm font-medium">
        {m.claim_transaction_label()} <span className={`font-normal ${mutedText}`}>{m.checkout_optional()}</span>
      </label>
      <input
        ref={inputRef}
        id="transaction-id"
        name="transactionId"
        maxLength={TRANSACTION_ID_MAX}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "paid-error" : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-brand-500 sm:max-w-sm dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
      <button type="submit" disabled={sending} aria-busy={sending} className={`${primaryButton} mt-4 w-full sm:w-auto`}>
        {sending ? m.claim_sending() : m.claim_submit()}
      </button>
      <p id="paid-error" role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
        {error}
      </p>
    </form>
  );
}
