import { internationalPhone } from "../../../domain/orders/order-message";
import { accountRules, deliveryMessage, deliveryTemplateFor } from "../../../domain/ledger/delivery-message";
import type { LedgerSettings } from "../../../domain/ledger/schemas";
import { absoluteLink } from "../../../domain/shared/links";
import { localHref, readLocale, type Locale } from "../../../domain/shared/locale";
import { messageDay, seatLabel, UNNAMED_CUSTOMER } from "../../../domain/ledger/seller-messages";
import type { Status } from "../../../domain/catalogue/catalogue";
import type { Db } from "../../db/database";
import { conflict, notFound } from "../../errors";
import type { Actor } from "../actor";
import { linesWithOrders, ORDER_CONTACT } from "../../db/order-shapes";
import type { HeldSeat } from "./seats";
import { lineWarranty } from "../../../domain/warranty/warranty";
import { deliveryWarranty } from "../../../domain/shared/messages";

export type Delivery = { message: string; whatsappUrl: string | null; telegramUrl: string | null };
/** The delivery and what it carries, for the shopper's order page: secrets in the clear, never logged. */
export type DeliveryWithParts = Delivery & { seat: HeldSeat | null; keys: string[] };

const encode = (text: string) => encodeURIComponent(text);

/**
 * The delivery message of one line: the template filled with the seat's login, password, profile and PIN
 * (or the line's keys), its dates, the account rules of the FAQ, the order reference and the customer's link
 * to all their subscriptions, and links that open WhatsApp or Telegram to the customer's phone with it. In the
 * language the order was placed in. Answered to the admin who asked, never stored.
 */
export function createDeliveryService(
  db: Db,
  deps: {
    heldSeat: (lineId: string, actor: Actor) => Promise<HeldSeat | null>;
    keysOf: (lineId: string, actor: Actor) => Promise<string[]>;
    settings: () => Promise<LedgerSettings>;
    publicUrl?: string | undefined;
    /** The customer link's path (`/my/<key>`) of a normalised phone, made if there is none (ADR 0104); null when it cannot be given. */
    customerLink?: (phoneKey: string) => Promise<string | null>;
    /** The customer's referral code, made then if they have none. */
    referralCode?: (phoneKey: string) => Promise<string>;
  },
) {
  const service = {
    /**
     * `actor`: who the reveals are written down for (the shopper's page writes "shopper at <address>").
     * `linkOrigin`: the site the customer's link is written for (`PUBLIC_URL`, or the admin's own), for a
     * message the seller sends to the order's phone. Without it the message has no such link: the shopper's
     * own order page never shows it, since whoever typed a phone at checkout could read it there (ADR 0104).
     */
    async withParts(lineId: string, actor: Actor, linkOrigin?: string, intro?: Record<Locale, string>): Promise<DeliveryWithParts> {
      const line = await linesWithOrders(db)
        .leftJoin("catalogue_items as c", "c.id", "l.item_id")
        .select([
          "l.name",
          "l.start_date as startDate",
          "l.expiry_date as expiryDate",
          ...ORDER_CONTACT,
          "o.phone_key as phoneKey",
          "o.status",
          "o.language",
          "o.delivered_at as deliveredAt",
          "l.warranty_days as warrantyDays",
          "l.refunded_at as refundedAt",
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
      const warranty = lineWarranty({
        warrantyDays: line.warrantyDays === null ? null : Number(line.warrantyDays),
        startDate: line.startDate,
        expiryDate: line.expiryDate,
        deliveredAt: line.deliveredAt,
        refunded: line.refundedAt !== null,
      });
      const linkPath = linkOrigin && line.phoneKey && deps.customerLink ? await deps.customerLink(line.phoneKey) : null;
      const filled = deliveryMessage(deliveryTemplateFor(await deps.settings(), locale), {
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
        warranty: warranty && deliveryWarranty[locale](day(warranty.until)),
        reference: line.reference,
        customerlink: linkPath && absoluteLink(linkOrigin, localHref(locale, linkPath)),
        referral: line.phoneKey && deps.referralCode ? await deps.referralCode(line.phoneKey) : null,
      });
      const message = intro ? `${intro[locale]}\n\n${filled}` : filled;
      const phone = line.phone ? internationalPhone(line.phone) : null;
      return {
        message,
        whatsappUrl: phone ? `https://wa.me/${phone}?text=${encode(message)}` : null,
        telegramUrl: phone ? `https://t.me/+${phone}?text=${encode(message)}` : null,
        seat,
        keys,
      };
    },

    /**
     * The message the seller sends (after `intro`, in the order's language, when new credentials replace old ones), with the customer's link on `PUBLIC_URL`, or else on `origin` (the site the
     * admin is using); without either, none: a link without its site opens nothing from a chat.
     */
    async of(lineId: string, actor: Actor, origin?: string, intro?: Record<Locale, string>): Promise<Delivery> {
      const { message, whatsappUrl, telegramUrl } = await service.withParts(lineId, actor, deps.publicUrl ?? origin, intro);
      return { message, whatsappUrl, telegramUrl };
    },
  };
  return service;
}
