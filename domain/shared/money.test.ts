import { expect, it } from "vitest";
import { formatNpr, readWholeNumber } from "./money";

it("groups digits the Nepali way", () => {
  expect(formatNpr(300)).toBe("300");
  expect(formatNpr(3200)).toBe("3,200");
  expect(formatNpr(1250000)).toBe("12,50,000");
});

it.each([
  ["1500", 1500],
  [" 1,500 ", 1500],
  ["1,50,000", 150000],
  ["150,000", 150000],
  ["१,५००", 1500],
  ["३२००", 3200],
])("reads %j as %i", (text, value) => {
  expect(readWholeNumber(text)).toBe(value);
});

it.each(["", "1,5", "1.5", "-300", "1,,500", ",500", "1500,", "12a", "1 500"])("refuses %j", (text) => {
  expect(readWholeNumber(text)).toBeNull();
});
