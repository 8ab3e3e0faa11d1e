import { sql, type Kysely, type Migration } from "kysely";

/**
 * Billing cycles and keys that never expire (ADR 0096). An account's billing becomes a cycle (monthly, yearly, or none: bought once, up
 * to an end date or for good) with its cost per cycle, its next bill date (`renewal_date`) and whether the
 * provider renews it then (`auto_renews`, 0 or 1). Accounts stored before are read sensibly: no renewal date
 * is no cycle (paid for good); a period of 12 months or more is yearly, a shorter one monthly, its cost turned
 * into the cost of one such cycle; and an account with a renewal date that is not retired renews. Items whose
 * licence keys never expire are listed in `lifetime_items`: their lines have no end date.
 */
export const billingAndLifetimeKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("provider_accounts")
      .addColumn("billing_cycle", "text", (c) => c.notNull().defaultTo("monthly"))
      .execute();
    await db.schema
      .alterTable("provider_accounts")
      .addColumn("auto_renews", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update provider_accounts set billing_cycle = 'none', auto_renews = 0 where renewal_date is null`.execute(db);
    await sql`update provider_accounts
      set billing_cycle = 'yearly', cost = round(cost * 12.0 / period_months), period_months = 12,
        auto_renews = case when status = 'retired' then 0 else 1 end
      where renewal_date is not null and period_months >= 12`.execute(db);
    await sql`update provider_accounts
      set billing_cycle = 'monthly', cost = round(cost * 1.0 / period_months), period_months = 1,
        auto_renews = case when status = 'retired' then 0 else 1 end
      where renewal_date is not null and period_months < 12`.execute(db);

    await db.schema
      .createTable("lifetime_items")
      .addColumn("item_id", "text", (c) => c.primaryKey().references("catalogue_items.id").onDelete("cascade"))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("lifetime_items").execute();
    await db.schema.alterTable("provider_accounts").dropColumn("auto_renews").execute();
    await db.schema.alterTable("provider_accounts").dropColumn("billing_cycle").execute();
  },
};
