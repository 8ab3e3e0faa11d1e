import { useRef, useState } from "react";
import { chatUrl, type ChatChannel } from "../../../domain/orders/checkout";
import { copyTextWhenReady } from "../../lib/chat/copy-text";
import { openChat, openChatTab, type ChatSendResult, type SentOrder } from "../../lib/chat/send-to-chat";
import { useShop } from "../../lib/use-shop";
import type { PlacedOrder } from "./place-order";

export type ChatOrderResult = ChatSendResult & { reference: string | null; total: number; orderUrl: string | null };

/**
 * Sending an order to the seller's chat, for the cart's checkout and a line's renewal alike: the server places it
 * and words its message with the reference; when the server cannot be reached, `browserMessage` goes without one.
 */
export function useChatOrder({
  browserMessage,
  browserTotal,
  place,
  onSent,
}: {
  browserMessage: string;
  browserTotal: number;
  place: (channel: ChatChannel) => Promise<PlacedOrder>;
  onSent?: (order: SentOrder) => void;
}) {
  const { shop } = useShop();
  /** The dialog's body: the copy falls back to a selection inside it, where the modal keeps the focus. */
  const bodyRef = useRef<HTMLDivElement>(null);
  const [sending, setSending] = useState<ChatChannel | null>(null);
  const [result, setResult] = useState<ChatOrderResult | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const send = async (channel: ChatChannel) => {
    if (sending) return;
    // The server's message carries the order reference; without an answer the browser's message goes.
    const outgoing = (placed: PlacedOrder) =>
      placed.kind === "placed"
        ? placed.order
        : placed.kind === "unplaced"
          ? { message: browserMessage, url: chatUrl(channel, shop, browserMessage), reference: null, total: browserTotal, orderUrl: null }
          : null;
    const placing = place(channel);
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
    onSent?.({ reference, channel });
  };

  /** Forgets what the last send said, as the dialog closes; nothing while a send is under way. */
  const settle = () => {
    if (sending) return false;
    setResult(null);
    setProblems([]);
    return true;
  };

  return { bodyRef, send, sending, result, problems, message: sentMessage ?? browserMessage, settle };
}
