import type { Db } from "../../db/database";
import type { MediaTable } from "../../db/schema";

export type MediaRow = MediaTable;

export function createMediaRepository(db: Db) {
  return {
    /** Every row or none. */
    async insert(rows: MediaRow[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("media").values(rows).execute();
      });
    },
    /** Rows whose name is taken already are left as they are (another instance stored the same file). */
    async insertMissing(rows: MediaRow[]): Promise<number> {
      if (!rows.length) return 0;
      const inserted = await db
        .insertInto("media")
        .values(rows)
        .onConflict((conflict) => conflict.column("name").doNothing())
        .returning("name")
        .execute();
      return inserted.length;
    },
    async find(name: string): Promise<MediaRow | undefined> {
      return db.selectFrom("media").selectAll().where("name", "=", name).executeTakeFirst();
    },
    async names(): Promise<Set<string>> {
      const rows = await db.selectFrom("media").select("name").execute();
      return new Set(rows.map((row) => row.name));
    },
  };
}
