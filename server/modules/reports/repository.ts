import { sql, type RawBuilder } from "kysely";
import type { Db } from "../../db/database";
import { AWAITING_PAYMENT_STATUSES } from "../../../domain/orders/statuses";

/** Months by the UTC instants their shop days begin: `starts` has one more entry than `months` (the end). */
export type MonthBounds = { months: readonly string[]; starts: readonly string[] };

/**
 * One query per month, joined with UNION ALL and sent as one: each reads the range of its month from an
 * index (ISO times compare as text on both databases), which is far cheaper than bucketing every row.
 */
function perMonth(bounds: MonthBounds, part: (month: string, from: string, to: string) => RawBuilder<unknown>): RawBuilder<unknown> {
  return sql.join(
    bounds.months.map((month, i) => sql`select * from (${part(month, bounds.starts[i]!, bounds.starts[i + 1]!)}) ${sql.raw(`m${i}`)}`),
    sql` union all `,
  );
}

/**
 * When a delivered order's money came in (ADR 0087): when it was marked paid, or delivered when paid was
 * skipped; orders from before those times were kept (0007) fall back on their last change. Written exactly
 * as in the index `orders_revenue_idx` (0009), so the databases use it.
 */
const revenueAt = sql`coalesce(paid_at, delivered_at, updated_at)`;

const num = (value: number | string | null | undefined) => Number(value ?? 0);

export type AccountCostRow = {
  id: string;
  cost: number;
  periodMonths: number;
  renewalDate: string | null;
  createdAt: string;
  itemIds: string[];
};

export function createReportsRepository() {
  return {
    /**
     * Delivered orders' totals per month (what was paid: after coupons and the referral credit of before store credit,
     * with what store credit paid, which is revenue once its order is, ADR 0127), and what coupons and that credit
     * took off them.
     */
    async revenueByMonth(db: Db, bounds: MonthBounds): Promise<Map<string, { revenue: number; discount: number }>> {
      const { rows } = await sql<{ month: string; revenue: number | string | null; discount: number | string | null }>`${perMonth(
        bounds,
        (month, from, to) =>
          sql`select ${month} as month, sum(total + balance_paid) as revenue, sum(discount + credit_applied) as discount from orders where status = 'delivered' and ${revenueAt} >= ${from} and ${revenueAt} < ${to}`,
      )}`.execute(db);
      return new Map(rows.map((row) => [row.month, { revenue: num(row.revenue), discount: num(row.discount) }]));
    },

    /**
     * Store credit's money per month (ADR 0127): refunds made (to credit or a gateway), credit given that nobody paid
     * for (referrals and the seller's), and top-ups taken in (with what a gateway proved paid beyond an order), which
     * the shop owes until they are spent.
     */
    async creditByMonth(db: Db, bounds: MonthBounds): Promise<Map<string, { refunds: number; creditGiven: number; topUps: number }>> {
      const { rows } = await sql<{
        month: string;
        refunds: number | string | null;
        given: number | string | null;
        topups: number | string | null;
      }>`${perMonth(
        bounds,
        (month, from, to) =>
          sql`select ${month} as month,
            (select sum(amount) from refunds where created_at >= ${from} and created_at < ${to}) as refunds,
            (select sum(amount) from balance_movements where kind in ('referral', 'credit') and created_at >= ${from} and created_at < ${to}) as given,
            (select sum(amount) from balance_movements where kind in ('top-up', 'overpayment') and created_at >= ${from} and created_at < ${to}) as topups`,
      )}`.execute(db);
      return new Map(rows.map((row) => [row.month, { refunds: num(row.refunds), creditGiven: num(row.given), topUps: num(row.topups) }]));
    },

    /** What the shop owes its customers as store credit now: every balance, the last running balance of each. */
    async creditOwed(db: Db): Promise<number> {
      const { rows } = await sql<{ owed: number | string | null }>`
        select sum(m.balance_after) as owed from balance_movements m
        join balance_accounts a on a.phone = m.phone and a.movements = m.seq`.execute(db);
      return num(rows[0]?.owed ?? 0);
    },

    /** What the keys given to customers cost, per month they were given. */
    async keyCostByMonth(db: Db, bounds: MonthBounds): Promise<Map<string, number>> {
      const { rows } = await sql<{ month: string; cost: number | string | null }>`${perMonth(
        bounds,
        (month, from, to) =>
          sql`select ${month} as month, sum(cost) as cost from licence_keys where line_id is not null and delivered_at >= ${from} and delivered_at < ${to}`,
      )}`.execute(db);
      return new Map(rows.map((row) => [row.month, num(row.cost)]));
    },

    async accounts(db: Db): Promise<AccountCostRow[]> {
      const [accounts, links] = await Promise.all([
        db
          .selectFrom("provider_accounts")
          .select([
            "id",
            "cost",
            "period_months as periodMonths",
            "renewal_date as renewalDate",
            "billing_cycle as billingCycle",
            "created_at as createdAt",
          ])
          .execute(),
        db.selectFrom("provider_account_items").select(["account_id as accountId", "item_id as itemId"]).orderBy("item_id").execute(),
      ]);
      // An account bought once (no billing cycle) costs its one payment when it was added, whatever its end date.
      return accounts.map(({ billingCycle, ...account }) => ({
        ...account,
        renewalDate: billingCycle === "none" ? null : account.renewalDate,
        cost: num(account.cost),
        periodMonths: num(account.periodMonths),
        itemIds: links.filter((link) => link.accountId === account.id).map((link) => link.itemId),
      }));
    },

    /** Delivered lines' revenue per service (the catalogue item, or the line's name once the item is gone) in [from, to). */
    async revenueByService(db: Db, from: string, to: string) {
      const { rows } = await sql<{ service_key: string; service: string; revenue: number | string }>`
        select service_key, max(service) as service, sum(line_total) as revenue from (
          select coalesce(l.item_id, 'name:' || l.name) as service_key, coalesce(ci.name, l.name) as service, l.line_total as line_total
          from (select id from orders where status = 'delivered' and ${revenueAt} >= ${from} and ${revenueAt} < ${to}) o
          join order_lines l on l.order_id = o.id
          left join catalogue_items ci on ci.id = l.item_id
        ) x
        group by service_key`.execute(db);
      return rows.map((row) => ({ key: row.service_key, service: row.service, revenue: num(row.revenue) }));
    },

    /** What coupons and referral credit took off the orders delivered in [from, to). */
    async discountsBetween(db: Db, from: string, to: string): Promise<number> {
      const { rows } = await sql<{ discount: number | string | null }>`
        select sum(discount + credit_applied) as discount from orders
        where status = 'delivered' and ${revenueAt} >= ${from} and ${revenueAt} < ${to}`.execute(db);
      return num(rows[0]?.discount ?? 0);
    },

    /** What was refunded in [from, to), to store credit or a gateway (ADR 0127). */
    async refundsBetween(db: Db, from: string, to: string): Promise<number> {
      const row = await db
        .selectFrom("refunds")
        .select((eb) => eb.fn.sum<number | string>("amount").as("amount"))
        .where("created_at", ">=", from)
        .where("created_at", "<", to)
        .executeTakeFirst();
      return num(row?.amount ?? 0);
    },

    /** Keys given in [from, to), their cost per item. */
    async keyCostByItem(db: Db, from: string, to: string) {
      const rows = await db
        .selectFrom("licence_keys as k")
        .select(["k.item_id as itemId", (eb) => eb.fn.sum<number | string>("k.cost").as("cost")])
        .where("k.line_id", "is not", null)
        .where("k.delivered_at", ">=", from)
        .where("k.delivered_at", "<", to)
        .groupBy("k.item_id")
        .execute();
      return rows.map((row) => ({ itemId: row.itemId, cost: num(row.cost) }));
    },

    async itemNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom("catalogue_items").select(["id", "name"]).where("id", "in", ids).execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /**
     * Customers (phones) with a delivered order per month, and how many of them had their first delivered
     * order that month.
     */
    async customersByMonth(db: Db, bounds: MonthBounds): Promise<Map<string, { customers: number; fresh: number }>> {
      const [buyers, firsts] = await Promise.all([
        sql<{ month: string; customers: number | string }>`${perMonth(
          bounds,
          (month, from, to) => sql`select ${month} as month, count(distinct phone_key) as customers from orders
            where status = 'delivered' and ${revenueAt} >= ${from} and ${revenueAt} < ${to} and phone_key is not null`,
        )}`.execute(db),
        sql<{ first_at: string }>`
          select first_at from (
            select min(${revenueAt}) as first_at from orders where status = 'delivered' and phone_key is not null group by phone_key
          ) f
          where first_at >= ${bounds.starts[0]!}`.execute(db),
      ]);
      const fresh = new Map<string, number>();
      for (const { first_at } of firsts.rows) {
        const i = bounds.starts.findIndex((start, n) => first_at >= start && first_at < bounds.starts[n + 1]!);
        if (i >= 0 && i < bounds.months.length) fresh.set(bounds.months[i]!, (fresh.get(bounds.months[i]!) ?? 0) + 1);
      }
      return new Map(buyers.rows.map((row) => [row.month, { customers: num(row.customers), fresh: fresh.get(row.month) ?? 0 }]));
    },

    /**
     * Delivered lines whose end (YYYY-MM-DD, a shop day) fell in [fromDay, today), per month, and how many of
     * them were renewed by an order that was not cancelled. Only delivered orders' lines have an end date.
     */
    async renewalsByMonth(db: Db, fromDay: string, today: string): Promise<Map<string, { ended: number; renewed: number }>> {
      const { rows } = await sql<{ month: string; ended: number | string; renewed: number | string }>`
        select month, count(*) as ended, sum(renewed) as renewed from (
          select substr(l.expiry_date, 1, 7) as month, case when r.id is not null and r.status <> 'cancelled' then 1 else 0 end as renewed
          from order_lines l
          left join orders r on r.id = l.renewal_order_id
          where l.expiry_date >= ${fromDay} and l.expiry_date < ${today} and l.refunded_at is null
        ) x
        group by month`.execute(db);
      return new Map(rows.map((row) => [row.month, { ended: num(row.ended), renewed: num(row.renewed) }]));
    },

    async waiting(db: Db): Promise<{ awaitingPayment: number; paidClaims: number }> {
      const row = await db
        .selectFrom("orders")
        .select([(eb) => eb.fn.countAll<number | string>().as("awaiting"), (eb) => eb.fn.count<number | string>("paid_claimed_at").as("claims")])
        .where("status", "in", AWAITING_PAYMENT_STATUSES)
        .executeTakeFirstOrThrow();
      return { awaitingPayment: num(row.awaiting), paidClaims: num(row.claims) };
    },

    /** Orders with their lines (one row a line), newest first; created in [from, to) when given. */
    async orderLines(db: Db, range?: { from: string; to: string }) {
      let query = db
        .selectFrom("orders as o")
        .innerJoin("order_lines as l", "l.order_id", "o.id")
        .select([
          "o.reference",
          "o.created_at as createdAt",
          "o.status",
          "o.paid_at as paidAt",
          "o.delivered_at as deliveredAt",
          "o.channel",
          "o.customer_name as customerName",
          "o.phone_key as phone",
          "o.phone as rawPhone",
          "o.total",
          "o.balance_paid as balancePaid",
          "l.position",
          "l.name",
          "l.months",
          "l.devices",
          "l.unit_price as unitPrice",
          "l.line_total as lineTotal",
          "l.start_date as startDate",
          "l.expiry_date as expiryDate",
          (eb) => eb.selectFrom("refunds as r").select("r.amount").whereRef("r.line_id", "=", "l.id").as("refunded"),
        ]);
      if (range) query = query.where("o.created_at", ">=", range.from).where("o.created_at", "<", range.to);
      return query.orderBy("o.created_at", "desc").orderBy("o.reference", "desc").orderBy("l.position").execute();
    },

    /** Each time a seat held a line with dates: the account, the line's total and days, and when the holding began and ended. */
    async heldSpans(db: Db, accountIds: readonly string[]) {
      if (accountIds.length === 0) return [];
      return db
        .selectFrom("seat_assignments as h")
        .innerJoin("account_seats as s", "s.id", "h.seat_id")
        .innerJoin("order_lines as l", "l.id", "h.line_id")
        .select([
          "s.account_id as accountId",
          "l.line_total as lineTotal",
          "l.start_date as lineStart",
          "l.expiry_date as lineEnd",
          "h.started_at as startedAt",
          "h.ended_at as endedAt",
        ])
        .where("s.account_id", "in", accountIds)
        .where("l.start_date", "is not", null)
        .where("l.expiry_date", "is not", null)
        .execute();
    },

    /** The accounts a profit report names, with their seats. */
    async accountNames(db: Db, accountIds?: readonly string[]) {
      let query = db.selectFrom("provider_accounts as a").select((eb) => [
        "a.id",
        "a.service",
        "a.login",
        "a.status",
        eb
          .selectFrom("account_seats as s")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .whereRef("s.account_id", "=", "a.id")
          .as("seats"),
      ]);
      if (accountIds) query = query.where("a.id", "in", accountIds.length ? accountIds : [""]);
      return query.orderBy("a.service").orderBy("a.login").execute();
    },
  };
}
