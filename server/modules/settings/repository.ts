import type { Db } from "../../db/database";

export function createSettingsRepository() {
  return {
    async get(db: Db, key: string): Promise<unknown> {
      const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
      return row ? JSON.parse(row.value) : undefined;
    },

    async set(db: Db, key: string, value: unknown, now: string): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto("settings")
        .values({ key, value: json, updated_at: now })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: now }))
        .execute();
    },
  };
}
