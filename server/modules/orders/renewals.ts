import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { whatsappUrl } from "../../../domain/orders/checkout";
import { daysUntil } from "../../../domain/orders/dates";
import { internationalPhone } from "../../../domain/orders/order-message";
import { priceOrder, type PricedItem } from "../../../domain/orders/pricing";
import type { Order, Renewal } from "../../../domain/orders/schemas";
import { renewalMessage, type SeatPlace } from "../../../domain/ledger/seller-messages";
import { shopToday } from "../../../domain/shared/shop-time";
import { absoluteLink } from "../../../domain/shared/links";
import { localHref } from "../../../domain/shared/locale";
import { orderPath, renewalPath } from "../../../domain/orders/order-page";
import { secretContext } from "../secrets/stored";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { conflict, notFound } from "../../errors";
import { createRenewalsRepository, type DueLine } from "./renewals-repository";
import type { OrdersService } from "./service";
import { catalogueById, withNewReference, type OrderLinks, type OrdersCatalogue } from "./shared";
import { createStoredOrdersRepository } from "./stored-orders";

export interface RenewalsDependencies {
  links: Pick<OrderLinks, "newKey" | "openSealed">;
  /** Where the reminder's link to the line's renewal points; without it the reminder asks for a reply instead. */
  publicUrl: string | undefined;
  catalogue: OrdersCatalogue;
  /** The ledger: the seat each line holds, named, so a renewal reminder keeps the customer on their profile. */
  seats?: { namesOf(lineIds: readonly string[]): Promise<Map<string, SeatPlace>> };
  /** The admin's view of the renewing order. */
  orders: Pick<OrdersService, "get">;
}

/**
 * Renewals: the delivered lines that end soon or have ended, not renewed yet; the reminder the seller
 * sends for one; and the renewing order, the same plan and devices at today's price.
 */
export function createRenewalsService(db: Db, clock: Clock, { links, publicUrl, catalogue, seats, orders }: RenewalsDependencies) {
  const repository = createRenewalsRepository();
  const storedOrders = createStoredOrdersRepository();
  const today = () => shopToday(clock());

  function toRenewal(line: DueLine, items: Map<string, PricedItem>, now: string, seat?: SeatPlace): Renewal {
    const unitPrice = line.itemId ? items.get(line.itemId)?.plans[String(line.months)] : undefined;
    const currentPrice = unitPrice === undefined ? null : unitPrice * line.devices;
    const message = renewalMessage(
      {
        customerName: line.customerName,
        name: line.name,
        months: line.months,
        expiryDate: line.expiryDate,
        currentPrice,
        seat,
        link: renewalLink(line),
      },
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

  /** The line's renewal on its order's page, on the shop's public URL (a reminder goes to a chat); null without one. */
  function renewalLink(line: DueLine): string | null {
    const key = publicUrl && line.keyHash && line.keySealed ? links.openSealed(line.keySealed, secretContext.orderKey(line.keyHash)) : null;
    return key ? absoluteLink(publicUrl, localHref(line.language, renewalPath(orderPath(line.reference, key), line.lineId))) : null;
  }

  return {
    /** Lines ending within `days` days, or already ended, and not renewed yet; soonest first. */
    async due(days: number): Promise<Renewal[]> {
      const now = today();
      const [lines, items] = await Promise.all([repository.dueLines(db, addDays(now, days)), catalogueById(catalogue)]);
      const seatNames = seats ? await seats.namesOf(lines.map((line) => line.lineId)) : new Map<string, SeatPlace>();
      return lines.map((line) => toRenewal(line, items, now, seatNames.get(line.lineId)));
    },

    /**
     * The renewal reminder of one delivered line, not renewed yet, for the seller to send (the Renewals screen's
     * Remind, the bot's button); the line remembers when it was reminded.
     */
    async remind(lineId: string): Promise<AdminAnswer<Renewal>> {
      const line = await repository.findDueLine(db, lineId);
      if (!line) throw notFound(`No order line ${lineId}`);
      if (line.status !== "delivered") throw conflict(`Order ${line.reference} is not delivered yet, so there is nothing to renew`);
      if (line.renewalOrderId) throw conflict(`This ${line.name} line of ${line.reference} is already renewed`);
      const remindedAt = clock().toISOString();
      await repository.markReminded(db, lineId, remindedAt);
      const [items, seatNames] = await Promise.all([
        catalogueById(catalogue),
        seats ? seats.namesOf([lineId]) : Promise.resolve(new Map<string, SeatPlace>()),
      ]);
      return said(`Reminder for ${line.reference} noted`, toRenewal({ ...line, remindedAt }, items, today(), seatNames.get(lineId)));
    },

    /** Creates the renewing order (same plan and devices at today's price) and marks the line renewed. */
    async renew(lineId: string): Promise<AdminAnswer<Order>> {
      const items = await catalogueById(catalogue);
      const { keyHash, keySealed } = links.newKey();
      const renewalKey = { keyHash, keySealed };
      const reference = await withNewReference(db, async (trx, reference) => {
        const line = await repository.findDueLine(trx, lineId);
        if (!line) throw notFound(`No order line ${lineId}`);
        if (line.status !== "delivered") throw conflict(`Order ${line.reference} is not delivered yet, so there is nothing to renew`);
        if (line.renewalOrderId) throw conflict(`This ${line.name} line of ${line.reference} is already renewed`);
        const priced = priceOrder(line.itemId ? [{ _id: line.itemId, months: line.months, devices: line.devices }] : [], items);
        if (!line.itemId || !priced.ok) {
          throw conflict(`${line.name} is no longer sold with a ${line.months}-month plan; make the new order by hand`);
        }
        const orderId = await storedOrders.insert(
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
        if (!(await storedOrders.markRenewed(trx, lineId, orderId))) throw conflict("This line was renewed just now by someone else");
        return reference;
      });
      const order = await orders.get(reference);
      return said(`Renewal order ${order.reference} created`, order);
    },
  };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
