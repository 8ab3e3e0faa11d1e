import { describe, expect, it } from "vitest";
import { variantWidths } from "./uploads";

describe("variantWidths", () => {
  it("makes every standard width of a large picture, never wider than the widest", () => {
    expect(variantWidths(4000)).toEqual([480, 960, 1600]);
    expect(variantWidths(1600)).toEqual([480, 960, 1600]);
  });

  it("keeps a picture's own width when it falls between the standard ones", () => {
    expect(variantWidths(1000)).toEqual([480, 960, 1000]);
    expect(variantWidths(960)).toEqual([480, 960]);
  });

  it("never enlarges a small picture", () => {
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(1)).toEqual([1]);
  });
});
