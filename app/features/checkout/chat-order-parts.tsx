import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import type { ChatChannel } from "../../../domain/orders/checkout";
import { chatSendMessage } from "../../lib/chat/send-to-chat";
import type { ChatOrderResult } from "./use-chat-order";
import { useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";
import { mutedText } from "../../components/ui";
import { ChatBubbleIcon, PaperPlaneIcon } from "../../components/chat/chat-icons";
import { telegramButton, whatsappButton } from "../../components/chat/chat-styles";
import { MessagePreview } from "./message-preview";

// The parts of a checkout to the seller's chat that the cart's checkout and a line's renewal share.

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

export type Customer = { name: string; phone: string };

/** The shopper's name and phone, both optional: the phone is how the shop knows them again (ADR 0086). */
export function CustomerFields({ customer, onChange }: { customer: Customer; onChange: (customer: Customer) => void }) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <OptionalField
        id={`${id}-name`}
        label={m.checkout_name()}
        autoComplete="name"
        maxLength={100}
        value={customer.name}
        onChange={(event) => onChange({ ...customer, name: event.target.value })}
      />
      <OptionalField
        id={`${id}-phone`}
        label={m.checkout_phone()}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={20}
        aria-describedby={`${id}-phone-hint`}
        value={customer.phone}
        onChange={(event) => onChange({ ...customer, phone: event.target.value })}
      >
        <p id={`${id}-phone-hint`} className={`mt-1 text-xs ${mutedText}`}>
          {m.checkout_phone_hint()}
        </p>
      </OptionalField>
    </div>
  );
}

/** One of the customer's boxes, marked optional, with what is said below it. */
function OptionalField({
  id,
  label,
  children,
  ...input
}: { id: string; label: string; children?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "className">) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label} <span className={`font-normal ${mutedText}`}>{m.checkout_optional()}</span>
      </label>
      <input id={id} {...input} className={inputClass} />
      {children}
    </div>
  );
}

/** "Proceed via WhatsApp" and "Proceed via Telegram", both held while one is sending. */
export function ChatOrderButtons({
  sending,
  send,
  className = "",
  disabled = false,
}: {
  sending: ChatChannel | null;
  send: (channel: ChatChannel) => void;
  className?: string;
  /** Another way of ordering is under way (a renewal's Pay now). */
  disabled?: boolean;
}) {
  const button = (channel: ChatChannel) => (
    <button
      type="button"
      className={channel === "whatsapp" ? whatsappButton : telegramButton}
      onClick={() => send(channel)}
      disabled={disabled || sending !== null}
      aria-busy={sending === channel}
    >
      {channel === "whatsapp" ? <ChatBubbleIcon /> : <PaperPlaneIcon />}
      {sending === channel ? m.checkout_preparing() : channel === "whatsapp" ? m.checkout_whatsapp() : m.checkout_telegram()}
    </button>
  );
  return (
    <div className={`grid gap-3 ${className}`}>
      {button("whatsapp")}
      {button("telegram")}
    </div>
  );
}

/**
 * What came of the last send: the server's refusal, line by line; or the chat opened, the reference and the
 * order's page (`extra`: more to say, such as a changed total); and the message to read or copy by hand.
 */
export function ChatOrderOutcome({
  problems,
  result,
  message,
  extra,
}: {
  problems: readonly string[];
  result: ChatOrderResult | null;
  message: string;
  extra?: ReactNode;
}) {
  const locale = useLocale();
  return (
    <>
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
            {extra}
          </div>
        )}
      </div>
      <div className="mt-4">
        {/* Opened by itself when the copy failed, so the shopper can copy by hand. */}
        <MessagePreview key={result?.copied === false ? "open" : "closed"} text={message} open={result?.copied === false} />
      </div>
    </>
  );
}
