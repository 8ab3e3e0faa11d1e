import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { Locale } from "../../../domain/shared/locale";
import { formatNpr } from "../../../domain/shared/locale-format";
import { awaitsPayment, PAY_PARAM, type ShopperOrder } from "../../../domain/orders/order-page";
import { GATEWAY_NAMES, type Gateway } from "../../../domain/payments/payments";
import type { OnlinePayments, PaymentStart, PaymentState } from "../../../domain/payments/schemas";
import { card, mutedText, primaryButton } from "../../components/ui";
import { m } from "../../paraglide/messages";
import { postToOrder } from "./post-to-order";

const PAY_LABELS: Record<Gateway, () => string> = {
  khalti: () => m.online_pay_khalti(),
  esewa: () => m.online_pay_esewa(),
  fonepay: () => m.online_pay_fonepay(),
};

/** How often the QR's page asks whether the payment came (the status API is the truth, research §3.3). */
const QR_POLL_MS = 3000;

/**
 * The order page's online payments: "Paid — checked" once a gateway proved it; while the order awaits
 * payment, a button per gateway the shop turned on, and what became of the last attempt.
 */
export function OnlinePaymentsSection({ order, online, locale }: { order: ShopperOrder; online: OnlinePayments; locale: Locale }) {
  if (order.paidVia) {
    return (
      <p
        role="status"
        className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-50"
      >
        {m.online_checked({ gateway: GATEWAY_NAMES[order.paidVia.gateway] })}
        {order.paidVia.transactionId ? (
          <span className="block text-sm font-normal">{m.online_checked_transaction({ id: order.paidVia.transactionId })}</span>
        ) : null}
      </p>
    );
  }
  if (!awaitsPayment(order.status) || online.gateways.length === 0) return null;
  return <PayOnline order={order} online={online} locale={locale} />;
}

function latestText(latest: PaymentState): string | null {
  const gateway = GATEWAY_NAMES[latest.gateway];
  switch (latest.status) {
    case "pending":
      return m.online_latest_pending({ gateway });
    case "canceled":
      return m.online_latest_canceled({ gateway });
    case "expired":
      return m.online_latest_expired({ gateway });
    case "failed":
      return m.online_latest_failed({ gateway });
    case "refunded":
      return m.online_latest_refunded({ gateway });
    case "check":
    case "resolved":
      return m.online_latest_check({ gateway });
    default:
      return null;
  }
}

/**
 * Takes the browser to the gateway a payment was started with: Khalti's page, eSewa's form posted; or answers the
 * Fonepay QR to show (its image made here), for a page that then polls the payment.
 */
export async function goToGateway(start: PaymentStart): Promise<ShownQr | null> {
  if (start.kind === "redirect") {
    window.location.assign(start.url);
    return null;
  }
  if (start.kind === "form") {
    const form = document.createElement("form");
    form.method = "post";
    form.action = start.action;
    for (const [name, value] of Object.entries(start.fields)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
    return null;
  }
  const image = await QRCode.toDataURL(start.qr, { errorCorrectionLevel: "M", margin: 2, width: 280 });
  return { paymentId: start.paymentId, payload: start.qr, image };
}

/** A Fonepay QR on the page: the attempt it pays, what it encodes, and its image. */
export type ShownQr = { paymentId: string; payload: string; image: string };

function PayOnline({ order, online, locale }: { order: ShopperOrder; online: OnlinePayments; locale: Locale }) {
  const [busy, setBusy] = useState<Gateway | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [qr, setQr] = useState<ShownQr | null>(null);
  const latest = online.latest ? latestText(online.latest) : null;

  const start = async (gateway: Gateway) => {
    if (busy) return;
    setBusy(gateway);
    setError(null);
    const { ok, body } = await postToOrder<{ start?: PaymentStart; message?: string }>(order.reference, `pay/${gateway}`, {});
    if (!ok || !body?.start) {
      setBusy(null);
      // The server's words are English; the Nepali page says it in its own.
      setError(locale === "en" && body?.message ? body.message : m.online_offline());
      return;
    }
    const qr = await goToGateway(body.start);
    if (qr) {
      setQr(qr);
      setBusy(null);
    }
  };

  // A renewal's "Pay with …" (or any link with `?pay=<gateway>`) lands here and goes on to the gateway at once; the
  // parameter is dropped first, so coming back (Back, a reload) shows the buttons instead of starting again.
  useEffect(() => {
    const url = new URL(window.location.href);
    const asked = url.searchParams.get(PAY_PARAM);
    if (!asked) return;
    url.searchParams.delete(PAY_PARAM);
    window.history.replaceState(window.history.state, "", url);
    const gateway = online.gateways.find((g) => g === asked);
    // Going on to the gateway is the effect's whole point: what it sets is the button's "Opening…".
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (gateway) void start(gateway);
    // Once, as the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section aria-labelledby="online-title" className={`${card} mt-6 p-4 sm:p-5`}>
      <h2 id="online-title" className="text-lg font-semibold">
        {m.online_title()}
      </h2>
      <p className={`mt-1 text-sm ${mutedText}`}>{m.online_intro()}</p>
      {latest && !qr && (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/50 dark:text-amber-50">
          {latest}
        </p>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {online.gateways.map((gateway) => (
          <button key={gateway} type="button" className={primaryButton} disabled={busy !== null} onClick={() => void start(gateway)}>
            {busy === gateway ? m.online_opening({ gateway: GATEWAY_NAMES[gateway] }) : PAY_LABELS[gateway]()}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {qr && <FonepayQr qr={qr} amount={formatNpr(order.total, locale)} />}
      {/* The manual way below is offered only where the seller has set up a payment method. */}
      <p className={`mt-4 text-sm ${mutedText}`}>{order.paymentMethods.length > 0 ? m.online_or_manual() : m.online_or_chat()}</p>
    </section>
  );
}

/** The QR for the exact amount (an order's, a top-up's); the page asks our server (which asks Fonepay) until it is paid, then reads itself again. */
export function FonepayQr({ qr, amount }: { qr: ShownQr; amount: string }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    let stopped = false;
    const timer = window.setInterval(async () => {
      const answer = await fetch(`/api/payments/${encodeURIComponent(qr.paymentId)}`).catch(() => null);
      const body = answer?.ok ? ((await answer.json().catch(() => null)) as { payment?: PaymentState } | null) : null;
      const status = body?.payment?.status;
      if (!stopped && status && status !== "started" && status !== "pending") {
        window.clearInterval(timer);
        void revalidator.revalidate();
      }
    }, QR_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [qr.paymentId, revalidator]);
  return (
    <figure className="mt-4 flex flex-col items-center gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-qr={qr.payload}>
      <figcaption className="text-center font-semibold">{m.online_qr_title({ amount })}</figcaption>
      <img src={qr.image} alt={m.online_qr_title({ amount })} width={280} height={280} className="rounded bg-white" />
      <p className={`text-center text-sm ${mutedText}`}>{m.online_qr_help()}</p>
      <p role="status" className="text-sm font-medium">
        {m.online_qr_waiting()}
      </p>
    </figure>
  );
}
