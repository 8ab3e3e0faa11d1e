import type { ExpressionBuilder } from "kysely";
import { CYCLE_MONTHS, type AccountStatus, type BillingCycle } from "../../../domain/ledger/accounts";
import type { AccountListQuery } from "../../../domain/ledger/schemas";
import { containsText } from "../../db/contains-text";
import type { Db } from "../../db/database";
import type { Tables } from "../../db/schema";
import { nextVersion } from "../versions";

export type AccountFields = {
  service: string;
  login: string;
  passwordSecret: string;
  billingCycle: BillingCycle;
  renewalDate: string | null;
  cost: number;
  renews: boolean;
  status: AccountStatus;
  notes: string;
};

export type AccountRow = AccountFields & { id: string; createdAt: string; updatedAt: string; version: number };

const accountColumns = [
  "id",
  "service",
  "login",
  "password_secret as passwordSecret",
  "billing_cycle as billingCycle",
  "renewal_date as renewalDate",
  "cost",
  "auto_renews as autoRenews",
  "status",
  "notes",
  "created_at as createdAt",
  "updated_at as updatedAt",
  "version",
] as const;

const toAccount = ({
  autoRenews,
  ...row
}: Omit<AccountRow, "status" | "version" | "billingCycle" | "renews"> & {
  status: string;
  billingCycle: string;
  autoRenews: number | string;
  version: number | string;
}): AccountRow => ({
  ...row,
  billingCycle: row.billingCycle as BillingCycle,
  renews: Number(autoRenews) === 1,
  status: row.status as AccountStatus,
  version: Number(row.version),
});

/** An account's fields as its table's columns, for inserts and updates alike. */
const accountColumnsOf = (fields: AccountFields) => ({
  service: fields.service,
  login: fields.login,
  password_secret: fields.passwordSecret,
  billing_cycle: fields.billingCycle,
  renewal_date: fields.renewalDate,
  cost: fields.cost,
  // The reports count costs by period (domain/reports/reports.ts).
  period_months: CYCLE_MONTHS[fields.billingCycle],
  auto_renews: fields.renews ? 1 : 0,
  status: fields.status,
  notes: fields.notes,
});

type AccountsScope = ExpressionBuilder<Tables, "provider_accounts">;

/** The seats of the account in scope that a line holds now (`s` the seat, `h` the holding, `l` the line). */
const heldSeatsOfAccount = (eb: AccountsScope) =>
  eb
    .selectFrom("account_seats as s")
    .innerJoin("seat_assignments as h", (join) => join.onRef("h.seat_id", "=", "s.id").on("h.ended_at", "is", null))
    .innerJoin("order_lines as l", "l.id", "h.line_id")
    .whereRef("s.account_id", "=", "provider_accounts.id");

/** How many provider accounts (narrowed by a `where` after it), as the driver returns the count. */
const countAccounts = (db: Db) => db.selectFrom("provider_accounts").select((eb) => eb.fn.countAll<string | number>().as("n"));

/**
 * The accounts the list flags (domain `accountWarnings`, in SQL so the list can filter and count them): not
 * retired, with a bill or end date, and either due within the week, or with a seat in use past that date, or
 * (when the account is not renewed) held by a line that ends after it.
 */
function needsAttention(eb: AccountsScope, today: string, weekAhead: string) {
  return eb.and([
    eb("provider_accounts.status", "!=", "retired"),
    eb("provider_accounts.renewal_date", "is not", null),
    eb.or([
      eb.and([eb("provider_accounts.renewal_date", ">=", today), eb("provider_accounts.renewal_date", "<=", weekAhead)]),
      eb.exists(
        heldSeatsOfAccount(eb)
          .select("s.id")
          .where((inner) =>
            inner.or([
              inner("provider_accounts.renewal_date", "<", today),
              inner.and([
                inner.or([inner("provider_accounts.auto_renews", "=", 0), inner("provider_accounts.billing_cycle", "=", "none")]),
                inner("l.expiry_date", ">", inner.ref("provider_accounts.renewal_date")),
              ]),
            ]),
          ),
      ),
    ]),
  ]);
}

/** The filter of the admin list: search over the account and the customers on its seats, status, warnings. */
function matching(eb: AccountsScope, query: Omit<AccountListQuery, "page" | "limit">, today: string, weekAhead: string) {
  const conditions = [];
  if (query.status) conditions.push(eb("provider_accounts.status", "=", query.status));
  if (query.attention) conditions.push(needsAttention(eb, today, weekAhead));
  if (query.q) {
    const text = query.q;
    conditions.push(
      eb.or([
        containsText("provider_accounts.service", text),
        containsText("provider_accounts.login", text),
        containsText("provider_accounts.notes", text),
        eb.exists(
          heldSeatsOfAccount(eb)
            .innerJoin("orders as o", "o.id", "l.order_id")
            .select("s.id")
            .where((inner) => inner.or([containsText("o.reference", text), containsText("o.customer_name", text), containsText("o.phone", text)])),
        ),
      ]),
    );
  }
  return eb.and(conditions);
}

export function createAccountsRepository() {
  return {
    /** One page of the admin list (ids in list order), the number matching, and the whole ledger's counts. */
    async page(db: Db, query: AccountListQuery, today: string, weekAhead: string) {
      const where = (eb: AccountsScope) => matching(eb, query, today, weekAhead);
      const [ids, matched, accounts, seats, used, attention] = await Promise.all([
        db
          .selectFrom("provider_accounts")
          .select("id")
          .where(where)
          .orderBy("service")
          .orderBy("created_at")
          .orderBy("id")
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
          .execute(),
        countAccounts(db).where(where).executeTakeFirstOrThrow(),
        countAccounts(db).executeTakeFirstOrThrow(),
        db
          .selectFrom("account_seats")
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom("seat_assignments")
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .where("ended_at", "is", null)
          .executeTakeFirstOrThrow(),
        countAccounts(db)
          .where((eb) => needsAttention(eb, today, weekAhead))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        ids: ids.map((row) => row.id),
        total: Number(matched.n),
        summary: { accounts: Number(accounts.n), seats: Number(seats.n), seatsUsed: Number(used.n), needAttention: Number(attention.n) },
      };
    },

    /** These accounts, in list order. */
    async list(db: Db, ids: readonly string[]): Promise<AccountRow[]> {
      const rows = await db
        .selectFrom("provider_accounts")
        .select(accountColumns)
        .where("id", "in", ids.length ? ids : [""])
        .orderBy("service")
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map(toAccount);
    },

    async find(db: Db, id: string): Promise<AccountRow | undefined> {
      const row = await db.selectFrom("provider_accounts").select(accountColumns).where("id", "=", id).executeTakeFirst();
      return row && toAccount(row);
    },

    async itemsOf(db: Db, accountIds: readonly string[]): Promise<Map<string, string[]>> {
      const rows = await db
        .selectFrom("provider_account_items")
        .select(["account_id", "item_id"])
        .where("account_id", "in", accountIds.length ? accountIds : [""])
        .orderBy("item_id")
        .execute();
      const byAccount = new Map<string, string[]>();
      for (const row of rows) {
        byAccount.set(row.account_id, [...(byAccount.get(row.account_id) ?? []), row.item_id]);
      }
      return byAccount;
    },

    async insert(db: Db, id: string, fields: AccountFields, now: string) {
      await db
        .insertInto("provider_accounts")
        .values({
          id,
          ...accountColumnsOf(fields),
          created_at: now,
          updated_at: now,
        })
        .execute();
    },

    /** false when `expected` is given and the account is not at that version any more (or is gone). */
    async update(db: Db, id: string, fields: AccountFields, now: string, expected?: number): Promise<boolean> {
      let query = db
        .updateTable("provider_accounts")
        .set({
          ...accountColumnsOf(fields),
          updated_at: now,
          version: nextVersion,
        })
        .where("id", "=", id);
      if (expected !== undefined) query = query.where("version", "=", expected);
      return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
    },

    async setItems(db: Db, accountId: string, itemIds: readonly string[]) {
      await db.deleteFrom("provider_account_items").where("account_id", "=", accountId).execute();
      if (itemIds.length) {
        await db
          .insertInto("provider_account_items")
          .values(itemIds.map((item_id) => ({ account_id: accountId, item_id })))
          .execute();
      }
    },

    async delete(db: Db, id: string): Promise<boolean> {
      return Number((await db.deleteFrom("provider_accounts").where("id", "=", id).executeTakeFirst()).numDeletedRows) > 0;
    },

    /**
     * The accounts of `ids` with a history: a seat ever held by a customer, or a secret ever revealed (delivery
     * messages included). Such an account is retired rather than deleted, so its record stays (ADR 0100).
     */
    async withHistory(db: Db, ids: readonly string[]): Promise<Set<string>> {
      const list = ids.length ? [...ids] : [""];
      const [held, revealed] = await Promise.all([
        db
          .selectFrom("seat_assignments as h")
          .innerJoin("account_seats as s", "s.id", "h.seat_id")
          .select("s.account_id as id")
          .distinct()
          .where("s.account_id", "in", list)
          .execute(),
        db.selectFrom("secret_reveals").select("account_id as id").distinct().where("account_id", "in", list).execute(),
      ]);
      return new Set([...held, ...revealed].flatMap((row) => (row.id ? [row.id] : [])));
    },

    /** Retires an account (or brings it back): its version moves on, as with any edit. */
    async setStatus(db: Db, id: string, status: AccountStatus, now: string) {
      await db.updateTable("provider_accounts").set({ status, updated_at: now, version: nextVersion }).where("id", "=", id).execute();
    },
  };
}
