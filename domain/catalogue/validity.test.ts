import { describe, expect, it } from "vitest";
import { planValidity, validityDays, validitySentence } from "./validity";

describe("planValidity", () => {
  it("gives 27 to 33 days per month for 1 and 3 month plans", () => {
    expect(planValidity(1)).toEqual({ kind: "range", months: 1, minDays: 27, maxDays: 33 });
    expect(planValidity(3)).toEqual({ kind: "range", months: 3, minDays: 81, maxDays: 99 });
  });

  it("says 6 and 12 month plans differ by 5-10 days", () => {
    expect(planValidity(6)).toEqual({ kind: "approximate", months: 6, days: 180, differsBy: { min: 5, max: 10 } });
    expect(planValidity(12)).toEqual({ kind: "approximate", months: 12, days: 360, differsBy: { min: 5, max: 10 } });
  });

  it("uses the per-month range for other lengths an admin may enter", () => {
    expect(planValidity(2)).toMatchObject({ minDays: 54, maxDays: 66 });
    expect(planValidity(24)).toMatchObject({ kind: "range", minDays: 648, maxDays: 792 });
  });

  it("refuses lengths that are not whole months", () => {
    expect(() => planValidity(0)).toThrow(RangeError);
    expect(() => planValidity(1.5)).toThrow(RangeError);
  });
});

describe("validity text", () => {
  it("reads as a short range and as a sentence", () => {
    expect(validityDays(planValidity(3))).toBe("81 to 99 days");
    expect(validityDays(planValidity(6))).toBe("about 180 days (± 5-10 days)");
    expect(validitySentence(planValidity(1))).toMatch(/^A 1 month plan is valid for 27 to 33 days\./);
    expect(validitySentence(planValidity(12))).toMatch(/about 360 days.*differ by 5-10 days\.$/);
  });
});
