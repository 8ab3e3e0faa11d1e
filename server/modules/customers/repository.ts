import { sql, type RawBuilder } from "kysely";
import type { CustomerSort, CustomerSummary } from "../../../domain/customers";
import type { OrderStatus } from "../../../domain/orders";
import type { Db } from "../../db/database";
import { nextVersion } from "../versions";

/** What a sort names, as the column of the aggregate below (a fixed list: never the request's text). */
const SORT_COLUMNS: Record<CustomerSort, string> = {
  name: "lower(name)",
  phone: "phone",
  firstOrder: "first_at",
  lastOrder: "last_at",
  delivered: "delivered",
  spent: "spent",
  active: "active",
  nextExpiry: "next_expiry",
};

type SummaryRow = {
  phone: string;
  name: string | null;
  first_at: string;
  last_at: string;
  delivered: number | string;
  spent: number | string;
  active: number | string;
  next_expiry: string | null;
};

const toSummary = (row: SummaryRow): CustomerSummary => ({
  phone: row.phone,
  name: row.name || null,
  firstOrderAt: row.first_at,
  lastOrderAt: row.last_at,
  ordersDelivered: Number(row.delivered),
  totalSpent: Number(row.spent),
  activeSubscriptions: Number(row.active),
  nextExpiry: row.next_expiry,
});

/** `%text%` for LIKE, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type CustomerSearch = { phone?: string; text?: string; digits?: string };

/**
 * Every customer with their figures, one row per normalised phone, aggregated in the database: orders by
 * `orders_phone_key_idx`, running lines (delivered, not ended on `today`, not already carried on by a delivered
 * renewal) beside them, and the admin's name. ISO times sort as text, so the latest order's name is the
 * greatest "time|name" (24 characters of time, then the separator).
 */
function summaries(today: string, search: CustomerSearch): RawBuilder<SummaryRow> {
  // Which phones: narrowed before grouping, so a search or one customer reads only their orders.
  const narrow: RawBuilder<unknown>[] = [];
  if (search.phone) narrow.push(sql`o.phone_key = ${search.phone}`);
  const either: RawBuilder<unknown>[] = [];
  if (search.digits) either.push(sql`o.phone_key like ${containing(search.digits)} escape '\\'`);
  if (search.text) {
    // Any name the customer gave on an order, or the admin's name for them.
    const pattern = containing(search.text.toLowerCase());
    either.push(sql`o.phone_key in (
      select n.phone_key from orders n where n.phone_key is not null and lower(n.customer_name) like ${pattern} escape '\\'
      union select c.phone from customers c where lower(c.display_name) like ${pattern} escape '\\')`);
  }
  if (either.length) narrow.push(sql`(${sql.join(either, sql` or `)})`);
  const only = narrow.length ? sql`and ${sql.join(narrow, sql` and `)}` : sql``;
  return sql<SummaryRow>`
    select
      agg.phone as phone,
      coalesce(nullif(c.display_name, ''), substr(agg.named, 26)) as name,
      agg.first_at as first_at,
      agg.last_at as last_at,
      agg.delivered as delivered,
      agg.spent as spent,
      coalesce(subs.active, 0) as active,
      subs.next_expiry as next_expiry
    from (
      select
        o.phone_key as phone,
        min(o.created_at) as first_at,
        max(o.created_at) as last_at,
        sum(case when o.status = 'delivered' then 1 else 0 end) as delivered,
        sum(case when o.status = 'delivered' then o.total else 0 end) as spent,
        max(case when o.customer_name is not null and o.customer_name <> '' then o.created_at || '|' || o.customer_name end) as named
      from orders o
      where o.phone_key is not null ${only}
      group by o.phone_key
    ) agg
    left join (
      select o.phone_key as phone, count(*) as active, min(l.expiry_date) as next_expiry
      from order_lines l
      join orders o on o.id = l.order_id
      left join orders r on r.id = l.renewal_order_id
      where o.phone_key is not null and o.status = 'delivered' and l.expiry_date >= ${today}
        and (r.id is null or r.status <> 'delivered') ${only}
      group by o.phone_key
    ) subs on subs.phone = agg.phone
    left join customers c on c.phone = agg.phone`;
}

/** How many customers a search matches, without their figures. */
function matching(search: CustomerSearch): RawBuilder<{ n: number | string }> {
  if (!search.digits && !search.text) return sql`select count(distinct phone_key) as n from orders where phone_key is not null`;
  return sql`select count(*) as n from (${summaries("9999-12-31", search)}) matching`;
}

export type CustomerOrderRow = {
  id: string;
  reference: string;
  status: OrderStatus;
  total: number;
  createdAt: string;
  customerName: string | null;
};

export function createCustomersRepository() {
  return {
    async page(
      db: Db,
      today: string,
      search: CustomerSearch,
      order: { sort: CustomerSort; dir: "asc" | "desc" },
      page: { limit: number; offset: number },
    ): Promise<{ items: CustomerSummary[]; total: number }> {
      const column = sql.raw(SORT_COLUMNS[order.sort]);
      const direction = sql.raw(order.dir);
      // Empty values last whichever way (the databases disagree on where nulls go), then by phone: a stable order.
      const { rows } = await sql<SummaryRow>`
        select * from (${summaries(today, search)}) page
        order by case when ${column} is null then 1 else 0 end, ${column} ${direction}, phone ${direction}
        limit ${page.limit} offset ${page.offset}`.execute(db);
      const counted = await matching(search).execute(db);
      return { items: rows.map(toSummary), total: Number(counted.rows[0]?.n ?? 0) };
    },

    async summary(db: Db, today: string, phone: string): Promise<CustomerSummary | undefined> {
      const { rows } = await summaries(today, { phone }).execute(db);
      return rows[0] && toSummary(rows[0]);
    },

    async details(db: Db, phone: string) {
      return db.selectFrom("customers").select(["display_name as displayName", "note", "version"]).where("phone", "=", phone).executeTakeFirst();
    },

    async orders(db: Db, phone: string): Promise<CustomerOrderRow[]> {
      const rows = await db
        .selectFrom("orders")
        .select(["id", "reference", "status", "total", "created_at as createdAt", "customer_name as customerName"])
        .where("phone_key", "=", phone)
        .orderBy("created_at", "desc")
        .orderBy("reference", "desc")
        .execute();
      return rows.map((row) => ({ ...row, status: row.status as OrderStatus }));
    },

    async linesOf(db: Db, orderIds: readonly string[]) {
      if (orderIds.length === 0) return [];
      return db
        .selectFrom("order_lines")
        .select(["order_id as orderId", "name", "months", "devices"])
        .where("order_id", "in", orderIds)
        .orderBy("order_id")
        .orderBy("position")
        .execute();
    },

    /** Seats the customer holds now (an open assignment), from the ledger. */
    async seats(db: Db, phone: string) {
      return db
        .selectFrom("seat_assignments as sa")
        .innerJoin("account_seats as s", "s.id", "sa.seat_id")
        .innerJoin("provider_accounts as a", "a.id", "s.account_id")
        .innerJoin("order_lines as l", "l.id", "sa.line_id")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select(["o.reference", "l.name as itemName", "a.service", "s.profile_name as profileName", "s.position", "l.expiry_date as expiryDate"])
        .where("o.phone_key", "=", phone)
        .where("sa.ended_at", "is", null)
        .orderBy("l.expiry_date")
        .execute();
    },

    /** Keys given to the customer's lines still running on `today` (or without dates). */
    async keys(db: Db, phone: string, today: string) {
      return db
        .selectFrom("licence_keys as k")
        .innerJoin("order_lines as l", "l.id", "k.line_id")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select(["o.reference", "l.name as itemName", "l.expiry_date as expiryDate"])
        .where("o.phone_key", "=", phone)
        .where("k.delivered_at", "is not", null)
        .where((eb) => eb.or([eb("l.expiry_date", "is", null), eb("l.expiry_date", ">=", today)]))
        .orderBy("l.expiry_date")
        .execute();
    },

    /** Delivered lines ending by `until` (or ended), not renewed. */
    async dueLines(db: Db, phone: string, until: string) {
      return db
        .selectFrom("order_lines as l")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select(["l.id as lineId", "o.reference", "l.name", "l.months", "l.expiry_date as expiryDate"])
        .where("o.phone_key", "=", phone)
        .where("o.status", "=", "delivered")
        .where("l.renewal_order_id", "is", null)
        .where("l.expiry_date", "<=", until)
        .orderBy("l.expiry_date")
        .execute();
    },

    /** The name and note, created on the first save; false when `expected` is not the stored version. */
    async saveDetails(db: Db, phone: string, fields: { displayName: string; note: string }, now: string, expected?: number): Promise<boolean> {
      const stored = await db.selectFrom("customers").select("version").where("phone", "=", phone).executeTakeFirst();
      if (!stored) {
        if (expected !== undefined && expected !== 0) return false;
        await db
          .insertInto("customers")
          .values({ phone, display_name: fields.displayName, note: fields.note, created_at: now, updated_at: now })
          .execute();
        return true;
      }
      let update = db
        .updateTable("customers")
        .set({ display_name: fields.displayName, note: fields.note, updated_at: now, version: nextVersion })
        .where("phone", "=", phone);
      if (expected !== undefined) update = update.where("version", "=", expected);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
