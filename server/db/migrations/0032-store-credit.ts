import { randomUUID } from "node:crypto";
import { sql, SqliteAdapter, type Kysely, type Migration } from "kysely";

/**
 * Store credit (issue 46, ADR 0127): a customer's balance in NPR is the sum of its movements, each a row with the
 * running balance after it; never a stored number of its own. `balance_accounts` holds one row per customer, the
 * count of their movements, which each movement takes the next of under the row's lock. Orders remember what their
 * shopper paid from the balance, and a line whether it renews itself from it. A payment is of an order or, a top-up,
 * of a customer's store credit: `order_id` may be empty, `top_up_phone` then names the customer. A line refunded for its
 * days left ends then, with one `refunds` row.
 */
export const storeCredit: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("balance_accounts")
      .addColumn("phone", "text", (c) => c.primaryKey())
      .addColumn("movements", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("balance_movements")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("phone", "text", (c) => c.notNull().references("balance_accounts.phone"))
      // 1, 2, 3… per customer: the order the running balance is kept in.
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("amount", "integer", (c) => c.notNull())
      .addColumn("balance_after", "integer", (c) => c.notNull())
      // A BalanceKind: referral, credit (the admin's), refund, overpayment, top-up, spend, returned, taken-back.
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("order_id", "text", (c) => c.references("orders.id").onDelete("set null"))
      .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
      // The admin's e-mail, "shopper at <address>", or "shop" for what the shop did by itself.
      .addColumn("actor", "text", (c) => c.notNull())
      // What makes a movement happen once ("referral:<order>", "spend:<order>"): unique, null for the admin's.
      .addColumn("dedupe", "text", (c) => c.unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("balance_movements_seq_idx").on("balance_movements").columns(["phone", "seq"]).unique().execute();
    await db.schema.createIndex("balance_movements_order_idx").on("balance_movements").column("order_id").execute();
    await db.schema
      .alterTable("orders")
      .addColumn("balance_paid", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("order_lines")
      .addColumn("auto_renew", "integer", (c) => c.notNull().defaultTo(0))
      .execute();

    await paymentsOfOrderOrCredit(db, "up");
    // A line refunded for its days left (issue 46): once, to the gateway that took the payment or to store credit.
    await db.schema
      .createTable("refunds")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
      .addColumn("line_id", "text", (c) => c.notNull().unique())
      .addColumn("amount", "integer", (c) => c.notNull())
      // "credit", or the gateway refunded through ("khalti").
      .addColumn("destination", "text", (c) => c.notNull())
      .addColumn("transaction_id", "text")
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.alterTable("order_lines").addColumn("refunded_at", "text").execute();

    // Referral credit earned and not yet used becomes balance: one movement per customer, carried over.
    const earned = await sql<{ phone: string; earned: number | string }>`
      select phone, sum(amount) as earned from referral_credits group by phone`.execute(db);
    const now = new Date().toISOString();
    for (const { phone, earned: total } of earned.rows) {
      const used = await sql<{ used: number | string | null }>`
        select sum(credit_applied) as used from orders where phone_key = ${phone} and status <> 'cancelled'`.execute(db);
      const available = Number(total) - Number(used.rows[0]?.used ?? 0);
      if (available <= 0) continue;
      await sql`insert into balance_accounts (phone, movements, created_at) values (${phone}, 1, ${now})`.execute(db);
      await sql`insert into balance_movements (id, phone, seq, amount, balance_after, kind, order_id, reason, actor, dedupe, created_at)
        values (${randomUUID()}, ${phone}, 1, ${available}, ${available}, 'referral', null, 'Referral credit earned before store credit', 'shop', null, ${now})`.execute(
        db,
      );
    }
  },

  async down(db: Kysely<unknown>) {
    await paymentsOfOrderOrCredit(db, "down");
    await db.schema.alterTable("order_lines").dropColumn("refunded_at").execute();
    await db.schema.dropTable("refunds").execute();
    await db.schema.alterTable("order_lines").dropColumn("auto_renew").execute();
    await db.schema.alterTable("orders").dropColumn("balance_paid").execute();
    await db.schema.dropTable("balance_movements").execute();
    await db.schema.dropTable("balance_accounts").execute();
  },
};

/**
 * Payments of an order, or of a customer's credit (a top-up): `order_id` may be null and `top_up_phone` is added (up);
 * or back to orders only, top-ups dropped (down). SQLite changes a column's NOT NULL only by building the table anew.
 */
async function paymentsOfOrderOrCredit(db: Kysely<unknown>, direction: "up" | "down") {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (!sqlite) {
    if (direction === "up") {
      await sql`alter table payments alter column order_id drop not null`.execute(db);
      await sql`alter table payments add column top_up_phone text`.execute(db);
    } else {
      await sql`delete from payments where order_id is null`.execute(db);
      await sql`alter table payments drop column top_up_phone`.execute(db);
      await sql`alter table payments alter column order_id set not null`.execute(db);
    }
    return;
  }
  const up = direction === "up";
  await sql`create table payments_next (
    id text primary key,
    gateway text not null,
    gateway_ref text,
    order_id text ${up ? sql`` : sql`not null`} references orders(id) on delete cascade,
    amount integer not null,
    status text not null,
    transaction_id text,
    detail text not null default '',
    browser_hash text,
    created_at text not null,
    updated_at text not null,
    checked_at text${up ? sql`, top_up_phone text` : sql``}
  )`.execute(db);
  await sql`insert into payments_next (id, gateway, gateway_ref, order_id, amount, status, transaction_id, detail, browser_hash, created_at, updated_at, checked_at)
    select id, gateway, gateway_ref, order_id, amount, status, transaction_id, detail, browser_hash, created_at, updated_at, checked_at
    from payments ${up ? sql`` : sql`where order_id is not null`}`.execute(db);
  await sql`drop table payments`.execute(db);
  await sql`alter table payments_next rename to payments`.execute(db);
  await sql`create unique index payments_gateway_ref on payments (gateway, gateway_ref)`.execute(db);
  await sql`create index payments_order on payments (order_id)`.execute(db);
  await sql`create unique index payments_one_paid on payments (order_id) where status = 'paid'`.execute(db);
}
