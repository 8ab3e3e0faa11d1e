import { useEffect, useRef, useState, type ComponentType, type RefObject } from "react";
import { flushSync } from "react-dom";
import { Link, useNavigate } from "react-router";
import { cartTotal, type CartLine } from "../../../domain/orders/cart";
import { sellerLang, sellerText, type Locale } from "../../../domain/shared/locale";
import { formatNumber } from "../../../domain/shared/locale-format";
import { productPath } from "../../../domain/catalogue/search";
import { DecorativeImage } from "../../components/image-with-fallback";
import { Skeleton } from "../../components/skeleton";
import { card, focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { cartActions, useStoredCart } from "../../lib/cart/cart-store";
import { LastOrderNote, PutBackOrLastOrder } from "./last-order";
import { CHAT_CHANNEL_LABELS } from "../../../domain/orders/checkout";
import type { SentOrder } from "../../lib/chat/send-to-chat";
import { refreshPrices } from "../../lib/cart/fresh-prices";
import { PriceBanner } from "../../components/price-banner";
import { CouponField, ReferralField } from "./coupon-field";
import { couponDiscount, useCouponQuote, type CouponState } from "../../lib/cart/coupon";
import { rupees } from "../../lib/cart/rupees";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { itemsText } from "../../lib/words";
import { m } from "../../paraglide/messages";
import { LineIcon } from "../../components/line-icon";

const usersLabel = (n: number, locale: Locale) => (n === 1 ? m.cart_users_one() : m.cart_users_many({ count: formatNumber(n, locale) }));

/**
 * The checkout the cart opens (features/checkout's CheckoutDialog): the route hands it in, as a feature imports
 * no other (ADR 0070).
 */
type CartCheckout = ComponentType<{
  cart: readonly CartLine[];
  coupon: CouponState;
  open: boolean;
  onClose: () => void;
  onSent: (order: SentOrder) => void;
}>;

/** The cart page. The cart lives in the browser: the server renders a skeleton, the browser the cart. */
export function CartView({ CheckoutDialog }: { CheckoutDialog: CartCheckout }) {
  const storedCart = useStoredCart();
  const locale = useLocale();
  const [announcement, setAnnouncement] = useState("");
  const [sentOrder, setSentOrder] = useState<SentOrder | null>(null);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  // The lines of the order just placed: the cart is emptied at once, but they stay behind the
  // checkout dialog, whose outcome the shopper is reading, until it closes.
  const [placedLines, setPlacedLines] = useState<CartLine[] | null>(null);
  const cart = placedLines ?? storedCart;
  const emptyHeadingRef = useRef<HTMLHeadingElement>(null);
  const filledHeadingRef = useRef<HTMLHeadingElement>(null);
  const cartKnown = cart !== null;
  // The cart keeps the prices from when each item was added: today's come from the server on opening.
  useEffect(() => {
    if (cartKnown) void refreshPrices();
  }, [cartKnown]);

  const remove = (line: CartLine, index: number) => {
    const next = cart?.[index + 1] ?? cart?.[index - 1];
    flushSync(() => {
      cartActions.remove(line.lineId);
      setAnnouncement(m.cart_removed({ name: sellerText(locale, line.name, line.nameNe) }));
    });
    // Focus would otherwise fall back to the page start with the removed button.
    if (next) document.getElementById(removeButtonId(next))?.focus();
    else emptyHeadingRef.current?.focus();
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <div role="status" className="sr-only">
        {announcement}
      </div>
      {cart === null ? (
        <CartSkeleton />
      ) : cart.length === 0 ? (
        <EmptyCart
          headingRef={emptyHeadingRef}
          sentOrder={sentOrder}
          onPutBack={async () => {
            await cartActions.putBack();
            flushSync(() => {
              setSentOrder(null);
              setAnnouncement(m.cart_put_back_done());
            });
            filledHeadingRef.current?.focus();
          }}
        />
      ) : (
        <FilledCart
          CheckoutDialog={CheckoutDialog}
          cart={cart}
          headingRef={filledHeadingRef}
          onRemove={remove}
          sentOrder={sentOrder}
          checkoutOpen={checkoutOpen}
          onCheckout={setCheckoutOpen}
          onSent={(order) => {
            setSentOrder(order);
            // Placed: the shop has the lines, so the cart lets them go, with a way back for a while.
            if (order.reference && storedCart) {
              setPlacedLines(storedCart);
              cartActions.emptyForOrder(order.reference, storedCart);
            }
          }}
          onCheckoutClosed={() => {
            if (!placedLines) return;
            flushSync(() => setPlacedLines(null));
            emptyHeadingRef.current?.focus();
          }}
          onClear={() => {
            flushSync(() => cartActions.clear());
            emptyHeadingRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}

const removeButtonId = (line: CartLine) => `remove-${line.lineId}`;

function CartSkeleton() {
  return (
    <div aria-busy="true">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{m.cart_title()}</h1>
      <p className="sr-only">{m.cart_loading()}</p>
      <div className="mt-6 space-y-4">
        {[0, 1].map((i) => (
          <div key={i} className={`${card} flex gap-4 p-4`}>
            <Skeleton className="h-20 w-20 shrink-0" />
            <div className="flex-1 space-y-3 py-1">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-1/4" />
            </div>
          </div>
        ))}
      </div>
      <Skeleton className="mt-6 h-20 w-full" />
    </div>
  );
}

function EmptyCart({
  headingRef,
  sentOrder,
  onPutBack,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  sentOrder: SentOrder | null;
  onPutBack: () => void;
}) {
  const navigate = useNavigate();
  const href = useLocalHref();
  const goBack = () => {
    // React Router numbers its history entries: idx 0 means this tab has nothing of ours to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(href("/"));
  };
  return (
    <section className="flex flex-col items-center py-10 text-center sm:py-16">
      <div className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-400">
        <LineIcon className="h-10 w-10">
          <circle cx="9" cy="20" r="1.4" />
          <circle cx="18" cy="20" r="1.4" />
          <path d="M2 3h3l2.6 11.4a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 7H6" />
        </LineIcon>
      </div>
      <h1 ref={headingRef} tabIndex={-1} className="mt-6 rounded text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl">
        {m.cart_empty()}
      </h1>
      {sentOrder ? (
        <p className={`mt-2 max-w-sm ${mutedText}`}>
          {m.cart_thanks()} {sentOrder.reference ? m.cart_order_with_us({ reference: sentOrder.reference }) : m.cart_order_with_us_plain()}{" "}
          {m.cart_reply_pay()}
        </p>
      ) : (
        <p className={`mt-2 max-w-sm ${mutedText}`}>{m.cart_empty_text()}</p>
      )}
      <PutBackOrLastOrder onPutBack={onPutBack} />
      <div className="mt-8 flex w-full max-w-xs flex-col gap-3 sm:w-auto sm:max-w-none sm:flex-row">
        <Link to={href("/")} className={primaryButton}>
          {m.cart_start()}
        </Link>
        <button type="button" onClick={goBack} className={secondaryButton}>
          {m.cart_back()}
        </button>
      </div>
      <Link
        to={href("/my-orders")}
        className={`mt-6 rounded text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`}
      >
        {m.nav_my_orders()}
      </Link>
    </section>
  );
}

function FilledCart({
  CheckoutDialog,
  cart,
  headingRef,
  onRemove,
  sentOrder,
  checkoutOpen,
  onCheckout,
  onSent,
  onCheckoutClosed,
  onClear,
}: {
  CheckoutDialog: CartCheckout;
  cart: CartLine[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRemove: (line: CartLine, index: number) => void;
  sentOrder: SentOrder | null;
  checkoutOpen: boolean;
  onCheckout: (open: boolean) => void;
  onSent: (order: SentOrder) => void;
  onCheckoutClosed: () => void;
  onClear: () => void;
}) {
  const coupon = useCouponQuote(cart);
  const discount = couponDiscount(coupon);
  const total = Math.max(0, cartTotal(cart) - discount);
  const locale = useLocale();
  const href = useLocalHref();
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 ref={headingRef} tabIndex={-1} className="rounded text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl">
          {m.cart_title()}
        </h1>
        <div className="flex gap-4">
          <Link
            to={href("/my-orders")}
            className={`rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400 ${focusRing}`}
          >
            {m.nav_my_orders()}
          </Link>
          <Link
            to={href("/prices")}
            className={`rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400 ${focusRing}`}
          >
            {m.cart_continue()}
          </Link>
        </div>
      </div>
      {!sentOrder && <LastOrderNote className="mt-4" />}
      {sentOrder && (
        <section
          aria-labelledby="sent-order-title"
          className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-50"
        >
          <h2 id="sent-order-title" className="font-semibold">
            {sentOrder.reference
              ? m.cart_sent({ reference: sentOrder.reference, channel: CHAT_CHANNEL_LABELS[sentOrder.channel] })
              : m.cart_sent_plain({ channel: CHAT_CHANNEL_LABELS[sentOrder.channel] })}
          </h2>
          <p className="mt-1 text-sm">
            {sentOrder.reference ? `${m.cart_quote_reference()} ` : ""}
            {m.cart_finished()}
          </p>
          <button type="button" onClick={onClear} className={`${secondaryButton} mt-3 px-4 py-2 text-sm`}>
            {m.cart_clear()}
          </button>
        </section>
      )}
      <PriceBanner cart={cart} className="mt-6" />
      <ul className="mt-6 space-y-4" aria-label={m.cart_items()}>
        {cart.map((line, index) => (
          <li key={line.lineId} className={`${card} flex gap-4 p-4`}>
            <DecorativeImage src={line.image} width={80} height={80} className="h-16 w-16 shrink-0 rounded-lg object-cover sm:h-20 sm:w-20" />
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-3">
                {/* The seller's Nepali name on a Nepali page where given; the English one, marked so, otherwise. */}
                <h2 lang={sellerLang(locale, line.nameNe)} className="min-w-0 font-semibold break-words">
                  <Link to={href(productPath(line.name))} className={`rounded hover:text-brand-700 dark:hover:text-brand-400 ${focusRing}`}>
                    {sellerText(locale, line.name, line.nameNe)}
                  </Link>
                </h2>
                <p className="shrink-0 font-semibold whitespace-nowrap">{rupees(line.cost, locale)}</p>
              </div>
              <ul className="mt-2 flex flex-wrap gap-2 text-sm" aria-label={m.cart_plan()}>
                <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                  {m.cart_month_plan({ months: formatNumber(line.month, locale) })}
                </li>
                <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                  {usersLabel(line.selectedDevice, locale)}
                </li>
              </ul>
              <div className="mt-2 flex items-center justify-between gap-3">
                <p className={`text-sm ${mutedText}`}>
                  {rupees(line.selectedMonth, locale)} × {formatNumber(line.selectedDevice, locale)}
                </p>
                <button
                  type="button"
                  id={removeButtonId(line)}
                  onClick={() => onRemove(line, index)}
                  aria-label={m.cart_remove_label({
                    name: sellerText(locale, line.name, line.nameNe),
                    plan: m.cart_month_plan({ months: formatNumber(line.month, locale) }),
                    users: usersLabel(line.selectedDevice, locale),
                  })}
                  className={`-mr-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50 ${focusRing}`}
                >
                  <LineIcon className="h-4 w-4" strokeWidth={2}>
                    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
                  </LineIcon>
                  {m.cart_remove()}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className={`${card} mt-6 p-4`}>
        <CouponField state={coupon} />
        <ReferralField className="mt-3" />
        {discount > 0 && coupon.answer && (
          <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
            <div className="flex justify-between gap-3">
              <dt className={mutedText}>{m.cart_subtotal()}</dt>
              <dd>{rupees(cartTotal(cart), locale)}</dd>
            </div>
            <div className="flex justify-between gap-3 text-emerald-700 dark:text-emerald-400">
              <dt>{m.cart_discount({ code: coupon.answer.code })}</dt>
              <dd>−{rupees(discount, locale)}</dd>
            </div>
          </dl>
        )}
      </div>
      {/* On phones a bar across the screen's foot; on wider screens a card floating above it. */}
      <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:bottom-4 sm:mx-0 sm:rounded-xl sm:border sm:p-4 sm:shadow-lg sm:shadow-slate-900/10 dark:border-slate-800 dark:bg-slate-900/95 sm:dark:shadow-black/40">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-baseline justify-between gap-3 sm:block">
            <span className={mutedText}>{m.cart_total({ items: itemsText(cart.length, locale) })}</span>{" "}
            <span className="text-xl font-bold whitespace-nowrap sm:ml-2">{rupees(total, locale)}</span>
          </p>
          <button type="button" className={primaryButton} onClick={() => onCheckout(true)}>
            {m.cart_checkout()}
          </button>
        </div>
      </div>
      <CheckoutDialog
        cart={cart}
        coupon={coupon}
        open={checkoutOpen}
        onClose={() => {
          onCheckout(false);
          onCheckoutClosed();
        }}
        onSent={onSent}
      />
    </>
  );
}
