import { useRef, useState } from "react";
import { cartTotal, itemsLabel, type CartLine } from "../../../domain/cart";
import { buildCheckoutMessage, chatUrl, type ChatChannel } from "../../../domain/checkout";
import { Dialog } from "../../components/dialog";
import { mutedText } from "../../components/ui";
import { ChatBubbleIcon, PaperPlaneIcon } from "../checkout/chat-icons";
import { telegramButton, whatsappButton } from "../checkout/chat-styles";
import { MessagePreview } from "../checkout/message-preview";
import { chatSendMessage, sendToChat, type ChatSendResult } from "../checkout/send-to-chat";
import { useShop } from "../shop/use-shop";
import { rupees } from "./rupees";

/**
 * Spec: 'Select Payment Method' with WhatsApp and Telegram. There is no online payment: the order
 * goes to the seller as a chat message. (When orders get a server-side reference, it goes into the
 * message built here.)
 */
export function CheckoutDialog({ cart, open, onClose }: { cart: readonly CartLine[]; open: boolean; onClose: () => void }) {
  const { shop } = useShop();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [result, setResult] = useState<ChatSendResult | null>(null);
  const message = buildCheckoutMessage(cart);

  const send = async (channel: ChatChannel) => {
    setResult(await sendToChat(channel, chatUrl(channel, shop, message), message, bodyRef.current ?? undefined));
  };

  return (
    <Dialog
      open={open}
      title="Select Payment Method"
      onClose={() => {
        setResult(null);
        onClose();
      }}
    >
      <div ref={bodyRef}>
        <p className={mutedText}>
          Your order of {itemsLabel(cart.length)} for{" "}
          <span className="font-semibold whitespace-nowrap text-slate-900 dark:text-slate-50">{rupees(cartTotal(cart))}</span> goes to us as a chat
          message. Send it, and we reply with how to pay.
        </p>
        <div className="mt-5 grid gap-3">
          <button type="button" className={whatsappButton} onClick={() => send("whatsapp")}>
            <ChatBubbleIcon />
            Proceed via WhatsApp
          </button>
          <button type="button" className={telegramButton} onClick={() => send("telegram")}>
            <PaperPlaneIcon />
            Proceed via Telegram
          </button>
        </div>
        <div role="status" className="text-sm font-medium text-slate-800 dark:text-slate-100">
          {result && <p className="mt-4">{chatSendMessage(result)}</p>}
        </div>
        <div className="mt-4">
          {/* Opened by itself when the copy failed, so the shopper can copy by hand. */}
          <MessagePreview key={result?.copied === false ? "open" : "closed"} text={message} open={result?.copied === false} />
        </div>
      </div>
    </Dialog>
  );
}
