import { useEffect, useState } from "react";
import { cartTotal, type CartLine } from "../../../domain/orders/cart";
import { buildCheckoutMessage } from "../../../domain/orders/checkout";
import { Dialog } from "../../components/dialog";
import { mutedText } from "../../components/ui";
import { ChatOrderButtons, ChatOrderOutcome, CustomerFields, type Customer } from "./chat-order-parts";
import { refreshPrices } from "../../lib/cart/fresh-prices";
import { placeOrder } from "./place-order";
import type { SentOrder } from "../../lib/chat/send-to-chat";
import { useChatOrder } from "./use-chat-order";
import { PriceBanner } from "../../components/price-banner";
import { couponDiscount, type CouponState } from "../../lib/cart/coupon";
import { rupees } from "../../lib/cart/rupees";
import { useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";
import { itemsText } from "../../lib/words";

/**
 * Spec: 'Select Payment Method' with WhatsApp and Telegram. There is no online payment: the order goes
 * to the seller as a chat message. The server prices it and gives it a reference for that message;
 * when the server cannot be reached, the message built here goes without one.
 */
export function CheckoutDialog({
  cart,
  coupon,
  open,
  onClose,
  onSent,
}: {
  cart: readonly CartLine[];
  coupon: CouponState;
  open: boolean;
  onClose: () => void;
  onSent: (order: SentOrder) => void;
}) {
  const locale = useLocale();
  const [customer, setCustomer] = useState<Customer>({ name: "", phone: "" });
  const discount = couponDiscount(coupon);
  const total = Math.max(0, cartTotal(cart) - discount);
  const { bodyRef, send, sending, result, problems, message, settle } = useChatOrder({
    browserMessage: buildCheckoutMessage(cart, locale, coupon.answer && discount > 0 ? { code: coupon.answer.code, discount } : undefined),
    browserTotal: total,
    place: (channel) => placeOrder(cart, channel, customer, undefined, locale, coupon.code ?? undefined),
    onSent,
  });
  // Prices may have changed while the cart was open: checked again, so what the shopper sends is what they see.
  useEffect(() => {
    if (open) void refreshPrices();
  }, [open]);

  const pricesChanged = result?.reference && result.total !== total;

  return (
    <Dialog
      open={open}
      title={m.checkout_title()}
      onClose={() => {
        if (settle()) onClose();
      }}
    >
      <div ref={bodyRef}>
        <p className={mutedText}>{m.checkout_intro({ items: itemsText(cart.length, locale), total: rupees(total, locale) })}</p>
        <PriceBanner cart={cart} className="mt-4" />
        <div className="mt-4">
          <CustomerFields customer={customer} onChange={setCustomer} />
        </div>
        <ChatOrderButtons sending={sending} send={send} className="mt-5" />
        <ChatOrderOutcome
          problems={problems}
          result={result}
          message={message}
          extra={result && pricesChanged ? <p>{m.checkout_total_changed({ total: rupees(result.total, locale) })}</p> : null}
        />
      </div>
    </Dialog>
  );
}
