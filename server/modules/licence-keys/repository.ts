import { PostgresAdapter } from "kysely";
import type { Db } from "../../db/database";
import { linesWithOrders } from "../../db/order-shapes";

/** `neverExpires`: the item's keys are lifetime licences, so its lines have no end date. */
export type StockCount = { itemId: string; inStock: number; delivered: number; neverExpires: boolean };

/** Per item with keys: how many it has and how many of them are delivered (counts as the driver returns them). */
function keyCounts(db: Db) {
  return db
    .selectFrom("licence_keys")
    .select((eb) => [
      "item_id as itemId",
      eb.fn.countAll<string | number>().as("total"),
      eb.fn.count<string | number>("delivered_at").as("delivered"),
    ])
    .groupBy("item_id")
    .execute();
}

export function createLicenceKeysRepository() {
  return {
    /** Code hashes of `itemId` already stored, among `hashes`. */
    async existingHashes(db: Db, itemId: string, hashes: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      // In slices: a statement may carry only so many parameters.
      for (let at = 0; at < hashes.length; at += 500) {
        const rows = await db
          .selectFrom("licence_keys")
          .select("code_hash")
          .where("item_id", "=", itemId)
          .where("code_hash", "in", hashes.slice(at, at + 500))
          .execute();
        for (const row of rows) found.add(row.code_hash);
      }
      return found;
    },

    async insertMany(db: Db, rows: ReadonlyArray<{ id: string; itemId: string; codeSecret: string; codeHash: string; cost: number }>, now: string) {
      for (let at = 0; at < rows.length; at += 500) {
        await db
          .insertInto("licence_keys")
          .values(
            rows.slice(at, at + 500).map((row) => ({
              id: row.id,
              item_id: row.itemId,
              code_secret: row.codeSecret,
              code_hash: row.codeHash,
              line_id: null,
              added_at: now,
              delivered_at: null,
              cost: row.cost,
            })),
          )
          .execute();
      }
    },

    async stock(db: Db): Promise<StockCount[]> {
      const [rows, lifetime] = await Promise.all([keyCounts(db), db.selectFrom("lifetime_items").select("item_id").execute()]);
      const never = new Set(lifetime.map((row) => row.item_id));
      return rows.map((row) => ({
        itemId: row.itemId,
        inStock: Number(row.total) - Number(row.delivered),
        delivered: Number(row.delivered),
        neverExpires: never.has(row.itemId),
      }));
    },

    /** Marks the item's keys as never expiring, or not. */
    async setNeverExpires(db: Db, itemId: string, neverExpires: boolean) {
      if (!neverExpires) await db.deleteFrom("lifetime_items").where("item_id", "=", itemId).execute();
      else
        await db
          .insertInto("lifetime_items")
          .values({ item_id: itemId })
          .onConflict((oc) => oc.column("item_id").doNothing())
          .execute();
    },

    /**
     * Takes one key in stock for the line, or none. On PostgreSQL the row is locked and others skip it,
     * so concurrent deliveries take different keys without waiting; SQLite runs one write at a time. The
     * `delivered_at is null` in the update makes taking a key twice impossible either way (ADR 0082).
     */
    async take(db: Db, itemId: string, lineId: string, now: string): Promise<{ id: string; codeSecret: string } | undefined> {
      const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
      let next = db
        .selectFrom("licence_keys")
        .select("id")
        .where("item_id", "=", itemId)
        .where("delivered_at", "is", null)
        .orderBy("added_at")
        .orderBy("id")
        .limit(1);
      if (isPostgres) next = next.forUpdate().skipLocked();
      const candidate = await next.executeTakeFirst();
      if (!candidate) return undefined;
      return db
        .updateTable("licence_keys")
        .set({ line_id: lineId, delivered_at: now })
        .where("id", "=", candidate.id)
        .where("delivered_at", "is", null)
        .returning(["id", "code_secret as codeSecret"])
        .executeTakeFirst();
    },

    /** The line's item as sold and its order's reference, to name its keys in the audit log. */
    async lineLabel(db: Db, lineId: string) {
      return linesWithOrders(db).select(["l.name", "o.reference"]).where("l.id", "=", lineId).executeTakeFirst();
    },

    async ofLine(db: Db, lineId: string) {
      return db
        .selectFrom("licence_keys")
        .select(["id", "item_id as itemId", "code_secret as codeSecret", "delivered_at as deliveredAt"])
        .where("line_id", "=", lineId)
        .where("replaced_at", "is", null)
        .orderBy("delivered_at")
        .execute();
    },

    /** The line's keys stop being its own: they stay sold (and counted), replaced by new ones. */
    async retireOfLine(db: Db, lineId: string, now: string): Promise<number> {
      const result = await db
        .updateTable("licence_keys")
        .set({ replaced_at: now })
        .where("line_id", "=", lineId)
        .where("replaced_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
