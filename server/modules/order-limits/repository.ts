import { REFUSAL_KINDS, type RefusalKind } from "../../../domain/order-limits/order-limits";
import type { RefusalSummary } from "../../../domain/order-limits/schemas";
import type { Db } from "../../db/database";

/** Refusals of the shop-wide ceilings, one row per kind and minute (0020-order-ceilings). */
export function createOrderLimitsRepository() {
  return {
    /**
     * Counts `count` refusals of `kind` at `now`, in one statement (instances refusing at once each add theirs); the
     * minute's count after it, so the first of a minute can be logged.
     */
    async recordRefusal(db: Db, kind: RefusalKind, now: string, count = 1): Promise<number> {
      const row = await db
        .insertInto("ceiling_refusals")
        .values({ kind, minute: now.slice(0, 16), count, last_at: now })
        .onConflict((oc) =>
          oc
            .columns(["kind", "minute"])
            .doUpdateSet((eb) => ({ count: eb("ceiling_refusals.count", "+", eb.ref("excluded.count")), last_at: eb.ref("excluded.last_at") })),
        )
        .returning("count")
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Per kind, the refusals counted from `since` (an ISO time; its minute counts whole) on: how many, the first and the last. */
    async refusalsSince(db: Db, since: string): Promise<RefusalSummary[]> {
      const rows = await db
        .selectFrom("ceiling_refusals")
        .select((eb) => ["kind", eb.fn.sum<string | number>("count").as("refused"), eb.fn.min("minute").as("first"), eb.fn.max("last_at").as("last")])
        .where("last_at", ">", since)
        .groupBy("kind")
        .execute();
      return rows
        .filter((row) => (REFUSAL_KINDS as readonly string[]).includes(row.kind))
        .map((row) => ({ kind: row.kind as RefusalKind, refused: Number(row.refused), firstAt: `${row.first}:00.000Z`, lastAt: row.last }))
        .sort((a, b) => REFUSAL_KINDS.indexOf(a.kind) - REFUSAL_KINDS.indexOf(b.kind));
    },

    /** Forgets minutes that ended before `before`. */
    async deleteRefusalsBefore(db: Db, before: string): Promise<void> {
      await db.deleteFrom("ceiling_refusals").where("minute", "<", before.slice(0, 16)).execute();
    },
  };
}
