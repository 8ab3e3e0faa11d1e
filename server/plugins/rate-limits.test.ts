import { describe, expect, it } from "vitest";
import { createWindowCounter } from "./rate-limits";

describe("the miss counter for unknown pages", () => {
  it("lets an address miss `max` times a window, then says how long to wait, then forgets", () => {
    let now = 0;
    const misses = createWindowCounter({ max: 3, timeWindow: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(misses.retryAfter("192.0.2.1")).toBe(0);
      misses.record("192.0.2.1");
    }
    now = 15_000;
    expect(misses.retryAfter("192.0.2.1")).toBe(45);
    expect(misses.retryAfter("192.0.2.2")).toBe(0);
    now = 60_000;
    expect(misses.retryAfter("192.0.2.1")).toBe(0);
  });

  it("keeps a bounded number of addresses", () => {
    const misses = createWindowCounter({ max: 1, timeWindow: 60_000 }, () => 0, 2);
    misses.record("a");
    misses.record("b");
    misses.record("c");
    expect(misses.retryAfter("a")).toBe(0);
    expect(misses.retryAfter("c")).toBe(1 * 60);
  });
});
