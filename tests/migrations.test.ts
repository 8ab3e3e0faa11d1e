import type { Kysely, Migration } from "kysely";
import type { Database } from "../server/db/database";
import { describe, expect, it } from "vitest";
import { orderLanguage } from "../server/db/migrations/0012-order-language";
import { billingAndLifetimeKeys } from "../server/db/migrations/0016-billing-and-lifetime-keys";
import { automaticDelivery } from "../server/db/migrations/0018-automatic-delivery";
import { auditOutlivesWhatItAudits } from "../server/db/migrations/0019-audit-outlives-what-it-audits";
import { orderCeilings } from "../server/db/migrations/0020-order-ceilings";
import { customerLinks } from "../server/db/migrations/0021-customer-links";
import { shopperUpdates } from "../server/db/migrations/0023-shopper-updates";
import { growthTools } from "../server/db/migrations/0024-growth-tools";
import { secretChangesAndSeatMoves } from "../server/db/migrations/0025-secret-changes-and-seat-moves";
import { shopperProblems } from "../server/db/migrations/0026-shopper-problems";
import { followsNeedProof } from "../server/db/migrations/0027-follows-need-proof";
import { oneFormPerMobile } from "../server/db/migrations/0028-one-form-per-mobile";
import { firstAdminNamed } from "../server/db/migrations/0029-first-admin-named";
import { storeCredit } from "../server/db/migrations/0032-store-credit";
import { warranty } from "../server/db/migrations/0033-warranty";
import { bills } from "../server/db/migrations/0034-bills";
import { isUniqueViolation } from "../server/errors";
import { migrationNames } from "../server/db/migrate";
import { createTestDatabase } from "./helpers/database";

/** A database from scratch with `migration` undone and done again, for `check`; dropped after. */
async function afterRedoing(migration: Migration, check: (database: Database) => Promise<void>) {
  const { database, drop } = await createTestDatabase({ fromScratch: true });
  try {
    await migration.down!(database.db as unknown as Kysely<unknown>);
    await migration.up(database.db as unknown as Kysely<unknown>);
    await check(database);
  } finally {
    await drop();
  }
}

describe("migrations", () => {
  // On PostgreSQL, from scratch, each is a schema of one shared database; a shop may share one too.
  it("brings each of two databases alive at once up to date on its own", async () => {
    const first = await createTestDatabase({ fromScratch: true });
    try {
      const second = await createTestDatabase({ fromScratch: true });
      try {
        for (const { database } of [first, second]) {
          expect(
            await database.db
              .selectFrom("kysely_migration" as never)
              .select("name" as never)
              .execute(),
          ).toHaveLength(migrationNames.length);
          expect(await database.db.selectFrom("orders").selectAll().execute()).toEqual([]);
        }
      } finally {
        await second.drop();
      }
    } finally {
      await first.drop();
    }
  });

  it("0012 gives the orders placed before it English, and can be undone", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    try {
      const db = database.db as unknown as Kysely<{ orders: Record<string, unknown> }>;
      await orderLanguage.down!(db as unknown as Kysely<unknown>);
      const now = "2026-01-01T00:00:00.000Z";
      const before = { id: "o1", reference: "PSL-AAAA2", channel: "whatsapp", status: "new", note: "", total: 100, created_at: now, updated_at: now };
      await db.insertInto("orders").values(before).execute();
      await orderLanguage.up(db as unknown as Kysely<unknown>);
      await db
        .insertInto("orders")
        .values({ ...before, id: "o2", reference: "PSL-AAAA3", language: "ne" })
        .execute();
      const rows = await database.db.selectFrom("orders").select(["id", "language"]).orderBy("id").execute();
      expect(rows).toEqual([
        { id: "o1", language: "en" },
        { id: "o2", language: "ne" },
      ]);
    } finally {
      await drop();
    }
  });

  it("0018 sets no item to deliver automatically and no line delivered so, and can be undone", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    try {
      const db = database.db as unknown as Kysely<unknown>;
      await automaticDelivery.down!(db);
      await automaticDelivery.up(db);
      const now = "2026-01-01T00:00:00.000Z";
      await database.db
        .insertInto("catalogue_items")
        .values({
          id: "i1",
          item_id: "1",
          name: "X",
          name_key: "x",
          info: "",
          image_id: "",
          category: "ott",
          status: "none",
          note: "",
          special_link: "",
          created_at: now,
          updated_at: now,
          name_ne: null,
          info_ne: null,
          note_ne: null,
        })
        .execute();
      expect(await database.db.selectFrom("catalogue_items").select("auto_deliver").executeTakeFirst()).toEqual({ auto_deliver: 0 });
    } finally {
      await drop();
    }
  });

  it("0023 ties a chat to an order or a phone once each, goes with the chat, and can be undone", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    try {
      const db = database.db as unknown as Kysely<unknown>;
      await shopperUpdates.down!(db);
      await shopperUpdates.up(db);
      const now = "2026-01-01T00:00:00.000Z";
      await database.db
        .insertInto("telegram_chats")
        .values({ id: "c1", chat_id: "42", user_id: "", title: "", role: "shopper", admin_id: null, created_at: now, updated_at: now })
        .execute();
      await database.db
        .insertInto("telegram_follows")
        .values({ id: "f1", chat_id: "c1", order_id: null, phone: "+9779800000001", created_at: now })
        .execute();
      const again = await database.db
        .insertInto("telegram_follows")
        .values({ id: "f2", chat_id: "c1", order_id: null, phone: "+9779800000001", created_at: now })
        .execute()
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isUniqueViolation(again)).toBe(true);
      await database.db.deleteFrom("telegram_chats").where("id", "=", "c1").execute();
      expect(await database.db.selectFrom("telegram_follows").selectAll().execute()).toEqual([]);
    } finally {
      await drop();
    }
  });

  it("0021 keeps one link per customer and one customer per key, and can be undone", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    try {
      const db = database.db as unknown as Kysely<unknown>;
      await customerLinks.down!(db);
      await customerLinks.up(db);
      const link = { phone: "+9779800000001", key_hash: "a".repeat(64), key_sealed: "s1.x.y", created_at: "2026-01-01T00:00:00.000Z" };
      await database.db.insertInto("customer_links").values(link).execute();
      for (const clash of [
        { ...link, key_hash: "b".repeat(64) },
        { ...link, phone: "+9779800000002" },
      ]) {
        const refused = await database.db
          .insertInto("customer_links")
          .values(clash)
          .execute()
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(isUniqueViolation(refused), JSON.stringify(clash)).toBe(true);
      }
    } finally {
      await drop();
    }
  });

  it("0024 gives the orders before it no discount nor credit, keeps coupon codes unique, and can be undone", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    try {
      const db = database.db as unknown as Kysely<unknown>;
      await growthTools.down!(db);
      const now = "2026-01-01T00:00:00.000Z";
      const typed = db as unknown as Kysely<{ orders: Record<string, unknown> }>;
      await typed
        .insertInto("orders")
        .values({ id: "o1", reference: "PSL-AAAAA", channel: "whatsapp", status: "new", note: "", total: 300, created_at: now, updated_at: now })
        .execute();
      await growthTools.up(db);
      expect(await database.db.selectFrom("orders").select(["discount", "credit_applied", "coupon_code", "referred_by"]).executeTakeFirst()).toEqual({
        discount: 0,
        credit_applied: 0,
        coupon_code: null,
        referred_by: null,
      });
      const coupon = {
        id: "c1",
        code: "DASHAIN",
        kind: "percent",
        amount: 10,
        scope: "all",
        targets: "[]",
        min_total: 0,
        created_at: now,
        updated_at: now,
      };
      await database.db.insertInto("coupons").values(coupon).execute();
      const clash = await database.db
        .insertInto("coupons")
        .values({ ...coupon, id: "c2" })
        .execute()
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isUniqueViolation(clash)).toBe(true);
    } finally {
      await drop();
    }
  });

  it("0025 keeps a replaced secret only as long as its account, and can be undone", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    try {
      const db = database.db as unknown as Kysely<unknown>;
      await secretChangesAndSeatMoves.down!(db);
      await secretChangesAndSeatMoves.up(db);
      const now = "2026-01-01T00:00:00.000Z";
      await database.db
        .insertInto("provider_accounts")
        .values({
          id: "a1",
          service: "Netflix",
          login: "x",
          password_secret: "s",
          renewal_date: null,
          cost: 0,
          period_months: 1,
          status: "active",
          notes: "",
          created_at: now,
          updated_at: now,
        })
        .execute();
      await database.db
        .insertInto("previous_secrets")
        .values({
          id: "p1",
          account_id: "a1",
          seat_id: null,
          what: "password",
          secret: "old",
          replaced_at: now,
          replaced_by: "me",
          delete_after: now,
        })
        .execute();
      await database.db.deleteFrom("provider_accounts").where("id", "=", "a1").execute();
      expect(await database.db.selectFrom("previous_secrets").selectAll().execute()).toEqual([]);
    } finally {
      await drop();
    }
  });

  it("0020 leaves the orders before it without a reason to be cancelled, and can be undone", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    try {
      const db = database.db as unknown as Kysely<unknown>;
      await orderCeilings.down!(db);
      const now = "2026-01-01T00:00:00.000Z";
      const typed = db as unknown as Kysely<{ orders: Record<string, unknown> }>;
      await typed
        .insertInto("orders")
        .values({
          id: "o1",
          reference: "PSL-AAAA2",
          channel: "whatsapp",
          status: "cancelled",
          note: "",
          total: 100,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await orderCeilings.up(db);
      expect(await database.db.selectFrom("orders").select(["id", "cancel_reason"]).execute()).toEqual([{ id: "o1", cancel_reason: null }]);
      expect(await database.db.selectFrom("ceiling_refusals").selectAll().execute()).toEqual([]);
    } finally {
      await drop();
    }
  });

  it("0016 reads the accounts stored before as a billing cycle, turning their cost into the cycle's, and can be undone", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    try {
      const db = database.db as unknown as Kysely<{ provider_accounts: Record<string, unknown> }>;
      await billingAndLifetimeKeys.down!(db as unknown as Kysely<unknown>);
      const now = "2026-01-01T00:00:00.000Z";
      const before = {
        service: "Netflix",
        login: "a@example.com",
        password_secret: "s1.x.y",
        status: "active",
        notes: "",
        created_at: now,
        updated_at: now,
      };
      await db
        .insertInto("provider_accounts")
        .values([
          { ...before, id: "monthly", renewal_date: "2026-02-01", cost: 1500, period_months: 1 },
          { ...before, id: "quarterly", renewal_date: "2026-04-01", cost: 1000, period_months: 3 },
          { ...before, id: "yearly", renewal_date: "2027-01-01", cost: 12000, period_months: 12 },
          { ...before, id: "two-years", renewal_date: "2028-01-01", cost: 20000, period_months: 24 },
          { ...before, id: "for-good", renewal_date: null, cost: 5000, period_months: 1 },
          { ...before, id: "retired", renewal_date: "2026-02-01", cost: 900, period_months: 1, status: "retired" },
        ])
        .execute();
      await billingAndLifetimeKeys.up(db as unknown as Kysely<unknown>);
      const rows = await database.db
        .selectFrom("provider_accounts")
        .select(["id", "billing_cycle", "cost", "period_months", "auto_renews", "renewal_date"])
        .orderBy("id")
        .execute();
      expect(rows.map((row) => ({ ...row, cost: Number(row.cost), auto_renews: Number(row.auto_renews) }))).toEqual([
        { id: "for-good", billing_cycle: "none", cost: 5000, period_months: 1, auto_renews: 0, renewal_date: null },
        { id: "monthly", billing_cycle: "monthly", cost: 1500, period_months: 1, auto_renews: 1, renewal_date: "2026-02-01" },
        { id: "quarterly", billing_cycle: "monthly", cost: 333, period_months: 1, auto_renews: 1, renewal_date: "2026-04-01" },
        { id: "retired", billing_cycle: "monthly", cost: 900, period_months: 1, auto_renews: 0, renewal_date: "2026-02-01" },
        { id: "two-years", billing_cycle: "yearly", cost: 10000, period_months: 12, auto_renews: 1, renewal_date: "2028-01-01" },
        { id: "yearly", billing_cycle: "yearly", cost: 12000, period_months: 12, auto_renews: 1, renewal_date: "2027-01-01" },
      ]);
      expect(await database.db.selectFrom("lifetime_items").selectAll().execute()).toEqual([]);
    } finally {
      await drop();
    }
  });

  it("0019 gives the reveals logged before a kind, a copy of what they named and the shopper's address, keeps them past a deletion, and can be undone", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    try {
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await auditOutlivesWhatItAudits.down!(db as unknown as Kysely<unknown>);
      const now = "2026-01-01T00:00:00.000Z";
      const stamps = { created_at: now, updated_at: now };
      await db
        .insertInto("catalogue_items")
        .values({
          id: "i1",
          item_id: "1",
          name: "Windows Key",
          name_key: "windows key",
          info: "",
          image_id: "",
          category: "software",
          status: "none",
          note: "",
          special_link: "",
          ...stamps,
        })
        .execute();
      await db
        .insertInto("orders")
        .values({ id: "o1", reference: "PSL-AAAA2", channel: "whatsapp", status: "delivered", note: "", total: 100, ...stamps })
        .execute();
      await db
        .insertInto("order_lines")
        .values({
          id: "l1",
          order_id: "o1",
          position: 0,
          item_id: "i1",
          name: "Windows Key",
          months: 1,
          devices: 1,
          unit_price: 100,
          line_total: 100,
        })
        .execute();
      await db
        .insertInto("licence_keys")
        .values({ id: "k1", item_id: "i1", code_secret: "s", code_hash: "h", line_id: "l1", added_at: now, delivered_at: now })
        .execute();
      await db
        .insertInto("provider_accounts")
        .values({
          id: "a1",
          service: "Netflix",
          login: "me@example.com",
          password_secret: "s",
          cost: 1,
          period_months: 1,
          status: "active",
          notes: "",
          ...stamps,
        })
        .execute();
      const reveal = (id: string, fields: Record<string, unknown>) => ({
        id,
        account_id: null,
        licence_key_id: null,
        gateway: null,
        admin_email: "owner@pasal.test",
        at: now,
        ...fields,
      });
      await db
        .insertInto("secret_reveals")
        .values([
          reveal("r1", { account_id: "a1", what: "password" }),
          reveal("r2", { account_id: "a1", what: "PIN of seat 2" }),
          reveal("r3", { account_id: "a1", what: "delivery message for seat 1 (PSL-AAAA2)", admin_email: "shopper at 203.0.113.9" }),
          reveal("r4", { licence_key_id: "k1", what: "licence key for delivery" }),
          reveal("r5", { gateway: "esewa", what: "secret key" }),
        ])
        .execute();

      await auditOutlivesWhatItAudits.up(db as unknown as Kysely<unknown>);
      const read = () => database.db.selectFrom("secret_reveals").select(["id", "kind", "label", "address"]).orderBy("id").execute();
      const expected = [
        { id: "r1", kind: "password", label: "Netflix (me@example.com)", address: null },
        { id: "r2", kind: "pin", label: "Netflix (me@example.com)", address: null },
        { id: "r3", kind: "delivery", label: "Netflix (me@example.com)", address: "203.0.113.9" },
        { id: "r4", kind: "key", label: "Windows Key for PSL-AAAA2", address: null },
        { id: "r5", kind: "gateway", label: "eSewa", address: null },
      ];
      expect(await read()).toEqual(expected);
      // The account goes (by hand): its rows stay. The key keeps its item: the item cannot go.
      await database.db.deleteFrom("provider_accounts").where("id", "=", "a1").execute();
      expect(await read()).toEqual(expected);
      await expect(database.db.deleteFrom("catalogue_items").where("id", "=", "i1").execute()).rejects.toThrow();
      expect(await database.db.selectFrom("catalogue_items").select("hidden").executeTakeFirst()).toEqual({ hidden: 0 });

      // Undone, the old log keeps the reveals of what still exists; done again, nothing else is lost.
      await auditOutlivesWhatItAudits.down!(db as unknown as Kysely<unknown>);
      await auditOutlivesWhatItAudits.up(db as unknown as Kysely<unknown>);
      expect((await read()).map((row) => row.id)).toEqual(["r4", "r5"]);
    } finally {
      await drop();
    }
  });

  it("0026 keeps a problem and its history as long as its order, numbers its steps once, and can be undone", () =>
    afterRedoing(shopperProblems, async ({ db }) => {
      const at = "2026-01-01T00:00:00.000Z";
      const stamps = { created_at: at, updated_at: at };
      await db
        .insertInto("orders")
        .values({ id: "o1", reference: "PSL-AAAAA", channel: "whatsapp", status: "delivered", note: "", total: 1, ...stamps })
        .execute();
      const line = { id: "l1", order_id: "o1", position: 0, item_id: null, name: "Key", months: 1, devices: 1, unit_price: 1, line_total: 1 };
      await db.insertInto("order_lines").values(line).execute();
      await db
        .insertInto("problems")
        .values({ id: "p1", order_id: "o1", line_id: "l1", kind: "other", text: "x", status: "open", ...stamps })
        .execute();
      const step = { problem_id: "p1", position: 1, kind: "reported", text: "x", who: "shopper", at };
      await db
        .insertInto("problem_events")
        .values({ id: "e1", ...step })
        .execute();
      // The same step number twice is refused: two writers of one problem's history cannot both take it.
      const twice = await db
        .insertInto("problem_events")
        .values({ id: "e2", ...step })
        .execute()
        .catch((error: unknown) => error);
      expect(isUniqueViolation(twice)).toBe(true);
      expect(await db.selectFrom("problems").select("version").executeTakeFirst()).toEqual({ version: 1 });
      await db.deleteFrom("orders").where("id", "=", "o1").execute();
      expect(await db.selectFrom("problem_events").selectAll().execute()).toEqual([]);
    }));

  it("0027 ends the chats' ties to a phone, keeps their ties to orders, and lets a token name a customer", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    try {
      const db = database.db;
      await followsNeedProof.down!(db as unknown as Kysely<unknown>);
      const at = "2026-01-01T00:00:00.000Z";
      await db
        .insertInto("orders")
        .values({ id: "o1", reference: "PSL-AAAAA", channel: "telegram", status: "new", note: "", total: 1, created_at: at, updated_at: at })
        .execute();
      const chat = { chat_id: "1", user_id: "", title: "", role: "shopper", admin_id: null, language: "en", created_at: at, updated_at: at };
      await db
        .insertInto("telegram_chats")
        .values({ id: "c1", ...chat })
        .execute();
      await db
        .insertInto("telegram_follows")
        .values([
          { id: "f1", chat_id: "c1", order_id: "o1", phone: null, created_at: at },
          { id: "f2", chat_id: "c1", order_id: null, phone: "+9779812777001", created_at: at },
        ])
        .execute();
      await followsNeedProof.up(db as unknown as Kysely<unknown>);
      expect(await db.selectFrom("telegram_follows").select("id").execute()).toEqual([{ id: "f1" }]);
      await db
        .insertInto("telegram_links")
        .values({ code_hash: "h", role: "shopper", admin_id: null, order_id: null, phone: "+9779812777001", expires_at: at, created_at: at })
        .execute();
      expect(await db.selectFrom("telegram_links").select("phone").execute()).toEqual([{ phone: "+9779812777001" }]);
    } finally {
      await drop();
    }
  });

  it("0028 gives a mobile written with its trunk 0 the one form everywhere, merging the rows it made twice", () =>
    afterRedoing(oneFormPerMobile, async ({ db }) => {
      const at = (n: number) => `2026-01-0${n}T00:00:00.000Z`;
      const one = "+9779816000777";
      // As the old normalisation stored them: the trunk 0 kept, each spelling a customer of its own.
      const spellings = [
        ["9816000777", one],
        ["09816000777", "09816000777"],
        ["+977 09816000777", "+97709816000777"],
        ["97709816000777", "97709816000777"],
        ["+44 7911 123456", "+447911123456"],
      ];
      for (const [i, [phone, key]] of spellings.entries()) {
        await db
          .insertInto("orders")
          .values({
            id: `o${i}`,
            reference: `PSL-AAAA${i}`,
            channel: "whatsapp",
            status: "new",
            phone,
            phone_key: key,
            note: "",
            total: 1,
            created_at: at(1),
            updated_at: at(1),
          })
          .execute();
      }
      await db.updateTable("orders").set({ referred_by: "09816000777" }).where("id", "=", "o4").execute();
      await db
        .insertInto("blocked_phones")
        .values([
          { phone: "09816000777", reason: "first", created_at: at(1) },
          { phone: "97709816000777", reason: "second", created_at: at(2) },
        ])
        .execute();
      await db
        .insertInto("customers")
        .values([
          { phone: one, display_name: "Gita", note: "pays late", created_at: at(1), updated_at: at(1) },
          { phone: "09816000777", display_name: "", note: "asked for Nepali", created_at: at(2), updated_at: at(2) },
        ])
        .execute();
      await db
        .insertInto("referral_codes")
        .values([
          { phone: "09816000777", code: "R-AAAAAA", created_at: at(1) },
          { phone: "+97709816000777", code: "R-BBBBBB", created_at: at(2) },
        ])
        .execute();
      await db
        .insertInto("customer_links")
        .values({ phone: "09816000777", key_hash: "h1", key_sealed: "s1", created_at: at(1) })
        .execute();
      await db
        .insertInto("coupons")
        .values({
          id: "c1",
          code: "ONCE",
          kind: "percent",
          amount: 1,
          scope: "all",
          targets: "[]",
          min_total: 0,
          created_at: at(1),
          updated_at: at(1),
        })
        .execute();
      await db
        .insertInto("coupon_uses")
        .values({ order_id: "o1", coupon_id: "c1", phone_key: "09816000777", discount: 1, created_at: at(1) })
        .execute();

      await oneFormPerMobile.down!(db as unknown as Kysely<unknown>);
      await oneFormPerMobile.up(db as unknown as Kysely<unknown>);

      const keys = await db.selectFrom("orders").select(["phone_key", "referred_by"]).orderBy("id").execute();
      expect(keys.map((row) => row.phone_key)).toEqual([one, one, one, one, "+447911123456"]);
      expect(keys[4]!.referred_by).toBe(one);
      expect(await db.selectFrom("blocked_phones").select(["phone", "reason"]).execute()).toEqual([{ phone: one, reason: "first" }]);
      expect(await db.selectFrom("customers").select(["phone", "display_name", "note"]).execute()).toEqual([
        { phone: one, display_name: "Gita", note: "pays late\n\nasked for Nepali" },
      ]);
      expect(await db.selectFrom("referral_codes").select(["phone", "code"]).execute()).toEqual([{ phone: one, code: "R-AAAAAA" }]);
      expect(await db.selectFrom("customer_links").select(["phone", "sealed_for"]).execute()).toEqual([{ phone: one, sealed_for: "09816000777" }]);
      expect(await db.selectFrom("coupon_uses").select("phone_key").execute()).toEqual([{ phone_key: one }]);
    }));

  it("0029 asks an admin the shop called 'Admin' for a name, and leaves every chosen name alone", () =>
    afterRedoing(firstAdminNamed, async ({ db }) => {
      const now = "2026-01-01T00:00:00.000Z";
      const user = (id: string, name: string) => ({ id, email: `${id}@pasal.test`, name, password_hash: "x", created_at: now, updated_at: now });
      await db
        .insertInto("admin_users")
        .values([user("first", "Admin"), user("second", "Sita Rai"), user("third", "Admins")])
        .execute();
      await firstAdminNamed.up(db as unknown as Kysely<unknown>);
      expect(await db.selectFrom("admin_users").select(["id", "name"]).orderBy("id").execute()).toEqual([
        { id: "first", name: "" },
        { id: "second", name: "Sita Rai" },
        { id: "third", name: "Admins" },
      ]);
    }));

  it("0033 gives the items and lines before it the whole term as their warranty, and can be undone", () =>
    afterRedoing(warranty, async ({ db }) => {
      const now = "2026-01-01T00:00:00.000Z";
      await db
        .insertInto("catalogue_items")
        .values({
          id: "i1",
          item_id: "1",
          name: "X",
          name_key: "x",
          info: "",
          image_id: "",
          category: "ott",
          status: "none",
          note: "",
          special_link: "",
          created_at: now,
          updated_at: now,
        })
        .execute();
      expect(await db.selectFrom("catalogue_items").select("warranty_days").executeTakeFirst()).toEqual({ warranty_days: null });
    }));

  it("0034 keeps one bill per order and one number per fiscal year and series, and can be undone", () =>
    afterRedoing(bills, async ({ db }) => {
      const counter = { series: "bill", fiscal_year: "2083/84", last_number: 1 };
      await db.insertInto("bill_counters").values(counter).execute();
      await expect(db.insertInto("bill_counters").values(counter).execute()).rejects.toThrow();
      expect(await db.selectFrom("bills").selectAll().execute()).toEqual([]);
    }));

  it("0032 turns referral credit earned and not used into store credit, one movement per customer, and can be undone", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    try {
      const db = database.db;
      await storeCredit.down!(db as unknown as Kysely<unknown>);
      const now = "2026-01-01T00:00:00.000Z";
      const order = (id: string, phone: string, status: string, creditApplied: number) => ({
        id,
        reference: `PSL-${id}`,
        channel: "whatsapp",
        status,
        customer_name: null,
        phone,
        phone_key: phone,
        note: "",
        total: 500,
        created_at: now,
        updated_at: now,
        key_hash: null,
        key_sealed: null,
        credit_applied: creditApplied,
      });
      await db
        .insertInto("orders")
        .values([
          order("AAAA1", "+9779800000001", "paid", 0),
          order("AAAA2", "+9779800000002", "paid", 0),
          order("AAAA3", "+9779800000001", "paid", 100),
          order("AAAA4", "+9779800000001", "cancelled", 100),
          order("AAAA5", "+9779800000003", "paid", 0),
          order("AAAA6", "+9779800000003", "paid", 100),
        ] as never)
        .execute();
      await db
        .insertInto("referral_credits")
        .values([
          { order_id: "AAAA2", phone: "+9779800000001", amount: 100, created_at: now },
          { order_id: "AAAA5", phone: "+9779800000001", amount: 150, created_at: now },
          { order_id: "AAAA1", phone: "+9779800000003", amount: 100, created_at: now },
        ])
        .execute();
      await storeCredit.up(db as unknown as Kysely<unknown>);
      // 250 earned, 100 used (the cancelled order's 100 came back): 150 left; the other customer used all of theirs.
      expect(await db.selectFrom("balance_movements").select(["phone", "seq", "amount", "balance_after", "kind"]).execute()).toEqual([
        { phone: "+9779800000001", seq: 1, amount: 150, balance_after: 150, kind: "referral" },
      ]);
      expect(await db.selectFrom("balance_accounts").select(["phone", "movements"]).execute()).toEqual([{ phone: "+9779800000001", movements: 1 }]);
      expect((await db.selectFrom("orders").select("balance_paid").executeTakeFirst())?.balance_paid).toBe(0);
    } finally {
      await drop();
    }
  });
});
