import { describe, expect, it } from "vitest";
import { billNumber, fiscalYearOf, vatInside } from "./bills";

describe("the fiscal year", () => {
  // The first days of the fiscal years 2080/81, 2081/82 and 2082/83 as the Government of Nepal published them:
  // 1 Shrawan 2080 = 17 July 2023, 1 Shrawan 2081 = 16 July 2024, 1 Shrawan 2082 = 17 July 2025.
  it.each([
    ["2023-07-16", "2079/80"],
    ["2023-07-17", "2080/81"],
    ["2024-07-15", "2080/81"],
    ["2024-07-16", "2081/82"],
    ["2025-07-16", "2081/82"],
    ["2025-07-17", "2082/83"],
    ["2026-12-03", "2083/84"],
  ])("%s falls in %s", (day, label) => {
    expect(fiscalYearOf(day).label).toBe(label);
  });

  it("numbers bills and credit notes in series of their own, each with its fiscal year", () => {
    expect(fiscalYearOf("2025-07-17")).toEqual({ startYear: 2082, label: "2082/83", key: "2082-83" });
    expect(billNumber("bill", fiscalYearOf("2025-07-17"), 17)).toBe("2082-83-17");
    expect(billNumber("credit-note", fiscalYearOf("2025-07-17"), 3)).toBe("CN-2082-83-3");
  });
});

describe("VAT inside a VAT-inclusive total", () => {
  it.each([
    [1130, 100_000, 13_000],
    [1000, 88_496, 11_504],
    [1, 88, 12],
    [565, 50_000, 6_500],
    [0, 0, 0],
  ])("NPR %i is %i paisa taxable and %i paisa VAT, adding up exactly", (total, taxable, vat) => {
    expect(vatInside(total, true)).toEqual({ taxablePaisa: taxable, vatPaisa: vat });
    expect(taxable + vat).toBe(total * 100);
  });

  it("is all taxable amount for a shop not registered for VAT", () => {
    expect(vatInside(1000, false)).toEqual({ taxablePaisa: 100_000, vatPaisa: 0 });
  });
});
