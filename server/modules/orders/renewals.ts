import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { whatsappUrl } from "../../../domain/orders/checkout";
import { daysUntil } from "../../../domain/orders/dates";
import { internationalPhone } from "../../../domain/orders/order-message";
import { priceOrder, type PricedItem } from "../../../domain/orders/pricing";
import type { Order, Renewal } from "../../../domain/orders/schemas";
import { renewalMessage, type SeatPlace } from "../../../domain/ledger/seller-messages";
import { shopToday } from "../../../domain/shared/shop-time";
import { normalisePhone } from "../../../domain/customers/customers";
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

  /**
   * The renewing order of a delivered line not renewed yet, in the caller's transaction: the same plan and devices at
   * today's price, for the same customer in their language, with a key of its own; the line marked renewed by it.
   */
  async function placeRenewal(trx: Db, reference: string, lineId: string, items: Map<string, PricedItem>): Promise<PlacedRenewal> {
    const line = await repository.findDueLine(trx, lineId);
    if (!line) throw notFound(`No order line ${lineId}`);
    if (line.status !== "delivered") throw conflict(`Order ${line.reference} is not delivered yet, so there is nothing to renew`);
    if (line.renewalOrderId) throw conflict(`This ${line.name} line of ${line.reference} is already renewed`);
    const priced = priceOrder(line.itemId ? [{ _id: line.itemId, months: line.months, devices: line.devices }] : [], items);
    if (!line.itemId || !priced.ok) {
      throw conflict(`${line.name} is no longer sold with a ${line.months}-month plan; make the new order by hand`);
    }
    const { keyHash, keySealed } = links.newKey();
    const orderId = await storedOrders.insert(
      trx,
      {
        reference,
        keyHash,
        keySealed,
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
    return {
      orderId,
      reference,
      total: priced.total,
      phoneKey: normalisePhone(line.phone),
      renews: { orderId: line.orderId, lineId, name: line.name },
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
      const reference = await withNewReference(db, async (trx, reference) => {
        await placeRenewal(trx, reference, lineId, items);
        return reference;
      });
      const order = await orders.get(reference);
      return said(`Renewal order ${order.reference} created`, order);
    },

    /**
     * Renews a line and pays its renewal with `pay` in one transaction (store credit's automatic renewal): the
     * renewal order stands only if `pay` paid it, so a short balance leaves no unpaid order behind. The renewal's
     * reference, or null when `pay` did not pay it; and its price today either way.
     */
    async renewPaid(
      lineId: string,
      pay: (trx: Db, renewal: PlacedRenewal) => Promise<boolean>,
    ): Promise<{ reference: string | null; total: number }> {
      const items = await catalogueById(catalogue);
      try {
        return await withNewReference(db, async (trx, reference) => {
          const renewal = await placeRenewal(trx, reference, lineId, items);
          if (!(await pay(trx, renewal))) throw new NotPaid(renewal.total);
          return { reference, total: renewal.total };
        });
      } catch (error) {
        if (error instanceof NotPaid) return { reference: null, total: error.total };
        throw error;
      }
    },
  };
}

/** A renewal order just placed: who pays for it, and the line it renews. */
export type PlacedRenewal = {
  orderId: string;
  reference: string;
  total: number;
  phoneKey: string | null;
  renews: { orderId: string; lineId: string; name: string };
};
export type RenewalsService = ReturnType<typeof createRenewalsService>;

/** Thrown inside a renewal's transaction to roll it back: its payment did not happen. */
class NotPaid extends Error {
  constructor(readonly total: number) {
    super("The renewal was not paid");
  }
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
