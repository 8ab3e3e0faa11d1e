import { randomUUID } from "node:crypto";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { PostgresAdapter, sql } from "kysely";
import { LRUCache } from "lru-cache";
import type { Db } from "../db/database";

/** A fixed window of one key: its count so far and when it ends (milliseconds since 1970). */
export interface Window {
  count: number;
  endsAt: number;
}

/** Counts per key in fixed windows, the first event of a key opening its window. */
export interface WindowStore {
  /** Counts one for `key` (in a new window of `windowMs` when the last one has ended); the window after counting. */
  hit(key: string, windowMs: number): Promise<Window>;
  /** The key's window still running, without counting. */
  peek(key: string): Promise<Window | undefined>;
}

/** Events per key in a sliding window, counted only while there are fewer than `max`: for the per-account sign-in throttle. */
export interface EventLog {
  /**
   * Counts one event for `key` when fewer than `max` happened in the last `windowMs`, and gives a token to
   * take it back; otherwise the milliseconds until one may. Checking and counting are one step, so
   * requests arriving together cannot all pass the check before any of them is counted.
   */
  take(key: string, max: number, windowMs: number): Promise<{ token: string } | { waitMs: number }>;
  /** Uncounts an event taken (an attempt that turned out not to count, such as a right password). */
  giveBack(key: string, token: string): Promise<void>;
}

/**
 * Where the limits count: in this process's memory (SQLite, one instance), or in PostgreSQL, where every
 * instance on the database counts once for all (ADR 0022).
 */
export interface Limits {
  shared: boolean;
  /** The app's clock, in milliseconds: windows open and end by it. */
  now: () => number;
  /** A store of fixed windows; `name` keeps one limit's keys apart from another's. */
  windows(name: string, options?: { maxKeys?: number }): WindowStore;
  events(name: string, options?: { maxKeys?: number }): EventLog;
  /** The store for @fastify/rate-limit, or undefined for its own in memory. */
  rateLimitStore: FastifyRateLimitStoreCtor | undefined;
  /** Deletes counts whose windows have ended (on PostgreSQL; memory forgets by itself). */
  purge(): Promise<void>;
}

/** Keys a memory store remembers at most; beyond them the least recently seen are forgotten, so a flood of keys costs bounded memory. */
const MAX_KEYS = 50_000;

export function createLimits(db: Db, now: () => number): Limits {
  return db.getExecutor().adapter instanceof PostgresAdapter ? postgresLimits(db, now) : memoryLimits(now);
}

export function memoryLimits(now: () => number): Limits {
  return {
    shared: false,
    now,
    windows(_name, { maxKeys = MAX_KEYS } = {}) {
      const windows = new LRUCache<string, Window>({ max: maxKeys });
      const current = (key: string) => {
        const window = windows.get(key);
        return window && window.endsAt > now() ? window : undefined;
      };
      return {
        async hit(key, windowMs) {
          const window = current(key) ?? { count: 0, endsAt: now() + windowMs };
          window.count++;
          windows.set(key, window);
          return { ...window };
        },
        peek: async (key) => {
          const window = current(key);
          return window && { ...window };
        },
      };
    },
    events(_name, { maxKeys = MAX_KEYS } = {}) {
      const events = new Map<string, Array<{ token: string; at: number }>>();
      const recent = (key: string, windowMs: number, at: number) => {
        const list = (events.get(key) ?? []).filter((event) => at - event.at < windowMs);
        if (list.length) events.set(key, list);
        else events.delete(key);
        return list;
      };
      // Beyond maxKeys the key with the fewest events is forgotten: events on thousands of made-up keys
      // (emails) must not wipe the count of the one under attack.
      const forgetLeast = () => {
        let least: [string, number] | undefined;
        for (const [key, list] of events) if (!least || list.length < least[1]) least = [key, list.length];
        events.delete(least![0]);
      };
      return {
        async take(key, max, windowMs) {
          const at = now();
          const list = recent(key, windowMs, at);
          if (list.length >= max) return { waitMs: list[list.length - max]!.at + windowMs - at };
          const token = randomUUID();
          list.push({ token, at });
          // Most recently counted last, as the map's order: a key counted now is not the one forgotten next.
          events.delete(key);
          events.set(key, list);
          if (events.size > maxKeys) forgetLeast();
          return { token };
        },
        async giveBack(key, token) {
          const list = events.get(key);
          const index = list?.findIndex((event) => event.token === token) ?? -1;
          if (index >= 0) list!.splice(index, 1);
        },
      };
    },
    rateLimitStore: undefined,
    purge: async () => {},
  };
}

function postgresLimits(db: Db, now: () => number): Limits {
  const windows = (name: string): WindowStore => ({
    async hit(key, windowMs) {
      const at = now();
      // One statement, so instances counting the same key at once each get their own count.
      const { rows } = await sql<{ count: number; ends_at: string }>`
        insert into limit_windows (key, count, ends_at) values (${`${name}:${key}`}, 1, ${at + windowMs})
        on conflict (key) do update set
          count = case when limit_windows.ends_at <= ${at} then 1 else limit_windows.count + 1 end,
          ends_at = case when limit_windows.ends_at <= ${at} then excluded.ends_at else limit_windows.ends_at end
        returning count, ends_at`.execute(db);
      return { count: rows[0]!.count, endsAt: Number(rows[0]!.ends_at) };
    },
    async peek(key) {
      const row = await db
        .selectFrom("limit_windows")
        .select(["count", "ends_at"])
        .where("key", "=", `${name}:${key}`)
        .where("ends_at", ">", now())
        .executeTakeFirst();
      return row && { count: row.count, endsAt: Number(row.ends_at) };
    },
  });

  const events = (name: string): EventLog => ({
    take(key, max, windowMs) {
      const fullKey = `${name}:${key}`;
      return db.transaction().execute(async (trx) => {
        // Counting for one key waits for any other count of it to commit: checked and counted as one step.
        await sql`select pg_advisory_xact_lock(hashtext('pasal limit events'), hashtext(${fullKey}))`.execute(trx);
        const at = now();
        const counted = await trx
          .selectFrom("limit_events")
          .select("at")
          .where("key", "=", fullKey)
          .where("at", ">", at - windowMs)
          .orderBy("at", "desc")
          .limit(max)
          .execute();
        if (counted.length >= max) return { waitMs: Number(counted[max - 1]!.at) + windowMs - at };
        const token = randomUUID();
        await trx
          .insertInto("limit_events")
          .values({ id: token, key: fullKey, at, ends_at: at + windowMs })
          .execute();
        return { token };
      });
    },
    async giveBack(_key, token) {
      await db.deleteFrom("limit_events").where("id", "=", token).execute();
    },
  });

  return {
    shared: true,
    now,
    windows,
    events,
    rateLimitStore: rateLimitStore(windows("rate-limit"), now),
    async purge() {
      const at = now();
      await db.deleteFrom("limit_windows").where("ends_at", "<=", at).execute();
      await db.deleteFrom("limit_events").where("ends_at", "<=", at).execute();
    },
  };
}

/** @fastify/rate-limit's store interface over shared windows: one prefix per route, as its own stores keep. */
function rateLimitStore(windows: WindowStore, now: () => number): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = "",
    ) {}

    // @fastify/rate-limit passes the window and the maximum after the callback (its types leave them out).
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      windows.hit(`${this.prefix}${key}`, timeWindow ?? 60_000).then(
        (window) => callback(null, { current: window.count, ttl: Math.max(0, window.endsAt - now()) }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // A route's options carry its method and URL; a limit made with `app.rateLimit()` (the 404s) has none.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new SharedStore(routeOptions, route?.url ? `${String(route.method)} ${route.url}:` : "unrouted:");
    }
  }
  return SharedStore;
}
