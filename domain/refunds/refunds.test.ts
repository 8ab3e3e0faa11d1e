import { expect, it } from "vitest";
import { linePaid, proRataRefund } from "./refunds";

it("refunds the days left after today at what the line was paid, rounded down", () => {
  // 2026-12-01 to 2027-01-01: 31 days; on 12-11, 10 days are used (1st to 11th), 20 are left.
  expect(proRataRefund({ paid: 310, startDate: "2026-12-01", expiryDate: "2027-01-01" }, "2026-12-11")).toEqual({
    amount: 200,
    daysLeft: 20,
    days: 31,
  });
  expect(proRataRefund({ paid: 300, startDate: "2026-12-01", expiryDate: "2027-01-01" }, "2026-12-11").amount).toBe(193);
  // Refunded the day it started: that day is used.
  expect(proRataRefund({ paid: 310, startDate: "2026-12-01", expiryDate: "2027-01-01" }, "2026-12-01")).toMatchObject({ amount: 300, daysLeft: 30 });
  // Before it starts (a renewal starting where the old line ends): all of it.
  expect(proRataRefund({ paid: 310, startDate: "2027-01-01", expiryDate: "2027-02-01" }, "2026-12-20")).toMatchObject({ amount: 310, daysLeft: 31 });
  // Its last day, or after: nothing.
  expect(proRataRefund({ paid: 310, startDate: "2026-12-01", expiryDate: "2027-01-01" }, "2026-12-31").amount).toBe(0);
  expect(proRataRefund({ paid: 310, startDate: "2026-12-01", expiryDate: "2027-01-01" }, "2027-02-01").amount).toBe(0);
});

it("shares what the order was paid among its lines by their prices", () => {
  expect(linePaid(300, 300, 300)).toBe(300);
  // A coupon of 100 off a 300 + 700 order: the 300 line paid 270.
  expect(linePaid(300, 1000, 900)).toBe(270);
  expect(linePaid(300, 0, 0)).toBe(0);
});
