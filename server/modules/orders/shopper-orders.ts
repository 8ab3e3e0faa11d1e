import { planEntries } from "../../../domain/catalogue/catalogue";
import type { Locale } from "../../../domain/shared/locale";
import { absoluteLink } from "../../../domain/shared/links";
import { refusalText } from "../../../domain/order-limits/order-limits";
import { daysUntil } from "../../../domain/orders/dates";
import { awaitsPayment, canRenew, orderPath, orderSteps, type ShopperOrder } from "../../../domain/orders/order-page";
import type { NoticeEvent } from "../../../domain/telegram/notices";
import type { PaymentMethod } from "../../../domain/payment-methods/payment-methods";
import { shopToday } from "../../../domain/shared/shop-time";
import { coveredOn } from "../../../domain/warranty/warranty";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { conflict, TooManyRequests } from "../../errors";
import type { OrderLimitsService } from "../order-limits/service";
import { secretContext } from "../secrets/stored";
import { catalogueById, type OrderLinks, type OrdersCatalogue } from "./shared";
import { createShopperOrdersRepository } from "./shopper-orders-repository";

export interface ShopperOrdersDependencies {
  links: Pick<OrderLinks, "openWithKey" | "openSealed">;
  catalogue: OrdersCatalogue;
  paymentMethods: { enabled(): Promise<PaymentMethod[]> };
  /** The shop-wide ceiling on "I have paid" notices. */
  orderLimits: Pick<OrderLimitsService, "take">;
  publicUrl: string | undefined;
  /** The seller's bot: "I have paid" goes to the outbox in the transaction that records it. */
  notices?: { record(trx: Db, event: NoticeEvent): Promise<unknown> };
}

/**
 * The shopper's order page (ADR 0075): the order its link opens, with how to pay while it waits; the shopper's
 * "I have paid"; the order behind the link for an online payment; and the link itself, from the admin's sealed copy.
 */
export function createShopperOrdersService(
  db: Db,
  clock: Clock,
  { links, catalogue, paymentMethods, orderLimits, publicUrl, notices }: ShopperOrdersDependencies,
) {
  const repository = createShopperOrdersRepository();
  const today = () => shopToday(clock());

  return {
    /** One order as its shopper's link shows it (ADR 0075): the stored total and lines, and how to pay while it waits. */
    async forShopper(reference: string, key: string, address: string): Promise<ShopperOrder> {
      const order = await links.openWithKey(db, reference, key, address);
      const now = today();
      const waiting = awaitsPayment(order.status);
      const [items, methods] = await Promise.all([catalogueById(catalogue), waiting ? paymentMethods.enabled() : Promise.resolve([])]);
      return {
        reference: order.reference,
        createdAt: order.createdAt,
        status: order.status,
        channel: order.channel,
        total: order.total,
        couponCode: order.couponCode,
        discount: order.discount,
        creditApplied: order.creditApplied,
        balancePaid: order.balancePaid,
        lines: order.lines.map((line) => {
          const daysLeft = line.expiryDate ? daysUntil(line.expiryDate, now) : null;
          const item = line.itemId ? items.get(line.itemId) : undefined;
          const unitPrice = item?.plans[String(line.months)];
          const renewable =
            order.status === "delivered" && !line.refunded && canRenew(daysLeft, line.renewalReference) && item && unitPrice !== undefined;
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
            renews: line.renews ? { reference: line.renews.reference } : null,
            renewal: renewable ? { itemId: item._id, unitPrice, plans } : null,
            deliveredAutomatically: order.status === "delivered" && line.autoDelivered,
            warranty: line.warranty && { ...line.warranty, ended: !coveredOn(line.warranty, now) },
          };
        }),
        customer: { name: order.customerName, phone: order.phone },
        steps: orderSteps(order),
        expired: order.cancelReason === "expired",
        claim: order.paidClaim,
        paidVia: order.paidVia,
        bill: order.bill,
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
     * admin's. Under the shop-wide ceiling on such notices; `locale` words its refusals.
     */
    async claimPaid(reference: string, key: string, transactionId: string | null, address: string, locale: Locale = "en"): Promise<ShopperOrder> {
      const order = await links.openWithKey(db, reference, key, address, locale);
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
     * The order behind a shopper's link, for starting an online payment: what the gateway is told
     * (reference, total, customer) and the id the payment is kept under; never the key.
     */
    async forPayment(reference: string, key: string, address: string) {
      const order = await links.openWithKey(db, reference, key, address);
      return {
        id: order._id,
        reference: order.reference,
        total: order.total,
        status: order.status,
      };
    },

    /** The shopper's link to an order, from the admin's sealed copy of its key; null when there is none. */
    async shopperPathOf(orderId: string): Promise<{ reference: string; path: string; language: Locale } | null> {
      const row = await db
        .selectFrom("orders")
        .select(["reference", "key_hash", "key_sealed", "language"])
        .where("id", "=", orderId)
        .executeTakeFirst();
      if (!row?.key_hash || !row.key_sealed) return null;
      const key = links.openSealed(row.key_sealed, secretContext.orderKey(row.key_hash));
      return key ? { reference: row.reference, path: orderPath(row.reference, key), language: row.language === "ne" ? "ne" : "en" } : null;
    },
  };
}
