import { normalisePhone, whatsappUrl } from "../../../domain/customers/customers";
import type { Customer, CustomerDetailsInput, CustomerListQuery, CustomerPage, CustomerSummary } from "../../../domain/customers/schemas";
import { daysUntil, DEFAULT_RENEWAL_WINDOW_DAYS } from "../../../domain/orders/dates";
import { shopToday } from "../../../domain/shared/shop-time";
import { addDays } from "../../../domain/reports/reports";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { isUniqueViolation, notFound } from "../../errors";
import { staleEdit } from "../versions";
import { createCustomersRepository, type CustomerSearch } from "./repository";

const noSuchCustomer = (phone: string) => notFound(`No customer with the phone ${phone}: customers are the phones on orders`);

/** What a search box's text asks for: digits in a phone, or letters in a name (a typed number may be either). */
export function searchOf(q: string | undefined): CustomerSearch {
  const text = q?.trim();
  if (!text) return {};
  const digits = text.replace(/[\s\-+()]/g, "");
  return /^\d{3,}$/.test(digits) ? { digits, text } : { text };
}

export function createCustomersService(db: Db, clock: Clock, deps: { followsCustomer?: (phoneKey: string) => Promise<boolean> } = {}) {
  const repository = createCustomersRepository();
  const today = () => shopToday(clock());

  async function find(phone: string): Promise<{ key: string; summary: CustomerSummary }> {
    const key = normalisePhone(phone);
    const summary = key ? await repository.summary(db, today(), key) : undefined;
    if (!key || !summary) throw noSuchCustomer(phone);
    return { key, summary };
  }

  return {
    async list(query: CustomerListQuery): Promise<CustomerPage> {
      const { items, total } = await repository.page(
        db,
        today(),
        searchOf(query.q),
        { sort: query.sort, dir: query.dir },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { items, total, page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)) };
    },

    /** Every customer, for the CSV download, with the admin's name and note. */
    async all(): Promise<Array<CustomerSummary & { note: string }>> {
      const { items } = await repository.page(db, today(), {}, { sort: "lastOrder", dir: "desc" }, { limit: 1_000_000, offset: 0 });
      const notes = new Map((await db.selectFrom("customers").select(["phone", "note"]).execute()).map((row) => [row.phone, row.note]));
      return items.map((item) => ({ ...item, note: notes.get(item.phone) ?? "" }));
    },

    async get(phone: string): Promise<Customer> {
      const { key, summary } = await find(phone);
      const day = today();
      const [details, orders, seats, keys, due, telegramUpdates] = await Promise.all([
        repository.details(db, key),
        repository.orders(db, key),
        repository.seats(db, key),
        repository.keys(db, key, day),
        repository.dueLines(db, key, addDays(day, DEFAULT_RENEWAL_WINDOW_DAYS)),
        deps.followsCustomer ? deps.followsCustomer(key) : false,
      ]);
      const lines = await repository.linesOf(
        db,
        orders.map((order) => order.id),
      );
      return {
        phone: key,
        name: summary.name,
        displayName: details?.displayName ?? "",
        note: details?.note ?? "",
        version: details ? Number(details.version) : 0,
        whatsappUrl: whatsappUrl(key),
        telegramUpdates,
        summary,
        orders: orders.map(({ id, ...order }) => ({
          ...order,
          lines: lines.filter((line) => line.orderId === id).map(({ name, months, devices }) => ({ name, months, devices })),
        })),
        holdings: [
          ...seats.map((seat) => ({
            kind: "seat" as const,
            reference: seat.reference,
            itemName: seat.itemName,
            what: `${seat.service} · ${seat.profileName || `Seat ${seat.position}`}`,
            expiryDate: seat.expiryDate,
          })),
          ...keys.map((held) => ({
            kind: "key" as const,
            reference: held.reference,
            itemName: held.itemName,
            what: "Licence key",
            expiryDate: held.expiryDate,
          })),
        ],
        renewalsDue: due.map((line) => ({ ...line, expiryDate: line.expiryDate!, daysLeft: daysUntil(line.expiryDate!, day) })),
      };
    },

    /** The admin's display name and private note; with `expected`, only if still at that version (0: never saved). */
    async updateDetails(phone: string, input: CustomerDetailsInput, expected?: number): Promise<Customer> {
      const { key } = await find(phone);
      try {
        const saved = await db.transaction().execute((trx) => repository.saveDetails(trx, key, input, clock().toISOString(), expected));
        if (!saved) throw staleEdit();
      } catch (error) {
        // Two first saves at once: the second was made over a record it did not read.
        if (isUniqueViolation(error)) throw staleEdit();
        throw error;
      }
      return this.get(key);
    },
  };
}
