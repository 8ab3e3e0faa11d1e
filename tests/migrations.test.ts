import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { orderLanguage } from "../server/db/migrations/0012-order-language";
import { migrationNames } from "../server/db/migrate";
import { createTestDatabase } from "./helpers/database";

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
});
