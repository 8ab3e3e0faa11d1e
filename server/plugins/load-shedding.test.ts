import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createRenderLine } from "./load-shedding";

const never = new Promise<void>(() => {});

describe("the line of renders", () => {
  it("hands on one place a turn of the event loop, never in the turn that asked, up to the places there are", async () => {
    const line = createRenderLine({ atOnce: 2, waiting: 5 });
    const started: number[] = [];
    const places = [0, 1, 2, 3].map((i) => line.take(never).then((place) => (started.push(i), place!)));
    await Promise.resolve();
    expect(started).toEqual([]);
    expect(line.waiting).toBe(4);
    await nextTurn();
    expect(started).toEqual([0]);
    await nextTurn();
    expect(started).toEqual([0, 1]);
    await nextTurn();
    await nextTurn();
    // Both places taken: the rest wait until one is given back.
    expect(started).toEqual([0, 1]);
    expect(line.underWay).toBe(2);
    (await places[0]!).release();
    (await places[0]!).release(); // twice is once
    await nextTurn();
    expect(started).toEqual([0, 1, 2]);
    expect(line.underWay).toBe(2);
    expect(line.waiting).toBe(1);
  });

  it("is full when its places and its line are spoken for, handed on or not (a crowd is read in one turn, before any is)", async () => {
    const line = createRenderLine({ atOnce: 2, waiting: 3 });
    const asked = [0, 1, 2, 3, 4].map(() => line.take(never));
    expect(line.underWay).toBe(0);
    expect(line.full).toBe(true);
    expect(await line.take(never)).toBeNull();
    await nextTurn();
    expect(line.underWay).toBe(1);
    expect(line.full).toBe(true);
    (await asked[0])!.release();
    expect(line.full).toBe(false);
  });

  it("lets a request whose client left leave the line, and hands its place to the next", async () => {
    const line = createRenderLine({ atOnce: 1, waiting: 3 });
    let leave!: () => void;
    const gone = new Promise<void>((resolve) => (leave = resolve));
    const first = line.take(never);
    const leaving = line.take(gone);
    const third = line.take(never);
    leave();
    expect(await leaving).toBeNull();
    expect(line.waiting).toBe(2);
    await nextTurn();
    (await first)!.release();
    await nextTurn();
    expect(await third).not.toBeNull();
    expect(line.waiting).toBe(0);
  });
});
