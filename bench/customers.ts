// A shop's history at growth size: 50,000 customers and 75,000 orders over the last 14 months,
// written into a catalogue database as the orders module stores them (normalised phones, paid and delivered
// times, lines with their dates, renewals), with provider accounts and sold keys for the cost side.
import { randomUUID } from "node:crypto";
import { normalisePhone } from "../domain/customers/customers";
import { addMonths } from "../domain/orders/dates";
import { openDatabase } from "../server/db/database";
import type { Tables } from "../server/db/schema";
import type { Insertable } from "kysely";

export const HISTORY_SIZE = { customers: 50_000, orders: 75_000, accounts: 200, soldKeys: 5_000 };
const STATUSES = ["delivered", "delivered", "delivered", "delivered", "delivered", "delivered", "delivered", "cancelled", "new", "contacted"];
const DAY = 86_400_000;

/** Fills `file` (migrated and seeded) with the history; answers a phone with several orders. */
export async function addOrderHistory(file: string): Promise<{ phone: string }> {
  const database = openDatabase({ kind: "sqlite", path: file });
  const db = database.db;
  try {
    const items = await db.selectFrom("catalogue_items").select(["id", "name"]).orderBy("item_id").limit(30).execute();
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      const orders: Array<Insertable<Tables["orders"]>> = [];
      const lines: Array<Insertable<Tables["order_lines"]> & { id: string }> = [];
      for (let i = 0; i < HISTORY_SIZE.orders; i++) {
        // Every customer orders once; a third of them again: 50,000 phones, 75,000 orders.
        const customer = i < HISTORY_SIZE.customers ? i : (i * 7) % HISTORY_SIZE.customers;
        const phone = `98${String(10_000_000 + customer).padStart(8, "0")}`;
        // Spread over the last 425 days, at any time of day.
        const created = new Date(now - (((i * 7919) % 425) + 1) * DAY - ((i * 104_729) % DAY));
        const status = STATUSES[i % STATUSES.length]!;
        const at = created.toISOString();
        const later = new Date(created.getTime() + 3_600_000).toISOString();
        const id = randomUUID();
        const count = 1 + (i % 3 === 0 ? 1 : 0);
        let total = 0;
        for (let n = 0; n < count; n++) {
          const item = items[(i + n) % items.length]!;
          const months = [1, 1, 3, 6, 12][(i + n) % 5]!;
          const price = 300 * months;
          total += price;
          const start = later.slice(0, 10);
          lines.push({
            id: randomUUID(),
            order_id: id,
            position: n,
            item_id: item.id,
            name: item.name,
            months,
            devices: 1,
            unit_price: price,
            line_total: price,
            start_date: status === "delivered" ? start : null,
            expiry_date: status === "delivered" ? addMonths(start, months) : null,
            renewal_order_id: null,
          });
        }
        orders.push({
          id,
          reference: `PSL-H${String(i).padStart(6, "0")}`,
          channel: i % 4 ? "whatsapp" : "telegram",
          status,
          customer_name: `Customer ${customer}`,
          phone,
          phone_key: normalisePhone(phone),
          note: "",
          total,
          created_at: at,
          updated_at: later,
          paid_at: status === "delivered" || status === "cancelled" ? later : null,
          delivered_at: status === "delivered" ? later : null,
          cancelled_at: status === "cancelled" ? later : null,
          paid_claimed_at: status === "new" && i % 3 === 0 ? later : null,
        });
      }
      for (let at = 0; at < orders.length; at += 500)
        await trx
          .insertInto("orders")
          .values(orders.slice(at, at + 500))
          .execute();
      for (let at = 0; at < lines.length; at += 500)
        await trx
          .insertInto("order_lines")
          .values(lines.slice(at, at + 500))
          .execute();
      // One line in ten that ended was renewed by a later order of the same customer.
      const renewed = lines.filter((_, n) => n % 10 === 0 && lines[n]!.expiry_date);
      for (const line of renewed)
        await trx
          .updateTable("order_lines")
          .set({ renewal_order_id: orders.at(-1)!.id })
          .where("id", "=", line.id)
          .execute();

      for (let a = 0; a < HISTORY_SIZE.accounts; a++) {
        const id = randomUUID();
        await trx
          .insertInto("provider_accounts")
          .values({
            id,
            service: `Service ${a}`,
            login: `account${a}@example.com`,
            password_secret: "bench",
            renewal_date: new Date(now + ((a % 30) + 1) * DAY).toISOString().slice(0, 10),
            cost: 1000 + a,
            period_months: 1 + (a % 3),
            status: "active",
            notes: "",
            created_at: new Date(now - 400 * DAY).toISOString(),
            updated_at: new Date(now).toISOString(),
          })
          .execute();
        await trx
          .insertInto("provider_account_items")
          .values({ account_id: id, item_id: items[a % items.length]!.id })
          .execute();
      }
      const keyLines = lines.filter((line) => line.start_date).slice(0, HISTORY_SIZE.soldKeys);
      const keys = keyLines.map((line, k) => ({
        id: randomUUID(),
        item_id: line.item_id!,
        code_secret: "bench",
        code_hash: `hash-${k}`,
        line_id: line.id,
        added_at: new Date(now - 420 * DAY).toISOString(),
        delivered_at: `${String(line.start_date)}T12:00:00.000Z`,
        cost: 150,
      }));
      for (let at = 0; at < keys.length; at += 500)
        await trx
          .insertInto("licence_keys")
          .values(keys.slice(at, at + 500))
          .execute();
    });
    return { phone: "9810000007" };
  } finally {
    await database.close();
  }
}
