import { afterEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { customers } from "../../server/db/migrations/0009-customers";
import { createTestDatabase } from "../helpers/database";

const drops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (drops.length) await drops.pop()!();
});

describe("migration 0009", () => {
  it("backfills each order's phone in one form, leaving anonymous orders without one, and can be undone", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    drops.push(drop);
    const db = database.db;
    // Back to before 0009: orders as they were stored, with phones written in several ways.
    await customers.down!(db as unknown as Kysely<unknown>);
    const now = "2026-01-01T00:00:00.000Z";
    const phones = ["9800000001", "+977 980-0000001", "9779800000001", null, "+44 7911 123456", "--"];
    for (const [i, phone] of phones.entries()) {
      await (db as unknown as Kysely<{ orders: Record<string, unknown> }>)
        .insertInto("orders")
        .values({
          id: `o${i}`,
          reference: `PSL-AAAA${i}`,
          channel: "whatsapp",
          status: "new",
          phone,
          note: "",
          total: 100,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await customers.up(db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom("orders").select(["id", "phone_key"]).orderBy("id").execute();
    expect(rows.map((row) => row.phone_key)).toEqual(["+9779800000001", "+9779800000001", "+9779800000001", null, "+447911123456", null]);
    // The new columns and table are there and usable.
    await db.insertInto("customers").values({ phone: "+9779800000001", display_name: "Sita", note: "", created_at: now, updated_at: now }).execute();
    expect((await db.selectFrom("customers").select("version").executeTakeFirstOrThrow()).version).toBe(1);
  });
});
