import { describe, expect, it } from "vitest";
import { uploadSrcSet, variantWidths } from "./uploads";

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

describe("uploadSrcSet", () => {
  const name = "0123456789abcdef0123456789abcdef";

  it("lists every copy of an upload by its width", () => {
    expect(uploadSrcSet(`/media/${name}-1600.webp`)).toBe(
      `/media/${name}-480.webp 480w, /media/${name}-960.webp 960w, /media/${name}-1600.webp 1600w`,
    );
    expect(uploadSrcSet(`/media/${name}-1000.webp`)).toBe(
      `/media/${name}-480.webp 480w, /media/${name}-960.webp 960w, /media/${name}-1000.webp 1000w`,
    );
  });

  it("leaves single-copy uploads and every other image alone", () => {
    expect(uploadSrcSet(`/media/${name}-300.webp`)).toBeUndefined();
    expect(uploadSrcSet("/images/services/netflix.svg")).toBeUndefined();
    expect(uploadSrcSet(`https://example.com/media/${name}-1600.webp`)).toBeUndefined();
    expect(uploadSrcSet(`/media/${name}-1600.webp?x=1`)).toBeUndefined();
  });
});
