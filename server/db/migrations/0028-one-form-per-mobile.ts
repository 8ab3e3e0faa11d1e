import type { Kysely, Migration } from "kysely";
import { normalisePhone } from "../../../domain/customers/customers";

type Keyed = { table: string; column: string };

/** Stored keys that are one customer's phone, normalised (ADR 0086); none is unique, so each row is simply rewritten. */
const PLAIN: readonly Keyed[] = [
  { table: "orders", column: "referred_by" },
  { table: "coupon_uses", column: "phone_key" },
  { table: "referral_credits", column: "phone" },
  { table: "blocked_attempts", column: "phone" },
  { table: "telegram_links", column: "phone" },
];

/**
 * A Nepali mobile written with its trunk 0 ("09816000777", "+977 09816000777", "97709816000777") is the
 * same customer as "9816000777" (ADR 0116). normalisePhone now gives them one form; this recomputes every stored
 * one, on SQLite and PostgreSQL alike:
 * - `orders.phone_key` from the phone as typed, as 0009 made it; the other columns holding a normalised phone
 *   from themselves.
 * - Tables with one row per customer merge where two spellings were two rows: the blocklist keeps the number
 *   blocked (the earlier row, its reason); a customer's name and note keep the row already in the one form and
 *   append the other's note; a referral code and a customer link keep the one already in the one form, else the
 *   older (the other code names no one from now on, as an unknown code does; the other link opens nothing, like a
 *   revoked one); a chat's ties to the phone keep one.
 * - `customer_links.sealed_for`: the phone a link's sealed copy was bound to when that is no longer its phone, so
 *   the admin's copy still opens; rotate-key seals it again for its phone and clears this.
 * `down` keeps the one form: the old one was the fault, and the merged rows cannot be told apart again.
 */
export const oneFormPerMobile: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("customer_links").addColumn("sealed_for", "text").execute();
    const any = db as unknown as Kysely<Record<string, Record<string, string | number | null>>>;

    const orders = await any.selectFrom("orders").select(["id", "phone", "phone_key"]).execute();
    for (const order of orders) {
      const key = normalisePhone(order.phone as string | null);
      if (key !== order.phone_key) await any.updateTable("orders").set({ phone_key: key }).where("id", "=", order.id!).execute();
    }

    for (const { table, column } of PLAIN) {
      const values = await any.selectFrom(table).select(column).distinct().where(column, "is not", null).execute();
      for (const row of values) {
        const old = row[column] as string;
        const key = normalisePhone(old) ?? old;
        if (key !== old)
          await any
            .updateTable(table)
            .set({ [column]: key })
            .where(column, "=", old)
            .execute();
      }
    }

    /** Rows of a one-per-phone table whose phone changes, oldest first, each with the row already at its new form. */
    async function moving(table: string) {
      const rows = await any.selectFrom(table).selectAll().orderBy("created_at").orderBy("phone").execute();
      return rows.flatMap((row) => {
        const old = row.phone as string;
        const key = normalisePhone(old) ?? old;
        return key === old ? [] : [{ row, old, key }];
      });
    }
    const existing = (table: string, phone: string) => any.selectFrom(table).selectAll().where("phone", "=", phone).executeTakeFirst();

    for (const table of ["blocked_phones", "referral_codes"]) {
      for (const { old, key } of await moving(table)) {
        if (await existing(table, key)) await any.deleteFrom(table).where("phone", "=", old).execute();
        else await any.updateTable(table).set({ phone: key }).where("phone", "=", old).execute();
      }
    }

    for (const { row, old, key } of await moving("customers")) {
      const kept = await existing("customers", key);
      if (!kept) {
        await any.updateTable("customers").set({ phone: key }).where("phone", "=", old).execute();
        continue;
      }
      const notes = [kept.note, row.note].filter((note) => typeof note === "string" && note.trim() !== "");
      await any
        .updateTable("customers")
        .set({
          display_name: kept.display_name || row.display_name,
          note: [...new Set(notes)].join("\n\n"),
          version: Number(kept.version) + 1,
        })
        .where("phone", "=", key)
        .execute();
      await any.deleteFrom("customers").where("phone", "=", old).execute();
    }

    for (const { row, old, key } of await moving("customer_links")) {
      if (await existing("customer_links", key)) await any.deleteFrom("customer_links").where("phone", "=", old).execute();
      else
        await any
          .updateTable("customer_links")
          .set({ phone: key, sealed_for: row.sealed_for ?? old })
          .where("phone", "=", old)
          .execute();
    }

    const follows = await any.selectFrom("telegram_follows").select(["id", "chat_id", "phone"]).where("phone", "is not", null).execute();
    const seen = new Set<string>();
    for (const follow of follows) {
      const key = normalisePhone(follow.phone as string) ?? (follow.phone as string);
      if (key === follow.phone) seen.add(`${follow.chat_id} ${key}`);
    }
    for (const follow of follows) {
      const key = normalisePhone(follow.phone as string) ?? (follow.phone as string);
      if (key === follow.phone) continue;
      const tie = `${follow.chat_id} ${key}`;
      if (seen.has(tie)) await any.deleteFrom("telegram_follows").where("id", "=", follow.id!).execute();
      else await any.updateTable("telegram_follows").set({ phone: key }).where("id", "=", follow.id!).execute();
      seen.add(tie);
    }
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("customer_links").dropColumn("sealed_for").execute();
  },
};
