import { describe, expect, it } from "vitest";
import { addressKey, createWindowCounter } from "./rate-limits";
import { memoryLimits } from "./shared-limits";

/** A window counter kept in memory, and the clock it reads: the test sets `clock.now` (ms), from 0. */
function counterOnClock(limits: { max: number; timeWindow: number }, name: string, options?: { maxKeys?: number }) {
  const clock = { now: 0 };
  const stored = memoryLimits(() => clock.now);
  return { clock, counter: createWindowCounter(limits, stored, name, options) };
}

describe("the miss counter for unknown pages", () => {
  it("lets an address miss `max` times a window, then says how long to wait, then forgets", async () => {
    const { clock, counter: misses } = counterOnClock({ max: 3, timeWindow: 60_000 }, "misses");
    for (let i = 0; i < 3; i++) {
      expect(await misses.retryAfter("192.0.2.1")).toBe(0);
      await misses.record("192.0.2.1");
    }
    clock.now = 15_000;
    expect(await misses.retryAfter("192.0.2.1")).toBe(45);
    expect(await misses.retryAfter("192.0.2.2")).toBe(0);
    clock.now = 60_000;
    expect(await misses.retryAfter("192.0.2.1")).toBe(0);
  });

  it("counts and answers in one step with hit: the one past the limit is told to wait", async () => {
    const { clock, counter: renders } = counterOnClock({ max: 2, timeWindow: 10_000 }, "renders");
    expect(await renders.hit("a")).toBe(0);
    expect(await renders.hit("a")).toBe(0);
    clock.now = 4_000;
    expect(await renders.hit("a")).toBe(6);
    clock.now = 10_000;
    expect(await renders.hit("a")).toBe(0);
  });

  it("keeps a bounded number of addresses", async () => {
    const { counter: misses } = counterOnClock({ max: 1, timeWindow: 60_000 }, "misses", { maxKeys: 2 });
    await misses.record("a");
    await misses.record("b");
    await misses.record("c");
    expect(await misses.retryAfter("a")).toBe(0);
    expect(await misses.retryAfter("c")).toBe(1 * 60);
  });
});

describe("addressKey", () => {
  it("counts an IPv4 address as it is, also when written as IPv6", () => {
    expect(addressKey("192.0.2.7")).toBe("192.0.2.7");
    expect(addressKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressKey("::FFFF:192.0.2.7")).toBe("192.0.2.7");
  });

  it("counts every IPv6 address of one /64 as one, however it is written", () => {
    const key = "2001:db8:aa:bb::/64";
    for (const address of ["2001:db8:aa:bb::1", "2001:0db8:00aa:00bb:ffff:ffff:ffff:fffe", "2001:DB8:AA:BB:1:2:3:4", "2001:db8:aa:bb:0:0:c000:201"]) {
      expect(addressKey(address), address).toBe(key);
    }
    expect(addressKey("2001:db8:aa:bc::1")).toBe("2001:db8:aa:bc::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(addressKey("1:2:3::192.0.2.1")).toBe("1:2:3:0::/64");
  });

  it("leaves anything else as it is", () => {
    expect(addressKey("")).toBe("");
    expect(addressKey("not an address")).toBe("not an address");
  });
});
