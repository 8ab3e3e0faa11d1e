import type { Kysely, Migration } from "kysely";

/**
 * The growth tools (ADR 0108).
 * - `coupons`: a code (one form, unique), percent or NPR off, what it covers (`scope` and `targets`, a JSON list of
 *   categories or item ids), a minimum total, the shop days it runs, its limits, and `uses`: the count checkout
 *   raises in the order's transaction only while under `max_uses`, so a limit holds however many check out at once.
 * - `coupon_uses`: one row per order that used a coupon (its phone, for the limit per phone, and its discount).
 * - `orders.coupon_code`, `orders.discount`: what the coupon took off; `orders.credit_applied`: the referral credit
 *   the seller took off; `orders.total` is what is left to pay. `orders.referred_by`: the referrer's phone, when a
 *   new customer's first order came with their code.
 * - `referral_codes`: each customer's code (one per normalised phone). `referral_credits`: one per referred
 *   order, written once it is paid, for its referrer.
 * - `blocked_phones`: the seller's blocklist (normalised phones), with a reason; `blocked_attempts`: each checkout
 *   a blocked phone tried.
 */
export const growthTools: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("coupons")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("code", "text", (c) => c.notNull().unique())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("amount", "integer", (c) => c.notNull())
      .addColumn("scope", "text", (c) => c.notNull())
      .addColumn("targets", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("min_total", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("starts_on", "text")
      .addColumn("ends_on", "text")
      .addColumn("max_uses", "integer")
      .addColumn("max_uses_per_phone", "integer")
      .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable("coupon_uses")
      .addColumn("order_id", "text", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
      .addColumn("coupon_id", "text", (c) => c.notNull().references("coupons.id"))
      .addColumn("phone_key", "text")
      .addColumn("discount", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("coupon_uses_coupon_phone").on("coupon_uses").columns(["coupon_id", "phone_key"]).execute();

    await db.schema.alterTable("orders").addColumn("coupon_code", "text").execute();
    await db.schema
      .alterTable("orders")
      .addColumn("discount", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("orders")
      .addColumn("credit_applied", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("orders").addColumn("referred_by", "text").execute();

    await db.schema
      .createTable("referral_codes")
      .addColumn("phone", "text", (c) => c.primaryKey())
      .addColumn("code", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("referral_credits")
      .addColumn("order_id", "text", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("amount", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("referral_credits_phone").on("referral_credits").column("phone").execute();

    await db.schema
      .createTable("blocked_phones")
      .addColumn("phone", "text", (c) => c.primaryKey())
      .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("blocked_attempts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("total", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("blocked_attempts_created").on("blocked_attempts").column("created_at").execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ["blocked_attempts", "blocked_phones", "referral_credits", "referral_codes", "coupon_uses", "coupons"]) {
      await db.schema.dropTable(table).execute();
    }
    for (const column of ["referred_by", "credit_applied", "discount", "coupon_code"]) {
      await db.schema.alterTable("orders").dropColumn(column).execute();
    }
  },
};
