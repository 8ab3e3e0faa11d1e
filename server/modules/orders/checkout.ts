import { chatUrl, type ChatChannel } from "../../../domain/orders/checkout";
import { couponRefusalText, normaliseCouponCode, totalAfter } from "../../../domain/coupons/coupons";
import type { CouponQuote } from "../../../domain/coupons/schemas";
import { normalisePhone } from "../../../domain/customers/customers";
import { absoluteLink } from "../../../domain/shared/links";
import { localHref, type Locale } from "../../../domain/shared/locale";
import type { NoticeEvent } from "../../../domain/telegram/notices";
import { refusalText } from "../../../domain/order-limits/order-limits";
import type { OrderLimits } from "../../../domain/order-limits/schemas";
import { orderMessage, type RenewedLine } from "../../../domain/orders/order-message";
import { orderPath } from "../../../domain/orders/order-page";
import { priceOrder, quoteCart, type LineQuote, type OrderLine } from "../../../domain/orders/pricing";
import type { CheckoutResponse, OrderLineInput } from "../../../domain/orders/schemas";
import type { ShopSettings } from "../../../domain/settings/settings";
import { shopToday } from "../../../domain/shared/shop-time";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, notFound, TooManyRequests } from "../../errors";
import type { BlocklistService } from "../blocklist/service";
import type { CouponCheck, CouponsService } from "../coupons/service";
import type { OrderLimitsService } from "../order-limits/service";
import type { ReferralsService } from "../referrals/service";
import { createCheckoutRepository } from "./checkout-repository";
import { catalogueById, withNewReference, type OrderLinks, type OrdersCatalogue } from "./shared";
import { createStoredOrdersRepository } from "./stored-orders";

export interface CheckoutDependencies {
  links: Pick<OrderLinks, "newKey" | "openWithKey">;
  catalogue: OrdersCatalogue;
  settings: { shop(): Promise<ShopSettings> };
  /** The seller's limits on anonymous orders: the shop-wide ceilings, the cap per phone. */
  orderLimits: Pick<OrderLimitsService, "get" | "take">;
  publicUrl: string | undefined;
  /** The seller's bot: a new order goes to the outbox in the transaction that stores it. */
  notices?: { record(trx: Db, event: NoticeEvent): Promise<unknown> };
  /** The growth tools (ADR 0108): coupons priced and counted in the order's transaction, referrals, the blocklist. */
  coupons?: Pick<CouponsService, "check" | "redeem">;
  referrals?: Pick<ReferralsService, "referrerFor">;
  blocklist?: Pick<BlocklistService, "refuseBlocked">;
}

/**
 * Checkout (the counterpart of Medusa's complete-cart workflow): the cart priced from the catalogue, the shopper's
 * coupon, referral and renewal checked, the limits on anonymous orders kept, the order stored with its key and
 * told to the seller's bot, and the chat message answered; and the cart's quote, which stores nothing.
 */
export function createCheckoutService(
  db: Db,
  clock: Clock,
  { links, catalogue, settings, orderLimits, publicUrl, notices, coupons, referrals, blocklist }: CheckoutDependencies,
) {
  const repository = createCheckoutRepository();
  const storedOrders = createStoredOrdersRepository();
  const today = () => shopToday(clock());

  /**
   * Refuses a checkout (429) when its phone already has as many orders awaiting payment as the settings allow:
   * within the order's transaction, so two checkouts of one phone at once are counted one after the other.
   * Retry-After says when the oldest of them expires, when it will; else an hour. `limits` are read before the
   * transaction: a read of its own inside it would wait for a second connection, and checkouts holding every
   * connection of the pool would wait for each other until the pool gave up.
   */
  async function limitOpenOrdersOfPhone(trx: Db, phone: string | null, limits: OrderLimits, locale: Locale) {
    const phoneKey = normalisePhone(phone);
    if (!phoneKey) return;
    const { openOrdersPerPhone, expireNewAfterHours } = limits;
    const open = await repository.openOrdersOfPhone(trx, phoneKey, openOrdersPerPhone);
    if (open.length < openOrdersPerPhone) return;
    const expiring = open.find((order) => order.status === "new");
    const expiresIn =
      expiring && expireNewAfterHours > 0 ? (Date.parse(expiring.createdAt) + expireNewAfterHours * 3_600_000 - clock().getTime()) / 1000 : 3600;
    throw new TooManyRequests(refusalText.phoneHasOpenOrders(open.length, locale), Math.max(60, Math.ceil(expiresIn)));
  }

  /** The coupon priced for these lines (their categories from the catalogue), or the shopper's reason it does not apply. */
  async function checkCoupon(
    trx: Db,
    code: string,
    lines: readonly OrderLine[],
    items: ReadonlyMap<string, { category?: string }>,
    phoneKey: string | null,
    locale: Locale,
  ): Promise<CouponCheck> {
    if (!coupons) return { code, refusal: couponRefusalText("unknown", code, locale) };
    const couponLines = lines.map((line) => ({
      itemId: line.itemId,
      category: items.get(line.itemId)?.category ?? null,
      lineTotal: line.lineTotal,
    }));
    return coupons.check(trx, code, couponLines, phoneKey, locale);
  }

  /**
   * A place under the shop-wide ceiling on wrong coupon codes, taken before a code is checked: while the
   * ceiling is full no code is checked at all, so guessing from many addresses learns nothing. `keep` after the
   * check holds the place when the code was wrong and gives it back otherwise; a refusal answers the seconds to wait.
   */
  async function couponTry(): Promise<{ keep(check: CouponCheck | undefined): Promise<void> } | { retryAfter: number }> {
    const place = await orderLimits.take("coupon-tries");
    if ("retryAfter" in place) return place;
    return { keep: async (check) => (check && "refusal" in check && check.wrongCode ? undefined : place.giveBack()) };
  }

  return {
    /** Prices the cart from the catalogue, stores the order and answers the chat message with its reference. */
    async checkout(
      input: {
        items: OrderLineInput[];
        channel: ChatChannel;
        name: string | null;
        phone: string | null;
        renews?: { reference: string; key: string; lineId: string } | undefined;
        language?: Locale | undefined;
        coupon?: string | undefined;
        referral?: string | undefined;
      },
      address = "",
    ): Promise<Omit<CheckoutResponse, "success">> {
      const items = await catalogueById(catalogue);
      const priced = priceOrder(input.items, items, input.language);
      if (!priced.ok) throw badRequest(priced.errors[0]!.message, priced.errors);
      const locale = input.language ?? "en";
      const { renews } = input;
      await blocklist?.refuseBlocked(input.phone, { channel: input.channel, total: priced.total }, locale);
      const phoneKey = normalisePhone(input.phone);
      // A renewal from an order page needs a delivered line's key, and renews that line once: it is never held
      // back by the ceiling or the cap per phone, which are for orders anyone can make up (ADR 0101).
      const limits = renews ? undefined : await orderLimits.get();
      const place = renews ? undefined : await orderLimits.take("orders");
      if (place && "retryAfter" in place) throw new TooManyRequests(refusalText.shopBusy(place.retryAfter, locale), place.retryAfter);
      const couponPlace = input.coupon ? await couponTry() : undefined;
      if (couponPlace && "retryAfter" in couponPlace) {
        await place?.giveBack();
        throw new TooManyRequests(refusalText.couponsBusy(couponPlace.retryAfter, locale), couponPlace.retryAfter);
      }
      let couponCheck: CouponCheck | undefined;
      const now = clock().toISOString();
      const { key, keyHash, keySealed } = links.newKey();
      const placing = withNewReference(db, async (trx, reference) => {
        if (limits) await limitOpenOrdersOfPhone(trx, input.phone, limits, locale);
        const renewedOrder = renews ? await links.openWithKey(trx, renews.reference, renews.key, address, locale) : undefined;
        couponCheck = input.coupon ? await checkCoupon(trx, input.coupon, priced.lines, items, phoneKey, locale) : undefined;
        // At checkout, a coupon that does not apply stops the order (400): the shopper expected its discount.
        if (couponCheck && "refusal" in couponCheck) throw badRequest(couponCheck.refusal, [{ field: "coupon", message: couponCheck.refusal }]);
        const coupon = couponCheck;
        const discount = coupon?.discount ?? 0;
        const total = totalAfter(priced.total, discount);
        const referredBy = renews ? null : ((await referrals?.referrerFor(trx, input.referral, phoneKey)) ?? null);
        const orderId = await storedOrders.insert(
          trx,
          {
            reference,
            keyHash,
            keySealed,
            channel: input.channel,
            status: "new",
            customerName: input.name,
            phone: input.phone,
            note: "",
            total,
            lines: priced.lines,
            language: input.language ?? "en",
            couponCode: coupon?.coupon.code ?? null,
            discount,
            referredBy,
          },
          now,
        );
        if (coupon) await coupons?.redeem(trx, coupon.coupon, orderId, phoneKey, discount, locale);
        const placed = async (renewed?: RenewedLine) => {
          await notices?.record(trx, {
            kind: "order-placed",
            reference,
            lines: priced.lines.map(({ name, months, devices, lineTotal }) => ({ name, months, devices, lineTotal })),
            total,
            channel: input.channel,
            customerName: input.name,
            phone: input.phone,
            renews: renewed ? `${renewed.reference} (${renewed.name})` : null,
          });
          return { reference, renewed, couponCode: coupon?.coupon.code, discount, total };
        };
        if (!renewedOrder || !renews) return placed();
        const position = renewedOrder.lines.findIndex((l) => l.id === renews.lineId);
        const line = renewedOrder.lines[position];
        if (!line) throw notFound(`Order ${renewedOrder.reference} has no such line to renew`);
        if (renewedOrder.status !== "delivered") throw conflict(`Order ${renewedOrder.reference} is not delivered yet, so there is nothing to renew`);
        // A renewal is that line again, for the months and devices chosen: not another item, nor a cart of several.
        if (input.items.length !== 1 || input.items[0]!._id !== line.itemId) {
          throw badRequest(`A renewal of ${line.name} is one line of ${line.name}`, [
            { field: "renews", message: `A renewal of ${line.name} is one line of ${line.name}` },
          ]);
        }
        if (!(await storedOrders.markRenewed(trx, line.id, orderId))) {
          throw conflict(`Your ${line.name} of ${renewedOrder.reference} is already renewed; see My orders for the renewal`);
        }
        const renewedLine: RenewedLine = {
          reference: renewedOrder.reference,
          position: position + 1,
          name: line.name,
          // The same item (checked above): its Nepali name, for a Nepali message.
          nameNe: priced.lines[0]?.nameNe ?? null,
          expiryDate: line.expiryDate ?? today(),
        };
        return placed(renewedLine);
      });
      // A checkout that placed nothing gives its place under the ceiling back: the ceiling counts orders. A wrong
      // coupon code keeps its place under the ceiling on wrong codes; anything else gives that back too.
      const { reference, renewed, couponCode, discount, total } = await placing
        .catch(async (error: unknown) => {
          await place?.giveBack();
          throw error;
        })
        .finally(() => couponPlace?.keep(couponCheck));
      const orderUrl = absoluteLink(publicUrl, localHref(locale, orderPath(reference, key)));
      const messageCoupon = couponCode ? { code: couponCode, discount } : undefined;
      const message = orderMessage(priced.lines, reference, orderUrl, locale, renewed && { renews: renewed, today: today() }, messageCoupon);
      return {
        reference,
        lines: priced.lines,
        subtotal: priced.total,
        couponCode: couponCode ?? null,
        discount,
        total,
        message,
        url: chatUrl(input.channel, await settings.shop(), message),
        orderUrl,
      };
    },

    /** Today's price of each cart line, as checkout would charge it; stores nothing. */
    async quote(input: OrderLineInput[], language?: Locale, couponCode?: string): Promise<{ lines: LineQuote[]; coupon?: CouponQuote }> {
      const items = await catalogueById(catalogue);
      const lines = quoteCart(input, items, language);
      if (!couponCode || !coupons) return { lines };
      // The lines that can be ordered, priced as checkout prices them.
      const orderable = input.filter((_, index) => !("problem" in lines[index]!));
      const priced = priceOrder(orderable, items, language);
      const couponPlace = await couponTry();
      if ("retryAfter" in couponPlace) {
        return {
          lines,
          coupon: {
            code: normaliseCouponCode(couponCode) || couponCode.trim(),
            problem: refusalText.couponsBusy(couponPlace.retryAfter, language ?? "en"),
          },
        };
      }
      const check = await checkCoupon(db, couponCode, priced.ok ? priced.lines : [], items, null, language ?? "en");
      await couponPlace.keep(check);
      return {
        lines,
        coupon: "refusal" in check ? { code: check.code, problem: check.refusal } : { code: check.coupon.code, discount: check.discount },
      };
    },
  };
}
