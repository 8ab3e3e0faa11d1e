import { describe, expect, it } from "vitest";
import { moveItem, positionWrites } from "./reorder";

const slide = (_id: string, position: number) => ({ _id, position });

describe("moveItem", () => {
  const items = [slide("a", 0), slide("b", 1), slide("c", 2)];

  it("swaps with the neighbour", () => {
    expect(moveItem(items, "b", -1)?.map((s) => s._id)).toEqual(["b", "a", "c"]);
    expect(moveItem(items, "b", 1)?.map((s) => s._id)).toEqual(["a", "c", "b"]);
  });

  it("refuses to move past either end or an unknown id", () => {
    expect(moveItem(items, "a", -1)).toBeNull();
    expect(moveItem(items, "c", 1)).toBeNull();
    expect(moveItem(items, "x", 1)).toBeNull();
  });

  it("does not change the list it was given", () => {
    moveItem(items, "b", -1);
    expect(items.map((s) => s._id)).toEqual(["a", "b", "c"]);
  });
});

describe("positionWrites", () => {
  it("is a swap of two positions when positions are already 0..n-1", () => {
    const moved = moveItem([slide("a", 0), slide("b", 1), slide("c", 2)], "c", -1)!;
    expect(positionWrites(moved)).toEqual([
      { item: slide("c", 2), position: 1 },
      { item: slide("b", 1), position: 2 },
    ]);
  });

  it("renumbers ties and gaps so no two slides share a position", () => {
    const tied = [slide("a", 0), slide("b", 0), slide("c", 5)];
    const moved = moveItem(tied, "a", 1)!;
    const writes = positionWrites(moved);
    const final = moved.map((s) => writes.find((w) => w.item._id === s._id)?.position ?? s.position);
    expect(final).toEqual([0, 1, 2]);
    expect(writes.map((w) => w.item._id)).toEqual(["a", "c"]);
  });
});
