import { internationalPhone } from "../../../domain/orders";
import { accountRules, deliveryMessage, deliveryTemplateFor, type LedgerSettings } from "../../../domain/ledger-settings";
import { readLocale } from "../../../domain/locale";
import { messageDay, seatLabel, UNNAMED_CUSTOMER } from "../../../domain/seller-messages";
import type { Status } from "../../../domain/catalogue";
import type { Db } from "../../db/database";
import { conflict, notFound } from "../../errors";
import type { Actor } from "../audit/repository";
import type { HeldSeat } from "./service";

export type Delivery = { message: string; whatsappUrl: string | null; telegramUrl: string | null };
/** The delivery and what it carries, for the shopper's order page (issue 30): secrets in the clear, never logged. */
export type DeliveryWithParts = Delivery & { seat: HeldSeat | null; keys: string[] };

const encode = (text: string) => encodeURIComponent(text);

/**
 * The delivery message of one line: the template filled with the seat's login, password, profile and PIN
 * (or the line's keys), its dates, the account rules of the FAQ and the order reference, and links that
 * open WhatsApp or Telegram to the customer's phone with it. In the language the order was placed in. Answered to the admin who asked, never stored.
 */
export function createDeliveryService(
  db: Db,
  deps: {
    heldSeat: (lineId: string, actor: Actor) => Promise<HeldSeat | null>;
    keysOf: (lineId: string, actor: Actor) => Promise<string[]>;
    settings: () => Promise<LedgerSettings>;
  },
) {
  const service = {
    /** `actor`: who the reveals are written down for (the shopper's page writes "shopper at <address>"). */
    async withParts(lineId: string, actor: Actor): Promise<DeliveryWithParts> {
      const line = await db
        .selectFrom("order_lines as l")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .leftJoin("catalogue_items as c", "c.id", "l.item_id")
        .select([
          "l.name",
          "l.start_date as startDate",
          "l.expiry_date as expiryDate",
          "o.reference",
          "o.customer_name as customerName",
          "o.phone",
          "o.status",
          "o.language",
          "c.status as itemStatus",
        ])
        .where("l.id", "=", lineId)
        .executeTakeFirst();
      if (!line) throw notFound(`No order line ${lineId}`);
      if (line.status !== "delivered") throw conflict("The delivery message is sent once the order is delivered", "lineId");
      const seat = await deps.heldSeat(lineId, actor);
      const keys = seat ? [] : await deps.keysOf(lineId, actor);
      if (!seat && keys.length === 0) throw conflict("Give this line a seat or a key first", "lineId");
      const locale = readLocale(line.language);
      const day = (isoDay: string | null) => (isoDay ? messageDay(isoDay, locale) : null);
      const message = deliveryMessage(deliveryTemplateFor(await deps.settings(), locale), {
        customer: line.customerName ?? UNNAMED_CUSTOMER[locale],
        service: seat ? `${line.name} (${seat.service})` : line.name,
        login: seat?.login ?? null,
        password: seat?.password ?? null,
        profile: seat ? seat.profileName || seatLabel(seat.position, locale) : null,
        pin: seat?.pin ?? null,
        key: keys.join(", ") || null,
        start: day(line.startDate),
        expiry: day(line.expiryDate),
        rules: accountRules((line.itemStatus ?? "none") as Status, locale),
        reference: line.reference,
      });
      const phone = line.phone ? internationalPhone(line.phone) : null;
      return {
        message,
        whatsappUrl: phone ? `https://wa.me/${phone}?text=${encode(message)}` : null,
        telegramUrl: phone ? `https://t.me/+${phone}?text=${encode(message)}` : null,
        seat,
        keys,
      };
    },

    async of(lineId: string, actor: Actor): Promise<Delivery> {
      const { message, whatsappUrl, telegramUrl } = await service.withParts(lineId, actor);
      return { message, whatsappUrl, telegramUrl };
    },
  };
  return service;
}
