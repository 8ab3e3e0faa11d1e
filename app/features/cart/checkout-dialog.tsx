import { useEffect, useId, useRef, useState } from "react";
import { cartTotal, type CartLine } from "../../../domain/cart";
import { buildCheckoutMessage, chatUrl, type ChatChannel } from "../../../domain/checkout";
import { Dialog } from "../../components/dialog";
import { mutedText } from "../../components/ui";
import { ChatBubbleIcon, PaperPlaneIcon } from "../../components/chat/chat-icons";
import { telegramButton, whatsappButton } from "../../components/chat/chat-styles";
import { MessagePreview } from "../../components/chat/message-preview";
import { copyTextWhenReady } from "../../lib/chat/copy-text";
import { chatSendMessage, openChat, openChatTab, type ChatSendResult } from "../../lib/chat/send-to-chat";
import { useShop } from "../../lib/use-shop";
import { refreshPrices } from "../../lib/cart/fresh-prices";
import { placeOrder, type PlacedOrder } from "./place-order";
import { pendingRenewal } from "../../lib/orders/renewal";
import { PriceNotice } from "./price-notice";
import { rupees } from "../../lib/cart/rupees";
import { useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";
import { itemsText } from "../../lib/words";

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

export type SentOrder = { reference: string | null; channel: ChatChannel };

/**
 * Spec: 'Select Payment Method' with WhatsApp and Telegram. There is no online payment: the order goes
 * to the seller as a chat message. The server prices it and gives it a reference for that message;
 * when the server cannot be reached, the message built here goes without one.
 */
export function CheckoutDialog({
  cart,
  open,
  onClose,
  onSent,
}: {
  cart: readonly CartLine[];
  open: boolean;
  onClose: () => void;
  onSent: (order: SentOrder) => void;
}) {
  const { shop } = useShop();
  const locale = useLocale();
  const id = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [customer, setCustomer] = useState({ name: "", phone: "" });
  const [sending, setSending] = useState<ChatChannel | null>(null);
  const [result, setResult] = useState<(ChatSendResult & { reference: string | null; total: number; orderUrl: string | null }) | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const browserMessage = buildCheckoutMessage(cart, locale);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  // Prices may have changed while the cart was open: checked again, so what the shopper sends is what they see.
  useEffect(() => {
    if (open) void refreshPrices();
  }, [open]);

  const send = async (channel: ChatChannel) => {
    if (sending) return;
    // The server's message carries the order reference; without an answer the browser's message goes.
    const outgoing = (placed: PlacedOrder) =>
      placed.kind === "placed"
        ? placed.order
        : placed.kind === "unplaced"
          ? { message: browserMessage, url: chatUrl(channel, shop, browserMessage), reference: null, total: cartTotal(cart), orderUrl: null }
          : null;
    const renewal = pendingRenewal(cart.map((line) => line.lineId));
    const placing = placeOrder(
      cart,
      channel,
      customer,
      renewal ? { reference: renewal.reference, key: renewal.key, lineId: renewal.lineId } : undefined,
      locale,
    );
    // Both start during the click, the copy first: the new tab takes the focus a copy needs, and once the
    // order is placed the click is over and a new tab would be blocked. The copied text follows the answer.
    const copying =
      channel === "telegram"
        ? copyTextWhenReady(
            placing.then((placed) => outgoing(placed)?.message ?? Promise.reject(new Error("order refused"))),
            browserMessage,
            bodyRef.current ?? undefined,
          )
        : null;
    const tab = openChatTab();
    setSending(channel);
    setProblems([]);
    setResult(null);
    const placed = await placing;
    const sent = outgoing(placed);
    if (!sent) {
      tab?.close();
      if (placed.kind === "refused") setProblems(placed.problems);
      setSending(null);
      return;
    }
    const { message, url, reference, total, orderUrl } = sent;
    setSentMessage(message);
    openChat(url, tab);
    // A copy of the message without its reference (browsers without ClipboardItem) counts as not copied:
    // the full message is then shown to copy by hand.
    const copied = copying ? (await copying) === message : null;
    setResult({ channel, copied, reference, total, orderUrl });
    setSending(null);
    onSent({ reference, channel });
  };

  const pricesChanged = result?.reference && result.total !== cartTotal(cart);

  return (
    <Dialog
      open={open}
      title={m.checkout_title()}
      onClose={() => {
        if (sending) return;
        setResult(null);
        setProblems([]);
        onClose();
      }}
    >
      <div ref={bodyRef}>
        <p className={mutedText}>{m.checkout_intro({ items: itemsText(cart.length, locale), total: rupees(cartTotal(cart), locale) })}</p>
        <PriceNotice cart={cart} className="mt-4" />
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-name`} className="text-sm font-medium">
              {m.checkout_name()} <span className={`font-normal ${mutedText}`}>{m.checkout_optional()}</span>
            </label>
            <input
              id={`${id}-name`}
              autoComplete="name"
              maxLength={100}
              value={customer.name}
              onChange={(event) => setCustomer((c) => ({ ...c, name: event.target.value }))}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-phone`} className="text-sm font-medium">
              {m.checkout_phone()} <span className={`font-normal ${mutedText}`}>{m.checkout_optional()}</span>
            </label>
            <input
              id={`${id}-phone`}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={20}
              aria-describedby={`${id}-phone-hint`}
              value={customer.phone}
              onChange={(event) => setCustomer((c) => ({ ...c, phone: event.target.value }))}
              className={inputClass}
            />
            <p id={`${id}-phone-hint`} className={`mt-1 text-xs ${mutedText}`}>
              {m.checkout_phone_hint()}
            </p>
          </div>
        </div>
        <div className="mt-5 grid gap-3">
          <button
            type="button"
            className={whatsappButton}
            onClick={() => send("whatsapp")}
            disabled={sending !== null}
            aria-busy={sending === "whatsapp"}
          >
            <ChatBubbleIcon />
            {sending === "whatsapp" ? m.checkout_preparing() : m.checkout_whatsapp()}
          </button>
          <button
            type="button"
            className={telegramButton}
            onClick={() => send("telegram")}
            disabled={sending !== null}
            aria-busy={sending === "telegram"}
          >
            <PaperPlaneIcon />
            {sending === "telegram" ? m.checkout_preparing() : m.checkout_telegram()}
          </button>
        </div>
        <div role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {problems.length > 0 && (
            <div className="mt-4">
              <p>{m.checkout_refused()}</p>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <div role="status" className="text-sm font-medium text-slate-800 dark:text-slate-100">
          {result && (
            <div className="mt-4 space-y-1">
              <p>{chatSendMessage(result)}</p>
              {result.reference && (
                <p>
                  {m.checkout_reference()} <strong className="font-mono text-base">{result.reference}</strong>
                  {locale === "en" ? "." : ""}
                </p>
              )}
              {result.orderUrl && (
                <p>
                  <a href={result.orderUrl} className="text-brand-700 underline underline-offset-2 dark:text-brand-400">
                    {m.checkout_see_order()}
                  </a>
                </p>
              )}
              {pricesChanged && <p>{m.checkout_total_changed({ total: rupees(result.total, locale) })}</p>}
            </div>
          )}
        </div>
        <div className="mt-4">
          {/* Opened by itself when the copy failed, so the shopper can copy by hand. */}
          <MessagePreview key={result?.copied === false ? "open" : "closed"} text={sentMessage ?? browserMessage} open={result?.copied === false} />
        </div>
      </div>
    </Dialog>
  );
}
