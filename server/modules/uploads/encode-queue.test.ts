import { afterEach, describe, expect, it, vi } from "vitest";
import { RetryLater } from "../../errors";
import { BUSY_MESSAGE, createEncodeQueue, ENCODE_RETRY_AFTER_SECONDS } from "./encode-queue";

/** A piece of work that ends when the test says. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the encode queue", () => {
  it("runs one at a time, lets two wait in order, and sends the next back at once with 503 and Retry-After", async () => {
    const queue = createEncodeQueue({ atOnce: 1, waiting: 2, waitMs: 60_000 });
    const order: string[] = [];
    const [a, b, c] = [held(), held(), held()];
    const runs = [a, b, c].map(({ work }, i) => queue.run(async () => (order.push(`start ${i}`), await work(), order.push(`end ${i}`))));
    expect(queue.load()).toEqual({ running: 1, waiting: 2 });
    const refused = await queue.run(async () => "never").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RetryLater);
    expect(refused).toMatchObject({ statusCode: 503, message: BUSY_MESSAGE, retryAfter: ENCODE_RETRY_AFTER_SECONDS });
    a.finish();
    await vi.waitFor(() => expect(order).toEqual(["start 0", "end 0", "start 1"]));
    // The place handed over is not taken by a newcomer: it waits behind the one still waiting.
    const late = held();
    const lateRun = queue.run(late.work);
    expect(queue.load()).toEqual({ running: 1, waiting: 2 });
    b.finish();
    c.finish();
    late.finish();
    await Promise.all([...runs, lateRun]);
    expect(order).toEqual(["start 0", "end 0", "start 1", "end 1", "start 2", "end 2"]);
    expect(queue.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("gives up on a wait longer than waitMs with the same 503, and frees the place in line", async () => {
    vi.useFakeTimers();
    const queue = createEncodeQueue({ atOnce: 1, waiting: 1, waitMs: 5_000 });
    const first = held();
    const running = queue.run(first.work);
    const waiting = queue.run(async () => "late").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await waiting).toMatchObject({ statusCode: 503, retryAfter: ENCODE_RETRY_AFTER_SECONDS });
    expect(queue.load()).toEqual({ running: 1, waiting: 0 });
    first.finish();
    await running;
    expect(await queue.run(async () => "now")).toBe("now");
  });

  it("frees its place when the work fails", async () => {
    const queue = createEncodeQueue({ atOnce: 1, waiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error("bad picture")))).rejects.toThrow("bad picture");
    expect(await queue.run(async () => 1)).toBe(1);
  });
});
