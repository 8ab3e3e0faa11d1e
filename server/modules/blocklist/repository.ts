import { randomUUID } from "node:crypto";
import type { BlockedAttempt, BlockedPhone, BlockInput } from "../../../domain/blocklist/schemas";
import type { Db } from "../../db/database";

export function createBlocklistRepository() {
  return {
    async list(db: Db): Promise<BlockedPhone[]> {
      const rows = await db
        .selectFrom("blocked_phones as b")
        .select(["b.phone", "b.reason", "b.created_at"])
        .select((eb) =>
          eb
            .selectFrom("blocked_attempts as a")
            .whereRef("a.phone", "=", "b.phone")
            .select((inner) => inner.fn.countAll<number>().as("n"))
            .as("attempts"),
        )
        .orderBy("b.created_at", "desc")
        .orderBy("b.phone")
        .execute();
      return rows.map((row) => ({ phone: row.phone, reason: row.reason, createdAt: row.created_at, attempts: Number(row.attempts ?? 0) }));
    },

    async attempts(db: Db, limit: number): Promise<BlockedAttempt[]> {
      const rows = await db.selectFrom("blocked_attempts").selectAll().orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
      return rows.map((row) => ({ phone: row.phone, channel: row.channel, total: Number(row.total), createdAt: row.created_at }));
    },

    /** False when the phone was already on the list. */
    async insert(db: Db, block: BlockInput, now: string): Promise<boolean> {
      const result = await db
        .insertInto("blocked_phones")
        .values({ phone: block.phone, reason: block.reason, created_at: now })
        .onConflict((oc) => oc.column("phone").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async remove(db: Db, phone: string): Promise<boolean> {
      const result = await db.deleteFrom("blocked_phones").where("phone", "=", phone).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async isBlocked(db: Db, phone: string): Promise<boolean> {
      return (await db.selectFrom("blocked_phones").select("phone").where("phone", "=", phone).executeTakeFirst()) !== undefined;
    },

    async recordAttempt(db: Db, attempt: { phone: string; channel: string; total: number }, now: string) {
      await db
        .insertInto("blocked_attempts")
        .values({ id: randomUUID(), ...attempt, created_at: now })
        .execute();
    },
  };
}
