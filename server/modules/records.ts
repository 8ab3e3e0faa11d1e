import type { ChangeSignals, ChangeTopic } from "../db/change-signals";
import type { Db } from "../db/database";
import type { HttpError } from "../errors";
import { nextVersion, unmatched } from "./versions";

// The steps that are the same in the modules of records an admin adds, edits at a version (ADR 0017) and deletes
// one by one. Each module keeps its own insert and update: their columns are its own, and Kysely checks those
// only against a table it is told by name.

/** The tables of such records, each keyed by `id`. */
type RecordTable = "carousel_slides" | "payment_methods" | "update_posts" | "videos" | "catalogue_items";

/** Of those, the lists an admin puts in order: each record has a `position`, 0 first. */
type OrderedTable = "carousel_slides" | "payment_methods";

/** Deletes the record with `id` from `table`: false when there was none. */
export async function deleteRecord(db: Db, table: RecordTable, id: string): Promise<boolean> {
  const result = await db.deleteFrom(table).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The position after the last record of `table`: where a new one goes, 0 for the first. */
export async function nextPosition(db: Db, table: OrderedTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max("position").as("max"))
    .executeTakeFirst();
  return row?.max == null ? 0 : Number(row.max) + 1;
}

/** Moves the record with `id` to `position`; its version moves on, as with any edit. False when there is none. */
export async function setPosition(db: Db, table: OrderedTable, id: string, position: number, now: string): Promise<boolean> {
  const result = await db.updateTable(table).set({ position, updated_at: now, version: nextVersion }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The writes of a module whose records the storefront caches: each runs in a transaction, and afterwards (committed
 * or not) every instance hears that `topic` changed, to drop what it built from it (ADR 0019).
 */
export function noticedWrites(db: Db, changes: ChangeSignals, topic: ChangeTopic) {
  return async function write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } finally {
      await changes.publish(topic);
    }
  };
}

/**
 * Refuses an edit at a version that matched no row (`edited` false): 409 when the record is still there (changed
 * since it was read), or `missing()` (the module's 404) when it is gone.
 */
export async function refuseUnmatched(edited: boolean, findAgain: () => Promise<unknown>, missing: () => HttpError): Promise<void> {
  if (!edited) throw unmatched((await findAgain()) !== undefined, missing);
}
