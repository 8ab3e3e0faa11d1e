import { sql } from "kysely";
import type { Db } from "../../db/database";
import { nextVersion } from "../versions";

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

    /** The value and the number of its last change; version 0 when it was never saved. */
    async getWithVersion(db: Db, key: string): Promise<{ value: unknown; version: number }> {
      const row = await db.selectFrom("settings").select(["value", "version"]).where("key", "=", key).executeTakeFirst();
      return row ? { value: JSON.parse(row.value), version: Number(row.version) } : { value: undefined, version: 0 };
    },

    /**
     * Saves the value in one statement: over any version when `expected` is undefined, else only over that
     * version (0: only if never saved). The new version, or undefined when another save came first.
     */
    async setIfVersion(db: Db, key: string, value: unknown, now: string, expected: number | undefined): Promise<number | undefined> {
      const json = JSON.stringify(value);
      const insert = db.insertInto("settings").values({ key, value: json, updated_at: now });
      const row =
        expected === undefined
          ? await insert
              .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: now, version: sql<number>`settings.version + 1` }))
              .returning("version")
              .executeTakeFirst()
          : expected === 0
            ? await insert
                .onConflict((oc) => oc.column("key").doNothing())
                .returning("version")
                .executeTakeFirst()
            : await db
                .updateTable("settings")
                .set({ value: json, updated_at: now, version: nextVersion })
                .where("key", "=", key)
                .where("version", "=", expected)
                .returning("version")
                .executeTakeFirst();
      return row && Number(row.version);
    },
  };
}
