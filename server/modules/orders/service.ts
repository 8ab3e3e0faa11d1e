import { randomBytes } from "node:crypto";
import { chatUrl, whatsappUrl, type ChatChannel } from "../../../domain/checkout";
import { addMonths, daysUntil, renewalStart } from "../../../domain/order-dates";
import { internationalPhone, orderMessage, type RenewedLine } from "../../../domain/order-messages";
import { normaliseReference, REFERENCE_LENGTH, referenceFromBytes, referencePattern } from "../../../domain/order-references";
import { priceOrder, quoteCart, type LineQuote, type OrderLine, type PricedItem } from "../../../domain/order-pricing";
import { ORDER_STATUS_LABELS, transitionError, UNDELIVERED_STATUSES, type OrderCounts, type OrderStatus } from "../../../domain/order-statuses";
import { shopToday } from "../../../domain/shop-time";
import type { CheckoutResponse, Order, OrderLineInput, OrderListQuery, OrderPage, Renewal, SpamResult } from "../../../domain/schemas/orders";
import { localHref, type Locale } from "../../../domain/locale";
import { renewalMessage, type SeatPlace } from "../../../domain/seller-messages";
import { absoluteLink } from "../../../domain/links";
import { planEntries } from "../../../domain/catalogue";
import { awaitsPayment, canRenew, orderPath, orderSteps, type ShopperOrder } from "../../../domain/order-pages";
import type { PaymentMethod } from "../../../domain/payment-methods";
import type { PaidVia } from "../../../domain/schemas/payments";
import type { ShopSettings } from "../../../domain/settings";
import { normalisePhone } from "../../../domain/customers";
import { refusalText, type OrderLimits } from "../../../domain/order-limits";
import type { Actor } from "../auth/service";
import type { OrderLimitsService } from "../order-limits/service";
import type { NoticeEvent } from "../../../domain/notices";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, HttpError, isForeignKeyViolation, isUniqueViolation, notFound, TooManyRequests } from "../../errors";
import { addressKey, createWindowCounter } from "../../plugins/rate-limits";
import type { Limits } from "../../plugins/shared-limits";
import { createOrdersRepository, type DueLine, type StoredOrder } from "./repository";
import { SecretUnreadableError, type Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import { hashOrderKey, newOrderKey } from "./order-keys";
import { staleEdit } from "../versions";
import type { CouponCheck, CouponsService } from "../coupons/service";
import { couponRefusalText, normaliseCouponCode, totalAfter, type CouponQuote } from "../../../domain/coupons";
import type { ReferralsService } from "../referrals/service";
import type { BlocklistService } from "../blocklist/service";

/**
 * Wrong keys and unknown references per address (ADR 0075): a shopper mistyping a link a few times is fine; a
 * script guessing keys gets 20 tries in 10 minutes, on every instance together (shared limits, ADR 0022).
 */
export const ORDER_KEY_FAILURES = { max: 20, timeWindow: 10 * 60_000 };
/** The same answer for an unknown reference and a wrong or missing key: neither says the reference exists. */
export const NO_SUCH_ORDER = "No order found at this link. Open the link from your chat again, or ask the shop for it.";

/** Orders the expiry sweep cancels in one transaction: a backlog is worked through a batch a sweep. */
export const EXPIRE_BATCH = 500;

/** A reference clash is one in 33 million; five in a row means something else is wrong. */
const REFERENCE_ATTEMPTS = 5;

export interface OrdersDependencies {
  catalogue: { list(): Promise<Array<PricedItem & { Id: string; ImageId: string; category?: string }>> };
  settings: { shop(): Promise<ShopSettings> };
  paymentMethods: { enabled(): Promise<PaymentMethod[]> };
  limits: Limits;
  /** The seller's limits on anonymous orders (issue 34): the shop-wide ceilings, the cap per phone, the expiry of new orders. */
  orderLimits: Pick<OrderLimitsService, "get" | "take">;
  publicUrl: string | undefined;
  /** Seals the admin's copy of each shopper link (ADR 0075). */
  secrets: Pick<Cipher, "encrypt" | "decrypt">;
  /** The ledger (issue 20): the lines of undelivered orders no free seat or key is left for. */
  stock?: { waitingLines(): Promise<Set<string>> };
  /**
   * The ledger: the seat each line holds, named, so a renewal reminder keeps the customer on their profile; and
   * the carrying of a renewed line's seat over to its renewal when that is delivered (issue 29).
   */
  seats?: {
    namesOf(lineIds: readonly string[]): Promise<Map<string, SeatPlace>>;
    carryOver(trx: Db, pairs: ReadonlyArray<{ lineId: string; renewedLineId: string }>): Promise<void>;
  };
  /** Runs after an order is marked paid, once that is committed: automatic delivery (issue 30). Never throws. */
  afterPaid?: (reference: string) => Promise<void>;
  /** The seller's bot (issue 31): what happened goes to the outbox in the transaction that made it happen. */
  notices?: {
    record(trx: Db, event: NoticeEvent): Promise<unknown>;
    /** The shoppers' chats that follow the order hear that it was paid or delivered (ADR 0107). */
    orderMoved(trx: Db, orderId: string, to: "paid" | "delivered"): Promise<unknown>;
    /** Of these orders, those a shopper's chat hears about, for the admin. */
    followedOrders(orders: ReadonlyArray<{ id: string; phoneKey: string | null }>): Promise<Set<string>>;
  };
  /** The growth tools (issue 32, ADR 0108): coupons priced and counted in the order's transaction, referrals, the blocklist. */
  coupons?: Pick<CouponsService, "check" | "redeem">;
  referrals?: Pick<ReferralsService, "referrerFor" | "award">;
  blocklist?: Pick<BlocklistService, "refuseBlocked">;
}

export function createOrdersService(
  db: Db,
  clock: Clock,
  {
    catalogue,
    settings,
    paymentMethods,
    limits,
    orderLimits,
    publicUrl,
    secrets,
    stock,
    seats,
    afterPaid,
    notices,
    coupons,
    referrals,
    blocklist,
  }: OrdersDependencies,
) {
  const repository = createOrdersRepository();
  const keyFailures = createWindowCounter(ORDER_KEY_FAILURES, limits, "order key failures");
  /** A new order's key, its hash and its copy sealed with the shop's secrets key for the admin (ADR 0075). */
  function newKey() {
    const key = newOrderKey();
    const keyHash = hashOrderKey(key);
    return { key, keyHash, keySealed: secrets.encrypt(key, secretContext.orderKey(keyHash)) };
  }

  /** The admin's view of orders: with their shopper links, and which lines wait for stock as the ledger stands now. */
  async function presentAll(stored: StoredOrder[]): Promise<Order[]> {
    const undelivered = stored.some((order) => (UNDELIVERED_STATUSES as readonly string[]).includes(order.status));
    const [waiting, followed] = await Promise.all([
      stock && undelivered ? stock.waitingLines() : new Set<string>(),
      notices ? notices.followedOrders(stored.map((order) => ({ id: order._id, phoneKey: normalisePhone(order.phone) }))) : new Set<string>(),
    ]);
    return stored.map(({ keyHash, keySealed, contactedAt: _c, paidAt: _p, deliveredAt: _d, cancelledAt: _x, ...order }) => {
      const key = keySealed && keyHash ? openSealed(keySealed, secretContext.orderKey(keyHash)) : null;
      return {
        ...order,
        lines: order.lines.map((line) => ({ ...line, waitingForStock: waiting.has(line.id) })),
        shopperPath: key ? orderPath(order.reference, key) : null,
        telegramUpdates: followed.has(order._id),
      };
    });
  }

  const present = async (stored: StoredOrder): Promise<Order> => (await presentAll([stored]))[0]!;

  /** A sealed copy the key cannot open (changed bytes) costs the admin the link, not the order. */
  function openSealed(sealed: string, context: string): string | null {
    try {
      return secrets.decrypt(sealed, context);
    } catch (error) {
      if (error instanceof SecretUnreadableError) return null;
      throw error;
    }
  }

  /**
   * The order its shopper's link names, or the same 404 for an unknown reference and a wrong key; 429 for a wrong
   * one once the address has failed too often. A right key always opens: an address a carrier's shoppers share is
   * not locked out by one guesser among them, and a key is out of reach of guessing anyway (ADR 0075).
   */
  async function openWithKey(trx: Db, reference: string, key: string, address: string, locale: Locale = "en"): Promise<StoredOrder> {
    // One look-up by reference and key hash: an unknown reference and a wrong key do the same work.
    const order = await repository.findByReferenceAndKey(trx, normaliseReference(reference), hashOrderKey(key));
    if (order) return order;
    const counted = addressKey(address);
    const wait = await keyFailures.retryAfter(counted);
    if (wait) throw new TooManyRequests(refusalText.wrongLinks(wait, locale), wait);
    await keyFailures.record(counted);
    throw notFound(NO_SUCH_ORDER);
  }

  const today = () => shopToday(clock());

  /**
   * Starts each line of an order being delivered on `start`, a renewal where the line it renews ends when that
   * is later (issue 29); a key that never expires has no end. The renewal stays on the customer's seat.
   */
  async function startLines(trx: Db, order: StoredOrder, start: string) {
    const lifetime = await repository.lifetimeItems(
      trx,
      order.lines.map((line) => line.itemId),
    );
    for (const line of order.lines) {
      const from = line.renews ? renewalStart(line.renews.expiryDate, start) : start;
      const ends = line.itemId !== null && lifetime.has(line.itemId) ? null : addMonths(from, line.months);
      await repository.setLineDates(trx, line.id, from, ends);
    }
    await seats?.carryOver(
      trx,
      order.lines.flatMap((line) => (line.renews ? [{ lineId: line.id, renewedLineId: line.renews.lineId }] : [])),
    );
  }

  async function catalogueById(): Promise<Map<string, PricedItem & { Id: string; ImageId: string; category?: string }>> {
    return new Map((await catalogue.list()).map((item) => [item._id, item]));
  }

  /** Runs `work` in a transaction with a fresh reference, drawing again if the reference is taken. */
  async function withNewReference<T>(work: (trx: Db, reference: string) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const reference = referenceFromBytes(randomBytes(REFERENCE_LENGTH));
      try {
        return await db.transaction().execute((trx) => work(trx, reference));
      } catch (error) {
        if (isUniqueViolation(error) && attempt < REFERENCE_ATTEMPTS) continue;
        if (isForeignKeyViolation(error)) {
          throw conflict("An item was removed from the shop while you were checking out. Please check your cart and try again.");
        }
        throw error;
      }
    }
  }

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
   * A place under the shop-wide ceiling on wrong coupon codes (issue 43), taken before a code is checked: while the
   * ceiling is full no code is checked at all, so guessing from many addresses learns nothing. `keep` after the
   * check holds the place when the code was wrong and gives it back otherwise; a refusal answers the seconds to wait.
   */
  async function couponTry(): Promise<{ keep(check: CouponCheck | undefined): Promise<void> } | { retryAfter: number }> {
    const place = await orderLimits.take("coupon-tries");
    if ("retryAfter" in place) return place;
    return { keep: async (check) => (check && "refusal" in check && check.wrongCode ? undefined : place.giveBack()) };
  }

  async function findOrThrow(db: Db, reference: string): Promise<StoredOrder> {
    const order = await repository.findByReference(db, reference);
    if (!order) throw notFound(`No order with reference ${reference}`);
    return order;
  }

  function toRenewal(line: DueLine, items: Map<string, PricedItem>, now: string, seat?: SeatPlace): Renewal {
    const unitPrice = line.itemId ? items.get(line.itemId)?.plans[String(line.months)] : undefined;
    const currentPrice = unitPrice === undefined ? null : unitPrice * line.devices;
    const message = renewalMessage(
      { customerName: line.customerName, name: line.name, months: line.months, expiryDate: line.expiryDate, currentPrice, seat },
      line.language,
    );
    return {
      lineId: line.lineId,
      reference: line.reference,
      customerName: line.customerName,
      phone: line.phone,
      name: line.name,
      months: line.months,
      devices: line.devices,
      startDate: line.startDate,
      expiryDate: line.expiryDate,
      daysLeft: daysUntil(line.expiryDate, now),
      currentPrice,
      language: line.language,
      message,
      whatsappUrl: line.phone ? whatsappUrl(internationalPhone(line.phone), message) : null,
      remindedAt: line.remindedAt,
    };
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
      const items = await catalogueById();
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
      const { key, keyHash, keySealed } = newKey();
      const placing = withNewReference(async (trx, reference) => {
        if (limits) await limitOpenOrdersOfPhone(trx, input.phone, limits, locale);
        const renewedOrder = renews ? await openWithKey(trx, renews.reference, renews.key, address, locale) : undefined;
        couponCheck = input.coupon ? await checkCoupon(trx, input.coupon, priced.lines, items, phoneKey, locale) : undefined;
        // At checkout, a coupon that does not apply stops the order (400): the shopper expected its discount.
        if (couponCheck && "refusal" in couponCheck) throw badRequest(couponCheck.refusal, [{ field: "coupon", message: couponCheck.refusal }]);
        const coupon = couponCheck;
        const discount = coupon?.discount ?? 0;
        const total = totalAfter(priced.total, discount);
        const referredBy = renews ? null : ((await referrals?.referrerFor(trx, input.referral, phoneKey)) ?? null);
        const orderId = await repository.insert(
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
        if (!(await repository.markRenewed(trx, line.id, orderId))) {
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
      // A checkout that placed nothing gives its place under the ceiling back: the ceiling counts orders.
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

    /** One order as its shopper's link shows it (ADR 0075): the stored total and lines, and how to pay while it waits. */
    async forShopper(reference: string, key: string, address: string): Promise<ShopperOrder> {
      const order = await openWithKey(db, reference, key, address);
      const now = today();
      const waiting = awaitsPayment(order.status);
      const [items, methods] = await Promise.all([catalogueById(), waiting ? paymentMethods.enabled() : Promise.resolve([])]);
      return {
        reference: order.reference,
        createdAt: order.createdAt,
        status: order.status,
        channel: order.channel,
        total: order.total,
        couponCode: order.couponCode,
        discount: order.discount,
        creditApplied: order.creditApplied,
        lines: order.lines.map((line) => {
          const daysLeft = line.expiryDate ? daysUntil(line.expiryDate, now) : null;
          const item = line.itemId ? items.get(line.itemId) : undefined;
          const unitPrice = item?.plans[String(line.months)];
          const renewable = order.status === "delivered" && canRenew(daysLeft, line.renewalReference) && item && unitPrice !== undefined;
          const plans = item ? planEntries(item.plans).map(([months, price]) => ({ months, unitPrice: price })) : [];
          return {
            id: line.id,
            name: line.name,
            // The seller's Nepali name of the item today, for a Nepali page (ADR 0093); the stored English name is the line's.
            nameNe: item?.NameNe ?? null,
            months: line.months,
            devices: line.devices,
            unitPrice: line.unitPrice,
            lineTotal: line.lineTotal,
            startDate: line.startDate,
            expiryDate: line.expiryDate,
            daysLeft,
            renewedBy: line.renewalReference,
            renewal: renewable ? { itemId: item._id, unitPrice, plans } : null,
            deliveredAutomatically: order.status === "delivered" && line.autoDelivered,
          };
        }),
        customer: { name: order.customerName, phone: order.phone },
        steps: orderSteps(order),
        expired: order.cancelReason === "expired",
        claim: order.paidClaim,
        paidVia: order.paidVia,
        paymentMethods: methods.map(({ _id, kind, name, account, holder, qrImage, note, noteNe }) => ({
          _id,
          kind,
          name,
          account,
          holder,
          qrImage: absoluteLink(publicUrl, qrImage),
          note,
          noteNe,
        })),
      };
    },

    /**
     * The shopper's "I have paid" (ADR 0077): said once, while the order waits for payment; the status stays the
     * admin's. Under the shop-wide ceiling on such notices (issue 34); `locale` words its refusals.
     */
    async claimPaid(reference: string, key: string, transactionId: string | null, address: string, locale: Locale = "en"): Promise<ShopperOrder> {
      const order = await openWithKey(db, reference, key, address, locale);
      if (order.status === "cancelled") throw conflict("This order is cancelled; message the shop if you paid for it");
      if (!awaitsPayment(order.status)) throw conflict("The shop has already marked this order paid");
      if (order.paidClaim) throw conflict("You already told the shop you paid for this order");
      const place = await orderLimits.take("paid-claims");
      if ("retryAfter" in place) throw new TooManyRequests(refusalText.claimsBusy(place.retryAfter, locale), place.retryAfter);
      const claimed = await db.transaction().execute(async (trx) => {
        if (!(await repository.claimPaid(trx, order._id, clock().toISOString(), transactionId))) return false;
        await notices?.record(trx, {
          kind: "paid-claimed",
          reference: order.reference,
          total: order.total,
          customerName: order.customerName,
          transactionId,
        });
        return true;
      });
      if (!claimed) {
        await place.giveBack();
        throw conflict("You already told the shop you paid for this order");
      }
      return this.forShopper(order.reference, key, address);
    },

    /**
     * The order behind a shopper's link, for starting an online payment (issue 30): what the gateway is told
     * (reference, total, customer) and the id the payment is kept under; never the key.
     */
    async forPayment(reference: string, key: string, address: string) {
      const order = await openWithKey(db, reference, key, address);
      return {
        id: order._id,
        reference: order.reference,
        total: order.total,
        status: order.status,
      };
    },

    /**
     * A gateway proved this order paid (issue 30), inside the payment's transaction: "paid" when it moved the
     * order on (the one transition, from a status awaiting payment), "noted" when the seller had marked it paid
     * already, "refused" when it is cancelled or otherwise past paying.
     */
    async markPaidVerified(trx: Db, orderId: string, via: PaidVia): Promise<"paid" | "noted" | "refused"> {
      const now = clock().toISOString();
      if (await repository.markPaidVia(trx, orderId, via, now)) {
        await notices?.orderMoved(trx, orderId, "paid");
        await referrals?.award(trx, orderId);
        return "paid";
      }
      const row = await trx.selectFrom("orders").select(["status", "paid_via"]).where("id", "=", orderId).executeTakeFirst();
      if (row && (row.status === "paid" || row.status === "delivered")) {
        await repository.notePaidVia(trx, orderId, via, now);
        return "noted";
      }
      return "refused";
    },

    /** The shopper's link to an order, from the admin's sealed copy of its key; null when there is none. */
    async shopperPathOf(orderId: string): Promise<{ reference: string; path: string; language: Locale } | null> {
      const row = await db
        .selectFrom("orders")
        .select(["reference", "key_hash", "key_sealed", "language"])
        .where("id", "=", orderId)
        .executeTakeFirst();
      if (!row?.key_hash || !row.key_sealed) return null;
      const key = openSealed(row.key_sealed, secretContext.orderKey(row.key_hash));
      return key ? { reference: row.reference, path: orderPath(row.reference, key), language: row.language === "ne" ? "ne" : "en" } : null;
    },

    /** Today's price of each cart line, as checkout would charge it; stores nothing. */
    async quote(input: OrderLineInput[], language?: Locale, couponCode?: string): Promise<{ lines: LineQuote[]; coupon?: CouponQuote }> {
      const items = await catalogueById();
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

    /**
     * Newest first, a page at a time. `q` is a reference (however typed) or part of a phone number (3 digits or
     * more), matched against the number's one stored form (normalisePhone), so "+977 980-…" finds "980…".
     */
    async list(query: OrderListQuery): Promise<OrderPage> {
      const q = query.q?.trim() ?? "";
      const asReference = normaliseReference(q);
      const reference = referencePattern.test(asReference) ? asReference : undefined;
      const digits = q.replace(/\D/g, "");
      const phoneDigits = digits.length >= 3 ? digits : undefined;
      // A search that can match nothing finds nothing, rather than everything.
      if (q && !reference && !phoneDigits) return { items: [], total: 0, skipped: 0, nextBefore: null };
      const filter = { status: query.status, claimed: query.claimed, reference, phoneDigits };
      let after: { createdAt: string; reference: string } | undefined;
      if (query.before) {
        const last = await repository.findByReference(db, normaliseReference(query.before));
        if (!last) throw badRequest("That page of orders no longer exists", [{ field: "before", message: "Unknown order reference" }]);
        after = { createdAt: last.createdAt, reference: last.reference };
      }
      // One more than a page tells whether another page follows.
      const [rows, total, skipped] = await Promise.all([
        repository.list(db, { ...filter, after, limit: query.limit + 1 }),
        repository.count(db, filter),
        after ? repository.count(db, { ...filter, upTo: after }) : Promise.resolve(0),
      ]);
      const items = await presentAll(rows.slice(0, query.limit));
      return { items, total, skipped, nextBefore: rows.length > query.limit ? items[items.length - 1]!.reference : null };
    },

    get: async (reference: string): Promise<Order> => present(await findOrThrow(db, normaliseReference(reference))),

    /** `expected`: the version the details were read with; a newer one refuses the save (409). Without it, last write wins. */
    async updateDetails(
      reference: string,
      details: { customerName: string | null; phone: string | null; note: string },
      expected?: number,
    ): Promise<Order> {
      return present(
        await db.transaction().execute(async (trx) => {
          const order = await findOrThrow(trx, normaliseReference(reference));
          if (!(await repository.updateDetails(trx, order._id, details, clock().toISOString(), expected))) throw staleEdit();
          return findOrThrow(trx, order.reference);
        }),
      );
    },

    /**
     * Moves the order on; delivering it starts each line's subscription on `startDate` (the shop's today by
     * default), a renewal where the line it renews ends when that is later (issue 29).
     */
    async changeStatus(reference: string, to: OrderStatus, startDate?: string): Promise<Order> {
      const changed = await db.transaction().execute(async (trx) => {
        const order = await findOrThrow(trx, normaliseReference(reference));
        const refusal = transitionError(order.status, to);
        if (refusal) throw new HttpError(409, refusal, [{ field: "status", message: refusal }]);
        const now = clock().toISOString();
        if (!(await repository.updateStatus(trx, order._id, order.status, to, now))) {
          throw conflict("Someone else changed this order just now. Reload it and try again.");
        }
        // A renewal that will not happen must not hide the line it renews from Renew and the renewals due, nor a
        // coupon that was not used count against its limit.
        if (to === "cancelled") await repository.releaseCancelled(trx, order._id);
        if (to === "delivered") await startLines(trx, order, startDate ?? today());
        if (to === "paid" || to === "delivered") await notices?.orderMoved(trx, order._id, to);
        // Paid, or delivered without being marked paid first: a referred order earns its referrer's credit (once).
        if (to === "paid" || to === "delivered") await referrals?.award(trx, order._id);
        return findOrThrow(trx, order.reference);
      });
      // Once the payment is in, automatic delivery may deliver the order (issue 30), after the commit.
      if (to === "paid" && afterPaid) {
        await afterPaid(changed.reference);
        return present(await findOrThrow(db, changed.reference));
      }
      return present(changed);
    },

    /**
     * Moves a paid order to delivered in the caller's transaction, its lines started today as Mark delivered
     * starts them (automatic delivery, issue 30); null when it is not paid (any more). Of two callers at once,
     * the conditional update lets one through: the other waits for its commit and finds the order delivered.
     */
    async deliverPaidWithin(trx: Db, reference: string): Promise<{ orderId: string; lines: StoredOrder["lines"] } | null> {
      const order = await repository.findByReference(trx, normaliseReference(reference));
      if (order?.status !== "paid") return null;
      if (!(await repository.updateStatus(trx, order._id, "paid", "delivered", clock().toISOString()))) return null;
      await startLines(trx, order, today());
      await notices?.orderMoved(trx, order._id, "delivered");
      return { orderId: order._id, lines: order.lines };
    },

    /** Corrects when one delivered line started; its expiry follows (none for a key that never expires). */
    async setLineStart(reference: string, lineId: string, startDate: string): Promise<Order> {
      return present(
        await db.transaction().execute(async (trx) => {
          const order = await findOrThrow(trx, normaliseReference(reference));
          const line = order.lines.find((l) => l.id === lineId);
          if (!line) throw notFound(`Order ${order.reference} has no line ${lineId}`);
          if (order.status !== "delivered") {
            throw conflict("Start dates are set when the order is delivered", "startDate");
          }
          const lifetime = await repository.lifetimeItems(trx, [line.itemId]);
          const ends = line.itemId !== null && lifetime.has(line.itemId) ? null : addMonths(startDate, line.months);
          await repository.setLineDates(trx, line.id, startDate, ends);
          await repository.touch(trx, order._id, clock().toISOString());
          return findOrThrow(trx, order.reference);
        }),
      );
    },

    /** Lines ending within `days` days, or already ended, and not renewed yet; soonest first. */
    async renewals(days: number): Promise<Renewal[]> {
      const now = today();
      const [lines, items] = await Promise.all([repository.dueLines(db, addDays(now, days)), catalogueById()]);
      const seatNames = seats ? await seats.namesOf(lines.map((line) => line.lineId)) : new Map<string, SeatPlace>();
      return lines.map((line) => toRenewal(line, items, now, seatNames.get(line.lineId)));
    },

    /**
     * The renewal reminder of one delivered line, not renewed yet, for the seller to send (the Renewals screen's
     * Remind, the bot's button); the line remembers when it was reminded.
     */
    async remind(lineId: string): Promise<Renewal> {
      const line = await repository.findDueLine(db, lineId);
      if (!line) throw notFound(`No order line ${lineId}`);
      if (line.status !== "delivered") throw conflict(`Order ${line.reference} is not delivered yet, so there is nothing to renew`);
      if (line.renewalOrderId) throw conflict(`This ${line.name} line of ${line.reference} is already renewed`);
      const remindedAt = clock().toISOString();
      await repository.markReminded(db, lineId, remindedAt);
      const [items, seatNames] = await Promise.all([
        catalogueById(),
        seats ? seats.namesOf([lineId]) : Promise.resolve(new Map<string, SeatPlace>()),
      ]);
      return toRenewal({ ...line, remindedAt }, items, today(), seatNames.get(lineId));
    },

    /** Creates the renewing order (same plan and devices at today's price) and marks the line renewed. */
    async renew(lineId: string): Promise<Order> {
      const items = await catalogueById();
      const { keyHash, keySealed } = newKey();
      const renewalKey = { keyHash, keySealed };
      const reference = await withNewReference(async (trx, reference) => {
        const line = await repository.findDueLine(trx, lineId);
        if (!line) throw notFound(`No order line ${lineId}`);
        if (line.status !== "delivered") throw conflict(`Order ${line.reference} is not delivered yet, so there is nothing to renew`);
        if (line.renewalOrderId) throw conflict(`This ${line.name} line of ${line.reference} is already renewed`);
        const priced = priceOrder(line.itemId ? [{ _id: line.itemId, months: line.months, devices: line.devices }] : [], items);
        if (!line.itemId || !priced.ok) {
          throw conflict(`${line.name} is no longer sold with a ${line.months}-month plan; make the new order by hand`);
        }
        const orderId = await repository.insert(
          trx,
          {
            reference,
            ...renewalKey,
            channel: line.channel,
            status: "new",
            customerName: line.customerName,
            phone: line.phone,
            note: `Renewal of ${line.reference}`,
            total: priced.total,
            lines: priced.lines,
            // The renewal is for the same shopper, in the language they ordered in.
            language: line.language,
          },
          clock().toISOString(),
        );
        if (!(await repository.markRenewed(trx, lineId, orderId))) throw conflict("This line was renewed just now by someone else");
        return reference;
      });
      return present(await findOrThrow(db, reference));
    },

    /**
     * Cancels as expired the "new" orders older than the settings allow that nothing keeps (no "I have paid" to
     * check, no online payment under way), a batch at a time, releasing the lines they were to renew. Safe on
     * several instances at once: each order is cancelled by one statement, once. The number expired.
     */
    async expireStale(): Promise<number> {
      const { expireNewAfterHours } = await orderLimits.get();
      if (expireNewAfterHours === 0) return 0;
      const now = clock();
      const before = new Date(now.getTime() - expireNewAfterHours * 3_600_000).toISOString();
      return db.transaction().execute(async (trx) => {
        const expired = await repository.cancelAwaiting(trx, await repository.staleNew(trx, before, EXPIRE_BATCH), "expired", now.toISOString());
        await repository.releaseCancelled(trx, expired);
        return expired.length;
      });
    },

    /**
     * The seller's bulk action (issue 34): cancels as spam each of these orders that awaits payment, in one
     * transaction, releasing what they held; a paid, delivered or cancelled one is left and said why. One audit
     * line per order cancelled.
     */
    async markSpam(references: readonly string[], { admin, log }: Actor): Promise<SpamResult> {
      const wanted = [...new Set(references.map(normaliseReference))];
      const now = clock().toISOString();
      const { found, marked } = await db.transaction().execute(async (trx) => {
        const found = await trx.selectFrom("orders").select(["id", "reference", "status"]).where("reference", "in", wanted).execute();
        const ids = await repository.cancelAwaiting(
          trx,
          found.map((row) => row.id),
          "spam",
          now,
        );
        await repository.releaseCancelled(trx, ids);
        return { found, marked: new Set(ids) };
      });
      const byReference = new Map(found.map((row) => [row.reference, row]));
      const result: SpamResult = { marked: [], skipped: [] };
      for (const reference of wanted) {
        const row = byReference.get(reference);
        if (row && marked.has(row.id)) {
          result.marked.push(reference);
          log.info({ admin: admin.email, reference }, "order cancelled as spam");
        } else {
          const status = row?.status as OrderStatus | undefined;
          result.skipped.push({ reference, reason: status ? `It is ${ORDER_STATUS_LABELS[status].toLowerCase()}` : "No such order" });
        }
      }
      return result;
    },

    /** For the dashboard: orders per status made in the last 7 days, and renewals due in the default window. */
    async weekCounts(): Promise<OrderCounts> {
      const since = new Date(clock().getTime() - 7 * 86_400_000).toISOString();
      return repository.countByStatusSince(db, since);
    },
  };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
