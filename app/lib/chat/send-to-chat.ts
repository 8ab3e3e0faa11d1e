import { CHAT_CHANNEL_LABELS, type ChatChannel } from "../../../domain/orders/checkout";
import { copyText } from "./copy-text";
import { m } from "../../paraglide/messages";

export type ChatSendResult = { channel: ChatChannel; copied: boolean | null };
/** An order sent to the seller's chat: its reference when the server placed it, and the chat it went to. */
export type SentOrder = { reference: string | null; channel: ChatChannel };

/**
 * Opens an empty tab for the chat while the click still allows new tabs, when the chat's address is
 * only known after a request. The tab gets no handle on this page.
 */
export function openChatTab(): Window | null {
  const tab = window.open("", "_blank");
  if (tab) tab.opener = null;
  return tab;
}

/**
 * Shows the chat in `tab` (opened earlier by openChatTab), or in a new tab when there is none, so the
 * shopper's page stays open behind it (noopener: the chat site gets no handle on this page).
 */
export function openChat(url: string, tab?: Window | null) {
  if (tab && !tab.closed) tab.location.replace(url);
  else window.open(url, "_blank", "noopener,noreferrer");
}

/**
 * Opens the seller's chat with a message known at the click. Telegram may ignore the pre-filled text,
 * so for Telegram the message is also copied. Call it from a click: browsers only allow the new tab and
 * the copy during (or just after) the click.
 */
export async function sendToChat(channel: ChatChannel, url: string, text: string, container?: HTMLElement): Promise<ChatSendResult> {
  const copied = channel === "telegram" ? copyText(text, container) : null;
  openChat(url);
  return { channel, copied: copied && (await copied) };
}

export function chatSendMessage({ channel, copied }: ChatSendResult): string {
  const app = CHAT_CHANNEL_LABELS[channel];
  if (copied === true) return m.chat_copied({ app });
  if (copied === false) return m.chat_not_copied({ app });
  return m.chat_filled({ app });
}
