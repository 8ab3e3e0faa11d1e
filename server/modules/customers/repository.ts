import { sql, type RawBuilder } from "kysely";
import type { CustomerSort } from "../../../domain/customers/customers";
import type { CustomerSummary } from "../../../domain/customers/schemas";
import type { OrderStatus } from "../../../domain/orders/statuses";
import type { Db } from "../../db/database";
import { linesWithOrders } from "../../db/order-shapes";
import { nextVersion, updateAtVersion } from "../versions";

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

/** The orders (alias `o`) of the customers a search asks for, as a condition to AND in; narrowed before grouping. */
function narrowing(search: CustomerSearch & { phones?: readonly string[] }): RawBuilder<unknown> {
  const narrow: RawBuilder<unknown>[] = [];
  if (search.phone) narrow.push(sql`o.phone_key = ${search.phone}`);
  if (search.phones) narrow.push(sql`o.phone_key in (${sql.join(search.phones)})`);
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
  return narrow.length ? sql`and ${sql.join(narrow, sql` and `)}` : sql``;
}

/** The latest order's name: ISO times sort as text, so it is the greatest "time|name" (24 characters of time, a separator). */
const latestName = sql`max(case when o.customer_name is not null and o.customer_name <> '' then o.created_at || '|' || o.customer_name end)`;
const shownName = (named: RawBuilder<unknown>) => sql`coalesce(nullif(c.display_name, ''), substr(${named}, 26))`;

/** Per customer: lines delivered and still running on `today`, not already carried on by a delivered renewal. */
const running = (today: string, only: RawBuilder<unknown>) => sql`
  select o.phone_key as phone, count(*) as active, min(l.expiry_date) as next_expiry
  from order_lines l
  join orders o on o.id = l.order_id
  left join orders r on r.id = l.renewal_order_id
  where o.phone_key is not null and o.status = 'delivered' and l.expiry_date >= ${today} and l.refunded_at is null
    and (r.id is null or r.status <> 'delivered') ${only}
  group by o.phone_key`;

/**
 * Every customer (of `search`) with their figures, one row per normalised phone, aggregated in the database
 * from `orders_phone_key_idx` (which covers it), running lines beside it, and the admin's name.
 */
function summaries(today: string, search: CustomerSearch & { phones?: readonly string[] }): RawBuilder<SummaryRow> {
  const only = narrowing(search);
  return sql<SummaryRow>`
    select
      agg.phone as phone,
      ${shownName(sql`agg.named`)} as name,
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
        ${latestName} as named
      from orders o
      where o.phone_key is not null ${only}
      group by o.phone_key
    ) agg
    left join (${running(today, only)}) subs on subs.phone = agg.phone
    left join customers c on c.phone = agg.phone`;
}

/**
 * Each customer's value of one sort column only (`k`), the cheapest aggregate that orders them: the page
 * is chosen from these, and only its customers' full figures are computed.
 */
function sortKeys(sort: CustomerSort, today: string, search: CustomerSearch): RawBuilder<unknown> {
  const only = narrowing(search);
  const grouped = (k: RawBuilder<unknown>) =>
    sql`select o.phone_key as phone, ${k} as k from orders o where o.phone_key is not null ${only} group by o.phone_key`;
  switch (sort) {
    case "firstOrder":
      return grouped(sql`min(o.created_at)`);
    case "lastOrder":
      return grouped(sql`max(o.created_at)`);
    case "phone":
      return grouped(sql`o.phone_key`);
    case "delivered":
      return grouped(sql`sum(case when o.status = 'delivered' then 1 else 0 end)`);
    case "spent":
      return grouped(sql`sum(case when o.status = 'delivered' then o.total else 0 end)`);
    case "name":
      return sql`select g.phone as phone, lower(${shownName(sql`g.named`)}) as k
        from (select o.phone_key as phone, ${latestName} as named from orders o where o.phone_key is not null ${only} group by o.phone_key) g
        left join customers c on c.phone = g.phone`;
    case "active":
    case "nextExpiry":
      return sql`select g.phone as phone, ${sort === "active" ? sql`coalesce(s.active, 0)` : sql`s.next_expiry`} as k
        from (select o.phone_key as phone from orders o where o.phone_key is not null ${only} group by o.phone_key) g
        left join (${running(today, only)}) s on s.phone = g.phone`;
  }
}

/** How many customers a search matches, without their figures. */
function matching(search: CustomerSearch): RawBuilder<{ n: number | string }> {
  const only = narrowing(search);
  return sql`select count(distinct o.phone_key) as n from orders o where o.phone_key is not null ${only}`;
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
      const direction = sql.raw(order.dir);
      // Empty values last whichever way (the databases disagree on where nulls go), then by phone: a stable order.
      const ranked = await sql<{ phone: string }>`
        select phone from (${sortKeys(order.sort, today, search)}) ranked
        order by case when k is null then 1 else 0 end, k ${direction}, phone ${direction}
        limit ${page.limit} offset ${page.offset}`.execute(db);
      const phones = ranked.rows.map((row) => row.phone);
      const counted = await matching(search).execute(db);
      const total = Number(counted.rows[0]?.n ?? 0);
      if (phones.length === 0) return { items: [], total };
      const { rows } = await summaries(today, { phones }).execute(db);
      const byPhone = new Map(rows.map((row) => [row.phone, toSummary(row)]));
      return { items: phones.map((phone) => byPhone.get(phone)!), total };
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
        .where("k.replaced_at", "is", null)
        .where((eb) => eb.or([eb("l.expiry_date", "is", null), eb("l.expiry_date", ">=", today)]))
        .orderBy("l.expiry_date")
        .execute();
    },

    /** Delivered lines ending by `until` (or ended), not renewed. */
    async dueLines(db: Db, phone: string, until: string) {
      return linesWithOrders(db)
        .select(["l.id as lineId", "o.reference", "l.name", "l.months", "l.expiry_date as expiryDate"])
        .where("o.phone_key", "=", phone)
        .where("o.status", "=", "delivered")
        .where("l.renewal_order_id", "is", null)
        .where("l.refunded_at", "is", null)
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
      const update = db
        .updateTable("customers")
        .set({ display_name: fields.displayName, note: fields.note, updated_at: now, version: nextVersion })
        .where("phone", "=", phone);
      return updateAtVersion(update, expected);
    },
  };
}
