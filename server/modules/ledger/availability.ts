import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { availability, DEFAULT_STOCK_THRESHOLD, type Availability } from "../../../domain/ledger/availability";
import { shopToday } from "../../../domain/ledger/settings";
import { UNDELIVERED_STATUSES } from "../../../domain/orders/statuses";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { linesWithOrders } from "../../db/order-shapes";
import { badRequest } from "../../errors";
import { invalidatingCache } from "../cache";
import { ledgerTransaction } from "./ledger-transaction";

export type ItemStock = { linked: boolean; free: number; threshold: number };

/** Seats freed by the grace period free themselves with time, not a write: looked at again at least this often. */
const RELOAD_AT_LEAST_EVERY_MS = 10 * 60_000;

/**
 * Free seats and keys per catalogue item, for the storefront: held in memory and dropped by every ledger
 * change signal (this instance's and others'), so the next request after a change sees it (ADR 0084);
 * and the threshold at which an item shows "Only N left".
 */
export function createAvailabilityService(
  db: Db,
  clock: Clock,
  changes: ChangeSignals,
  {
    releaseExpired,
    keyStock,
  }: {
    releaseExpired: () => Promise<number>;
    /** The licence keys in stock per item (the licence keys service's). */
    keyStock: () => Promise<Array<{ itemId: string; inStock: number }>>;
  },
) {
  async function load(): Promise<{ day: string; stock: Map<string, ItemStock>; lifetime: Set<string> }> {
    await releaseExpired();
    const [seats, keys, thresholds, lifetime] = await Promise.all([
      db
        .selectFrom("provider_account_items as i")
        .innerJoin("provider_accounts as a", "a.id", "i.account_id")
        .innerJoin("account_seats as s", "s.account_id", "a.id")
        .leftJoin("seat_assignments as h", (join) => join.onRef("h.seat_id", "=", "s.id").on("h.ended_at", "is", null))
        .select((eb) => ["i.item_id as itemId", eb.fn.count<string | number>("s.id").as("seats"), eb.fn.count<string | number>("h.id").as("held")])
        .where("a.status", "=", "active")
        .groupBy("i.item_id")
        .execute(),
      keyStock(),
      db.selectFrom("stock_thresholds").select(["item_id as itemId", "threshold"]).execute(),
      db.selectFrom("lifetime_items").select("item_id").execute(),
    ]);
    const stock = new Map<string, ItemStock>();
    const thresholdOf = new Map(thresholds.map((row) => [row.itemId, row.threshold]));
    const add = (itemId: string, free: number) => {
      const entry = stock.get(itemId) ?? { linked: true, free: 0, threshold: thresholdOf.get(itemId) ?? DEFAULT_STOCK_THRESHOLD };
      entry.free += free;
      stock.set(itemId, entry);
    };
    for (const row of seats) add(row.itemId, Number(row.seats) - Number(row.held));
    for (const row of keys) add(row.itemId, row.inStock);
    return { day: shopToday(clock()), stock, lifetime: new Set(lifetime.map((row) => row.item_id)) };
  }

  const cache = invalidatingCache(load, { maxAgeMs: Math.min(changes.boundMs, RELOAD_AT_LEAST_EVERY_MS) });
  changes.subscribe((signal) => {
    if (signal === "ledger" || signal === "all") cache.invalidate();
  });

  async function loaded() {
    const held = await cache.get();
    if (held.day === shopToday(clock())) return held;
    cache.invalidate();
    return cache.get();
  }
  const current = async () => (await loaded()).stock;
  const write = ledgerTransaction(db, changes);

  return {
    /** What the storefront shows for an item: null for items sold from neither accounts nor keys. */
    async of(itemId: string): Promise<Availability | null> {
      const stock = (await current()).get(itemId);
      return stock ? availability(stock, stock.threshold) : null;
    },

    /** Free seats and keys and the threshold of every item sold from the ledger (the bot's stock check). */
    levels: async (): Promise<Map<string, ItemStock>> => current(),

    /** The item's licence keys never expire: its product page says so instead of a validity in days. */
    async neverExpires(itemId: string): Promise<boolean> {
      return (await loaded()).lifetime.has(itemId);
    },

    /** At or below `threshold` free seats and keys, the storefront says "Only N left" for the item. */
    async setThreshold(itemId: string, threshold: number): Promise<AdminAnswer> {
      await write(async (trx) => {
        const item = await trx.selectFrom("catalogue_items").select("id").where("id", "=", itemId).executeTakeFirst();
        if (!item) throw badRequest("Choose an item of the catalogue", [{ field: "itemId", message: "No such item in the catalogue" }]);
        await trx
          .insertInto("stock_thresholds")
          .values({ item_id: itemId, threshold })
          .onConflict((oc) => oc.column("item_id").doUpdateSet({ threshold }))
          .execute();
      });
      return said("Threshold saved: the shop uses it from the next page");
    },

    async all(): Promise<Map<string, Availability>> {
      const result = new Map<string, Availability>();
      for (const [itemId, stock] of await current()) result.set(itemId, availability(stock, stock.threshold)!);
      return result;
    },

    /**
     * The lines of orders not yet delivered (new, contacted, paid) that the free seats and keys of their item do
     * not cover, taking the orders oldest first: with four free seats the fifth one-device order waits, and
     * stops waiting as soon as a seat is added, freed, or an earlier order is cancelled (ADR 0085). A renewal of
     * a line that holds a seat neither waits nor takes a free seat: it stays on that seat.
     */
    async waitingLines(): Promise<Set<string>> {
      const stock = await current();
      const waiting = new Set<string>();
      if (stock.size === 0) return waiting;
      const pending = await linesWithOrders(db)
        .select((eb) => [
          "l.id",
          "l.item_id as itemId",
          // A renewal of a line on a seat keeps that seat: it needs no free one.
          eb
            .exists(
              eb
                .selectFrom("order_lines as old")
                .innerJoin("seat_assignments as h", (join) => join.onRef("h.line_id", "=", "old.id").on("h.ended_at", "is", null))
                .select("old.id")
                .whereRef("old.renewal_order_id", "=", "l.order_id")
                .whereRef("old.item_id", "=", "l.item_id"),
            )
            .as("keepsSeat"),
        ])
        .where("o.status", "in", UNDELIVERED_STATUSES)
        .where("l.item_id", "in", [...stock.keys()])
        .orderBy("o.created_at")
        .orderBy("o.id")
        .orderBy("l.position")
        .execute();
      const left = new Map([...stock].map(([itemId, entry]) => [itemId, entry.free]));
      for (const line of pending) {
        if (line.keepsSeat) continue;
        const free = left.get(line.itemId!)!;
        if (free < 1) waiting.add(line.id);
        left.set(line.itemId!, free - 1);
      }
      return waiting;
    },
  };
}
