import { expect, it } from "vitest";
import { formatNpr } from "./money";

it("groups digits the Nepali way", () => {
  expect(formatNpr(300)).toBe("300");
  expect(formatNpr(3200)).toBe("3,200");
  expect(formatNpr(1250000)).toBe("12,50,000");
});
