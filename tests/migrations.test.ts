import { describe, expect, it } from "vitest";
import { createTestDatabase } from "./helpers/database";

describe("migrations", () => {
  // On PostgreSQL each test database is a schema of one shared database; a shop may share one too.
  it("brings each of two databases alive at once up to date on its own", async () => {
    const first = await createTestDatabase();
    try {
      const second = await createTestDatabase();
      try {
        for (const { database } of [first, second]) {
          expect(
            await database.db
              .selectFrom("kysely_migration" as never)
              .select("name" as never)
              .execute(),
          ).toHaveLength(4);
          expect(await database.db.selectFrom("orders").selectAll().execute()).toEqual([]);
        }
      } finally {
        await second.drop();
      }
    } finally {
      await first.drop();
    }
  });
});
