import { describe, expect, it } from "vitest";
import {
  accountPeriods,
  costBetween,
  daysBetween,
  monthsEndingWith,
  paidBy,
  renewalRate,
  revenueBetween,
  roundParts,
  seatDaysBetween,
  shiftDay,
  shiftMonth,
  shopDayStart,
  shopMonthOf,
  topWithOther,
} from "./reports";

describe("shop months", () => {
  it("begins a shop day at 18:15 UTC the day before (Nepal is UTC+5:45)", () => {
    expect(shopDayStart("2026-03-01")).toBe("2026-02-28T18:15:00.000Z");
    expect(shopDayStart("2026-01-01")).toBe("2025-12-31T18:15:00.000Z");
  });

  it("puts an order paid late in the UTC evening of the month's last day in the next month", () => {
    expect(shopMonthOf("2026-01-31T18:14:59.999Z")).toBe("2026-01");
    expect(shopMonthOf("2026-01-31T18:15:00.000Z")).toBe("2026-02");
  });

  it("counts months across years", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2025-12", 1)).toBe("2026-01");
    expect(shiftMonth("2026-03", -15)).toBe("2024-12");
    expect(monthsEndingWith("2026-02", 3)).toEqual(["2025-12", "2026-01", "2026-02"]);
  });

  it("moves days by calendar months, clamped to the month's end", () => {
    expect(shiftDay("2026-03-31", -1)).toBe("2026-02-28");
    expect(shiftDay("2026-03-31", -2)).toBe("2026-01-31");
    expect(shiftDay("2026-01-15", -3)).toBe("2025-10-15");
    expect(shiftDay("2024-02-29", 12)).toBe("2025-02-28");
  });
});

describe("provider cost spread over the days of each period", () => {
  it("spreads a month's cost that spans two months by the days in each (1000 over 31 days)", () => {
    const periods = accountPeriods({ id: "a", cost: 1000, periodMonths: 1, renewalDate: "2026-02-16", createdDay: "2026-01-16" });
    expect(periods).toEqual([{ start: "2026-01-16", end: "2026-02-16", cost: 1000 }]);
    // 16 January … 31 January is 16 days, 1 … 15 February 15 days: 1000 × 16/31 and 1000 × 15/31.
    expect(costBetween(periods, "2026-01-01", "2026-02-01")).toBeCloseTo(516.129, 3);
    expect(costBetween(periods, "2026-02-01", "2026-03-01")).toBeCloseTo(483.871, 3);
    expect(costBetween(periods, "2026-03-01", "2026-04-01")).toBe(0);
  });

  it("goes back from the renewal date period by period to the one the account was added in", () => {
    const periods = accountPeriods({ id: "a", cost: 3000, periodMonths: 3, renewalDate: "2026-04-15", createdDay: "2025-12-01" });
    expect(periods).toEqual([
      { start: "2025-10-15", end: "2026-01-15", cost: 3000 },
      { start: "2026-01-15", end: "2026-04-15", cost: 3000 },
    ]);
    // The second period is 90 days (17 in January, 28, 31, 14 in April): 3000/90 a day.
    expect(daysBetween("2026-01-15", "2026-04-15")).toBe(90);
    expect(costBetween(periods, "2026-02-01", "2026-03-01")).toBeCloseTo((3000 * 28) / 90, 6);
    // January: 14 days of the first period (92 days) and 17 of the second.
    expect(costBetween(periods, "2026-01-01", "2026-02-01")).toBeCloseTo((3000 * 14) / 92 + (3000 * 17) / 90, 6);
  });

  it("takes one period from the day it was added when no renewal date is set", () => {
    expect(accountPeriods({ id: "a", cost: 500, periodMonths: 1, renewalDate: null, createdDay: "2026-03-10" })).toEqual([
      { start: "2026-03-10", end: "2026-04-10", cost: 500 },
    ]);
  });

  it("costs a whole year of monthly periods exactly its twelve payments", () => {
    const periods = accountPeriods({ id: "a", cost: 1200, periodMonths: 1, renewalDate: "2027-01-01", createdDay: "2026-01-01" });
    expect(periods).toHaveLength(12);
    expect(costBetween(periods, "2026-01-01", "2027-01-01")).toBeCloseTo(14_400, 6);
    expect(costBetween(periods, "2026-02-01", "2026-03-01")).toBeCloseTo(1200, 6);
  });
});

describe("roundParts", () => {
  it("rounds parts so they add up to their rounded sum", () => {
    expect(roundParts([516.129, 483.871])).toEqual([516, 484]);
    expect(roundParts([333.3333, 333.3333, 333.3334])).toEqual([333, 333, 334]);
    expect(roundParts([0.5, 0.5])).toEqual([1, 0]);
    expect(roundParts([])).toEqual([]);
  });
});

describe("money rules", () => {
  it("gives no renewal rate for a month where nothing ended", () => {
    expect(renewalRate(0, 0)).toBeNull();
    expect(renewalRate(1, 3)).toBe(33);
    expect(renewalRate(2, 3)).toBe(67);
  });

  it("keeps the ten largest services by revenue and sums the rest as Other", () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ service: `S${i}`, revenue: (i + 1) * 100, cost: 10, margin: (i + 1) * 100 - 10 }));
    const top = topWithOther(rows, 10);
    expect(top).toHaveLength(11);
    expect(top[0]).toEqual({ service: "S11", revenue: 1200, cost: 10, margin: 1190 });
    expect(top[10]).toEqual({ service: "Other", revenue: 300, cost: 20, margin: 280 });
    // Eleven services are shown as they are: an "Other" of one would hide a name for nothing.
    expect(topWithOther(rows.slice(0, 11), 10)).toHaveLength(11);
  });
});

describe("profit per account (issue 32)", () => {
  const span = { lineTotal: 310, lineStart: "2026-03-10", lineEnd: "2026-04-10", heldFrom: "2026-03-10", heldTo: "2026-03-15" };

  it("spreads a line's total over its days, on the days its seat held it", () => {
    expect(revenueBetween(span, "0000-01-01", "9999-12-31")).toBe(50);
    expect(revenueBetween({ ...span, heldTo: null }, "2026-03-01", "2026-04-01")).toBe(220);
    expect(revenueBetween({ ...span, heldFrom: "2026-03-15", heldTo: null }, "2026-04-01", "2026-05-01")).toBe(90);
    expect(revenueBetween({ ...span, lineEnd: span.lineStart }, "2026-03-01", "2026-04-01")).toBe(0);
  });

  it("counts seat-days up to today, and the periods begun by today as paid", () => {
    expect(seatDaysBetween({ heldFrom: "2026-03-10", heldTo: null }, "2026-03-01", "2026-04-01", "2026-03-15")).toBe(6);
    expect(seatDaysBetween(span, "2026-03-01", "2026-04-01", "2026-03-20")).toBe(5);
    const periods = [
      { start: "2026-02-10", end: "2026-03-10", cost: 1000 },
      { start: "2026-03-10", end: "2026-04-10", cost: 1200 },
    ];
    expect(paidBy(periods, "2026-03-09")).toBe(1000);
    expect(paidBy(periods, "2026-03-10")).toBe(2200);
  });
});
