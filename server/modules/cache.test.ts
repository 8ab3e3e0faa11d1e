import { describe, expect, it } from "vitest";
import { openChangeSignals } from "../db/change-signals";
import type { Db } from "../db/database";
import { invalidatingCache, signalledCache } from "./cache";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("invalidatingCache", () => {
  it("loads once until invalidated", async () => {
    let loads = 0;
    const cache = invalidatingCache(async () => ++loads);
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(1);
    cache.invalidate();
    expect(await cache.get()).toBe(2);
  });

  it("does not keep a value whose load started before an invalidation", async () => {
    const first = deferred<string>();
    let calls = 0;
    const cache = invalidatingCache(() => (++calls === 1 ? first.promise : Promise.resolve("fresh")));
    const stale = cache.get();
    cache.invalidate();
    first.resolve("stale");
    expect(await stale).toBe("stale");
    expect(await cache.get()).toBe("fresh");
  });

  it("forgets a failed load so the next read tries again", async () => {
    let calls = 0;
    const cache = invalidatingCache(async () => {
      if (++calls === 1) throw new Error("database down");
      return "ok";
    });
    await expect(cache.get()).rejects.toThrow("database down");
    expect(await cache.get()).toBe("ok");
  });
});

describe("the bound on a cached value", () => {
  it("loads again once the value is older than its bound, even with no invalidation", async () => {
    let time = 0;
    let loads = 0;
    const cache = invalidatingCache(async () => ++loads, { maxAgeMs: 3000, now: () => time });
    expect(await cache.get()).toBe(1);
    time = 2999;
    expect(await cache.get()).toBe(1);
    time = 3000;
    expect(await cache.get()).toBe(2);
    time = 5999;
    expect(await cache.get()).toBe(2);
  });

  it("has none by default: a value stays until invalidated", async () => {
    let time = 0;
    let loads = 0;
    const cache = invalidatingCache(async () => ++loads, { now: () => time });
    await cache.get();
    time = 1e12;
    expect(await cache.get()).toBe(1);
  });
});

describe("signalledCache", () => {
  it("is dropped by a notice naming its topic or everything, not by another topic's", async () => {
    // On SQLite notices stay in this process, and a write goes through it: no bound.
    const changes = await openChangeSignals({ kind: "sqlite", path: ":memory:" }, {} as Db, { warn: () => {}, info: () => {} });
    expect(changes.boundMs).toBe(Infinity);
    let loads = 0;
    const cache = signalledCache(changes, "catalogue", async () => ++loads);
    expect(await cache.get()).toBe(1);
    await changes.publish("carousel");
    expect(await cache.get()).toBe(1);
    await changes.publish("catalogue");
    expect(await cache.get()).toBe(2);
  });
});
