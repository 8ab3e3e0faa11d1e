import { CHAT_CHANNEL_LABELS, type ChatChannel } from "../../../domain/checkout";
import { copyText } from "./copy-text";

export type ChatSendResult = { channel: ChatChannel; copied: boolean | null };

/**
 * Opens the seller's chat with the message in a new tab, so the shopper's page stays open behind it
 * (noopener: the chat site gets no handle on this page). Telegram may ignore the pre-filled text,
 * so for Telegram the message is also copied. Call it straight from a click: browsers only allow
 * the new tab and the copy during the click.
 */
export async function sendToChat(channel: ChatChannel, url: string, text: string, container?: HTMLElement): Promise<ChatSendResult> {
  const copied = channel === "telegram" ? copyText(text, container) : null;
  window.open(url, "_blank", "noopener,noreferrer");
  return { channel, copied: copied && (await copied) };
}

export function chatSendMessage({ channel, copied }: ChatSendResult): string {
  const app = CHAT_CHANNEL_LABELS[channel];
  if (copied === true) return `${app} opened in a new tab. Message copied — paste it in the chat if it is not filled in.`;
  if (copied === false) return `${app} opened in a new tab. If the message is not filled in, copy it from below and paste it in the chat.`;
  return `${app} opened in a new tab with your message filled in. Press send there.`;
}
