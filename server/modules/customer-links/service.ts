import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { planEntries } from "../../../domain/catalogue/catalogue";
import { customerPath, type CustomerSubscription, type ShopperCustomer } from "../../../domain/customer-links/customer-page";
import { normalisePhone } from "../../../domain/customers/customers";
import { daysUntil } from "../../../domain/orders/dates";
import { shopToday } from "../../../domain/shared/shop-time";
import type { PricedItem } from "../../../domain/orders/pricing";
import type { SeatPlace } from "../../../domain/ledger/seller-messages";
import type { CustomerLink } from "../../../domain/customer-links/schemas";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { HttpError, notFound } from "../../errors";
import { createWindowCounter } from "../../plugins/rate-limits";
import type { Limits } from "../../plugins/shared-limits";
import { hashOrderKey, newOrderKey } from "../orders/order-keys";
import { NO_SUCH_ORDER, ORDER_KEY_FAILURES } from "../orders/shared";
import { SecretUnreadableError, type Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import { createCustomerLinksRepository, type StoredLink } from "./repository";
import type { ReferralsService } from "../referrals/service";
import type { BalanceBook } from "../balances/book";

export interface CustomerLinksDependencies {
  limits: Limits;
  /** Seals the admin's copy of each link, and opens the orders' own keys for their links (ADR 0075). */
  secrets: Pick<Cipher, "encrypt" | "decrypt">;
  catalogue: { list(): Promise<PricedItem[]> };
  /** The ledger: the seat and profile each line holds. */
  seats: { namesOf(lineIds: readonly string[]): Promise<Map<string, SeatPlace>> };
  /** The customer's referral code, made with their link, and their credit, shown on their page. */
  referrals: Pick<ReferralsService, "codeFor" | "creditOf" | "settings">;
  /** Store credit (ADR 0127): the balance and its movements, shown on the customer's page, and when lines renew themselves. */
  balances: Pick<BalanceBook, "statement">;
  creditSettings: () => Promise<{ autoRenewDays: number; topUpMin: number; topUpMax: number }>;
}

const noSuchCustomer = (phone: string) => notFound(`No customer with the phone ${phone}: customers are the phones on orders`);

/**
 * The customer link (ADR 0104): a key of its own per customer that opens one page of all their
 * subscriptions and orders. Kept as an order's key is (ADR 0075): its SHA-256 to look a visit up by, and a
 * copy sealed with the shop's secrets key so the admin and the delivery message can give the link again.
 */
export function createCustomerLinksService(
  db: Db,
  clock: Clock,
  { limits, secrets, catalogue, seats, referrals, balances, creditSettings }: CustomerLinksDependencies,
) {
  const repository = createCustomerLinksRepository();
  // The same allowance as order links (20 wrong ones in 10 minutes per address), counted apart.
  const keyFailures = createWindowCounter(ORDER_KEY_FAILURES, limits, "customer key failures");

  function newLink(phone: string): { key: string; link: StoredLink } {
    const key = newOrderKey();
    const keyHash = hashOrderKey(key);
    const keySealed = secrets.encrypt(key, secretContext.customerKey(phone, keyHash));
    return { key, link: { phone, keyHash, keySealed, sealedFor: null, createdAt: clock().toISOString() } };
  }

  /** A sealed copy the secrets key cannot open (changed bytes) costs the copy, not the link or the page. */
  function open(sealed: string | null, context: string): string | null {
    if (!sealed) return null;
    try {
      return secrets.decrypt(sealed, context);
    } catch (error) {
      if (error instanceof SecretUnreadableError) return null;
      throw error;
    }
  }

  const pathOf = (link: StoredLink) => {
    const key = open(link.keySealed, secretContext.customerKey(link.sealedFor ?? link.phone, link.keyHash));
    return key ? customerPath(key) : null;
  };

  /** The customer a phone names (however written), who must have placed an order with it (ADR 0086). */
  async function customerOf(phone: string): Promise<string> {
    const key = normalisePhone(phone);
    if (!key || !(await repository.hasOrders(db, key))) throw noSuchCustomer(phone);
    return key;
  }

  /** The customer whose link has this key; the same 404 as a wrong order key, and 429 once an address failed too often. */
  async function phoneOfKey(key: string, address: string): Promise<string> {
    const phone = await repository.phoneByHash(db, hashOrderKey(key));
    if (phone) return phone;
    const wait = await keyFailures.retryAfter(address);
    if (wait) throw new HttpError(429, `Too many wrong links from your address. Please try again in ${Math.ceil(wait / 60)} minutes.`);
    await keyFailures.record(address);
    throw notFound(NO_SUCH_ORDER);
  }

  return {
    phoneOfKey,

    /** The path of the customer's page while their link stands (for a chat that followed them from it); null otherwise. */
    async pathOf(phone: string): Promise<string | null> {
      const link = await repository.get(db, phone);
      return link ? pathOf(link) : null;
    },

    /** The admin's view of a customer's link: its path (opened from the sealed copy) and when it was made; null when none. */
    async linkOf(phone: string): Promise<CustomerLink> {
      const link = await repository.get(db, await customerOf(phone));
      return link ? { path: pathOf(link), createdAt: link.createdAt } : null;
    },

    /** "New customer link": a fresh key in place of the old one, which opens nothing from now on. */
    async replace(phone: string): Promise<AdminAnswer<NonNullable<CustomerLink>>> {
      const { key, link } = newLink(await customerOf(phone));
      // The chats that followed the customer from the old link's page stop with it (ADR 0116).
      await db.transaction().execute(async (trx) => {
        await repository.replace(trx, link);
        await repository.endFollows(trx, link.phone);
      });
      await referrals.codeFor(link.phone);
      return said("New customer link made", { path: customerPath(key), createdAt: link.createdAt });
    },

    /** "Revoke": the link opens nothing from now on (the same 404 as a wrong key); 404 when there was none. */
    async revoke(phone: string): Promise<AdminAnswer> {
      const key = await customerOf(phone);
      const removed = await db.transaction().execute(async (trx) => {
        await repository.endFollows(trx, key);
        return repository.remove(trx, key);
      });
      if (!removed) throw notFound("This customer has no link to revoke");
      return said("Customer link revoked");
    },

    /**
     * The link for a delivery message: the customer's own, made now if they have none (two instances making one
     * at once keep the first). Null when the sealed copy cannot be opened: the message then goes without it.
     */
    async pathForDelivery(phoneKey: string): Promise<string | null> {
      await referrals.codeFor(phoneKey);
      const stored = await repository.get(db, phoneKey);
      if (stored) return pathOf(stored);
      await repository.addIfNone(db, newLink(phoneKey).link);
      const made = await repository.get(db, phoneKey);
      return made ? pathOf(made) : null;
    },

    /**
     * What the link shows its holder, or the same 404 as a wrong order link for an unknown or revoked key; 429 for
     * a wrong one once the address has failed too often. A right key always opens (ADR 0097). Each order's own
     * link is given by its key, opened from the admin's sealed copy: its page, behind that key, shows any login.
     */
    async forShopper(key: string, address: string): Promise<ShopperCustomer> {
      const phone = await phoneOfKey(key, address);
      const today = shopToday(clock());
      const [orders, lines, items, code, credit, { settings }, statement, storeCredit] = await Promise.all([
        repository.orders(db, phone),
        repository.runningLines(db, phone, today),
        catalogue.list().then((list) => new Map(list.map((item) => [item._id, item]))),
        referrals.codeFor(phone),
        referrals.creditOf(phone),
        referrals.settings(),
        balances.statement(db, phone, 20),
        creditSettings(),
      ]);
      const lineIds = lines.map((line) => line.id);
      const [places, keyed] = await Promise.all([seats.namesOf(lineIds), repository.linesWithKeys(db, lineIds)]);
      const keys = new Map(
        orders.map((order) => [order.reference, order.keyHash ? open(order.keySealed, secretContext.orderKey(order.keyHash)) : null]),
      );

      const subscriptions = lines.map((line): CustomerSubscription => {
        const item = line.itemId ? items.get(line.itemId) : undefined;
        const plans = item ? planEntries(item.plans).map(([months, unitPrice]) => ({ months, unitPrice })) : [];
        // Renewed from here as from its order's page: with that order's key, so it needs one the shop can open.
        const renewable = !line.renewalReference && item && plans.length > 0 && keys.get(line.reference);
        const seat = places.get(line.id);
        return {
          lineId: line.id,
          reference: line.reference,
          position: line.position + 1,
          name: line.name,
          nameNe: item?.NameNe ?? null,
          months: line.months,
          devices: line.devices,
          startDate: line.startDate!,
          expiryDate: line.expiryDate!,
          daysLeft: daysUntil(line.expiryDate!, today),
          place: seat
            ? { kind: "seat", service: seat.service, profile: seat.profileName || null, seat: seat.position }
            : keyed.has(line.id)
              ? { kind: "keys" }
              : null,
          renewedBy: line.renewalReference,
          autoRenew: Number(line.autoRenew) === 1,
          renewal: renewable ? { itemId: item._id, unitPrice: item.plans[String(line.months)] ?? plans[0]!.unitPrice, plans } : null,
        };
      });
      return {
        phone,
        referral: { code, creditAmount: settings.creditAmount, earned: credit.earned },
        // The shopper's own page: who moved their balance stays the seller's.
        balance: { balance: statement.balance, movements: statement.movements.map(({ actor: _actor, ...movement }) => movement) },
        autoRenewDays: storeCredit.autoRenewDays,
        topUp: { min: storeCredit.topUpMin, max: storeCredit.topUpMax },
        subscriptions,
        orders: orders.map((order) => ({
          reference: order.reference,
          createdAt: order.createdAt,
          status: order.status,
          total: order.total,
          key: keys.get(order.reference) ?? null,
          customer: { name: order.customerName, phone: order.phone },
        })),
      };
    },
  };
}
