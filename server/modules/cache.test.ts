import { describe, expect, it } from "vitest";
import { invalidatingCache } from "./cache";

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
