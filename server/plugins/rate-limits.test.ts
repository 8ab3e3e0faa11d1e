import { describe, expect, it } from "vitest";
import { createWindowCounter } from "./rate-limits";
import { memoryLimits } from "./shared-limits";

describe("the miss counter for unknown pages", () => {
  it("lets an address miss `max` times a window, then says how long to wait, then forgets", async () => {
    let now = 0;
    const misses = createWindowCounter(
      { max: 3, timeWindow: 60_000 },
      memoryLimits(() => now),
      "misses",
    );
    for (let i = 0; i < 3; i++) {
      expect(await misses.retryAfter("192.0.2.1")).toBe(0);
      await misses.record("192.0.2.1");
    }
    now = 15_000;
    expect(await misses.retryAfter("192.0.2.1")).toBe(45);
    expect(await misses.retryAfter("192.0.2.2")).toBe(0);
    now = 60_000;
    expect(await misses.retryAfter("192.0.2.1")).toBe(0);
  });

  it("counts and answers in one step with hit: the one past the limit is told to wait", async () => {
    let now = 0;
    const renders = createWindowCounter(
      { max: 2, timeWindow: 10_000 },
      memoryLimits(() => now),
      "renders",
    );
    expect(await renders.hit("a")).toBe(0);
    expect(await renders.hit("a")).toBe(0);
    now = 4_000;
    expect(await renders.hit("a")).toBe(6);
    now = 10_000;
    expect(await renders.hit("a")).toBe(0);
  });

  it("keeps a bounded number of addresses", async () => {
    const misses = createWindowCounter(
      { max: 1, timeWindow: 60_000 },
      memoryLimits(() => 0),
      "misses",
      { maxKeys: 2 },
    );
    await misses.record("a");
    await misses.record("b");
    await misses.record("c");
    expect(await misses.retryAfter("a")).toBe(0);
    expect(await misses.retryAfter("c")).toBe(1 * 60);
  });
});
