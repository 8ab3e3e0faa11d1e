import type { Kysely, Migration } from "kysely";

/**
 * Bills (issue 47, ADR 0130): one per paid order and the credit notes that undo them, each numbered in its series and
 * fiscal year without gaps. `bill_counters` holds the last number given; the number is taken in the transaction that
 * issues the bill, so a rolled-back payment gives its number to the next. What a bill says is copied when it is
 * issued (seller, buyer, lines, totals) and never changed.
 */
export const bills: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("bill_counters")
      .addColumn("series", "text", (c) => c.notNull())
      .addColumn("fiscal_year", "text", (c) => c.notNull())
      .addColumn("last_number", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("bill_counters_pk", ["series", "fiscal_year"])
      .execute();
    await db.schema
      .createTable("bills")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("number", "text", (c) => c.notNull().unique())
      .addColumn("fiscal_year", "text", (c) => c.notNull())
      .addColumn("sequence", "integer", (c) => c.notNull())
      // One bill per order, whatever pays it.
      .addColumn("order_id", "text", (c) => c.notNull().unique().references("orders.id"))
      .addColumn("issued_at", "text", (c) => c.notNull())
      // The shop's date of issue ('YYYY-MM-DD'); the bill shows it in Bikram Sambat and AD.
      .addColumn("issued_on", "text", (c) => c.notNull())
      .addColumn("language", "text", (c) => c.notNull())
      // The shop's legal details when issued (JSON), or null while the seller had given none.
      .addColumn("seller", "text")
      .addColumn("buyer_name", "text")
      .addColumn("buyer_phone", "text")
      // The lines as sold (JSON): item, plan, devices, rate, amount.
      .addColumn("lines", "text", (c) => c.notNull())
      .addColumn("subtotal", "integer", (c) => c.notNull())
      .addColumn("discount", "integer", (c) => c.notNull())
      .addColumn("total", "integer", (c) => c.notNull())
      .addColumn("taxable_paisa", "integer", (c) => c.notNull())
      .addColumn("vat_paisa", "integer", (c) => c.notNull())
      .addColumn("vat_registered", "integer", (c) => c.notNull())
      // How it was paid: a gateway's name or "shop"; what store credit paid; the gateway's transaction.
      .addColumn("paid_by", "text", (c) => c.notNull())
      .addColumn("paid_from_credit", "integer", (c) => c.notNull())
      .addColumn("transaction_id", "text")
      .addColumn("verification_code", "text", (c) => c.notNull().unique())
      .execute();
    await db.schema.createIndex("bills_fiscal_year").on("bills").columns(["fiscal_year", "sequence"]).unique().execute();
    await db.schema
      .createTable("credit_notes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("number", "text", (c) => c.notNull().unique())
      .addColumn("fiscal_year", "text", (c) => c.notNull())
      .addColumn("sequence", "integer", (c) => c.notNull())
      .addColumn("bill_id", "text", (c) => c.notNull().references("bills.id"))
      // What it undoes, once: "cancelled:<order>" or "refund:<line>".
      .addColumn("cause", "text", (c) => c.notNull().unique())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("issued_at", "text", (c) => c.notNull())
      .addColumn("issued_on", "text", (c) => c.notNull())
      .addColumn("amount", "integer", (c) => c.notNull())
      .addColumn("taxable_paisa", "integer", (c) => c.notNull())
      .addColumn("vat_paisa", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("credit_notes_fiscal_year").on("credit_notes").columns(["fiscal_year", "sequence"]).unique().execute();
    await db.schema.createIndex("credit_notes_bill").on("credit_notes").column("bill_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("credit_notes").execute();
    await db.schema.dropTable("bills").execute();
    await db.schema.dropTable("bill_counters").execute();
  },
};
