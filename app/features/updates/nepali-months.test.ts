import { describe, expect, it } from "vitest";
import { groupUpdatesByMonth } from "../../../domain/updates/grouping";
import { inBikramSambatMonths } from "./nepali-months";

const post = (id: string, createdAt: string) => ({ _id: id, Title: id, Description: "", ImageUrl: "", createdAt });

describe("the updates page's months in Bikram Sambat", () => {
  it("regroups posts by the BS month of their day in Nepal, newest first, with Nepali month names", () => {
    // Mangsir 2083 runs from 17 Nov to 15 Dec 2026; 16 Nov is still Kartik. 18:30 UTC on 16 Nov is 17 Nov in Kathmandu.
    const months = groupUpdatesByMonth(
      [post("a", "2026-12-10T06:00:00Z"), post("b", "2026-11-20T06:00:00Z"), post("c", "2026-11-16T18:30:00Z"), post("d", "2026-11-16T06:00:00Z")],
      { now: new Date("2026-12-11T00:00:00Z") },
    );
    expect(months.map((month) => month.label)).toEqual(["December 2026", "November 2026"]);
    const nepali = inBikramSambatMonths(months);
    expect(nepali.map((month) => [month.label, month.posts.map((p) => p._id)])).toEqual([
      ["२०८३ मंसिर", ["a", "b", "c"]],
      ["२०८३ कार्तिक", ["d"]],
    ]);
    expect(new Set(nepali.map((month) => month.key)).size).toBe(2);
  });
});
