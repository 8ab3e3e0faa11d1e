import { describe, expect, it } from "vitest";
import { accountWarnings } from "./warnings";
import { nextBillDate, weekMoney } from "./bills";
import { parseKeyLines } from "../licence-keys/licence-keys";
import { proposeSeat, rankSeats, type SeatCandidate } from "./seats";
import { availability, availabilityLabel } from "./availability";

const seat = (over: Partial<SeatCandidate>): SeatCandidate => ({
  seatId: "s",
  position: 1,
  accountId: "a",
  accountCreatedAt: "2026-01-01T00:00:00Z",
  accountStatus: "active",
  billingCycle: "monthly",
  renewalDate: "2027-01-01",
  renews: false,
  itemIds: ["netflix"],
  free: true,
  accountUsed: 0,
  ...over,
});
const line = { itemId: "netflix", expiryDate: "2026-12-25" };

describe("proposing a seat", () => {
  it("proposes nothing when no seat fits", () => {
    expect(proposeSeat([], line)).toBeNull();
    expect(proposeSeat([seat({ free: false })], line)).toBeNull();
    expect(proposeSeat([seat({ accountStatus: "paused" })], line)).toBeNull();
    expect(proposeSeat([seat({ accountStatus: "retired" })], line)).toBeNull();
    expect(proposeSeat([seat({ itemIds: ["spotify"] })], line)).toBeNull();
    // Paid up only to a day before the line ends.
    expect(proposeSeat([seat({ renewalDate: "2026-12-24" })], line)).toBeNull();
  });

  it("takes an account paid up to the line's last day, or with no renewal at all", () => {
    expect(proposeSeat([seat({ renewalDate: "2026-12-25" })], line)?.seatId).toBe("s");
    expect(proposeSeat([seat({ renewalDate: null })], line)?.seatId).toBe("s");
  });

  it("takes an account billed on a cycle that renews, though its next bill comes before the line ends (issue 29)", () => {
    // A 3-month line on a monthly account paid up to next month: the provider bills it again, so the seat fits.
    expect(proposeSeat([seat({ renewalDate: "2026-10-20", renews: true })], line)?.seatId).toBe("s");
    expect(proposeSeat([seat({ billingCycle: "yearly", renewalDate: "2026-10-20", renews: true })], line)?.seatId).toBe("s");
    // Not renewed, or bought once up to an end date: it must last as long as the line.
    expect(proposeSeat([seat({ renewalDate: "2026-10-20", renews: false })], line)).toBeNull();
    expect(proposeSeat([seat({ billingCycle: "none", renewalDate: "2026-10-20", renews: true })], line)).toBeNull();
  });

  it("fills the fullest account first, then the older account, then its first free seat", () => {
    const candidates = [
      seat({ seatId: "empty-1", accountId: "empty", accountUsed: 0, position: 1 }),
      seat({ seatId: "full-3", accountId: "full", accountUsed: 2, position: 3 }),
      seat({ seatId: "full-4", accountId: "full", accountUsed: 2, position: 4 }),
      seat({ seatId: "full-1", accountId: "full", accountUsed: 2, position: 1, free: false }),
    ];
    expect(proposeSeat(candidates, line)?.seatId).toBe("full-3");
    const tied = [
      seat({ seatId: "new", accountId: "b", accountCreatedAt: "2026-03-01T00:00:00Z", accountUsed: 1 }),
      seat({ seatId: "old", accountId: "c", accountCreatedAt: "2026-02-01T00:00:00Z", accountUsed: 1 }),
    ];
    expect(proposeSeat(tied, line)?.seatId).toBe("old");
  });

  it("lists every free seat the line may take, the fitting ones first, those paid up too short after", () => {
    const candidates = [
      seat({ seatId: "short", accountId: "short", renewalDate: "2026-12-01", accountUsed: 3 }),
      seat({ seatId: "paused", accountId: "paused", accountStatus: "paused" }),
      seat({ seatId: "taken", accountId: "fit", free: false, accountUsed: 1 }),
      seat({ seatId: "fit-2", accountId: "fit", position: 2, accountUsed: 1 }),
      seat({ seatId: "other-item", accountId: "spotify", itemIds: ["spotify"] }),
      seat({ seatId: "empty", accountId: "empty", accountUsed: 0 }),
    ];
    expect(rankSeats(candidates, line).map((s) => [s.seatId, s.fits])).toEqual([
      ["fit-2", true],
      ["empty", true],
      ["short", false],
    ]);
    // None fits: nothing is proposed, though the admin may still choose one.
    expect(proposeSeat([candidates[0]!], line)).toBeNull();
    expect(rankSeats([candidates[0]!], line)).toHaveLength(1);
  });
});

describe("account warnings", () => {
  const holder = (expiryDate: string) => ({ reference: "PSL-AAAAA", expiryDate });
  it("warns of a provider renewal within 7 days, not 8", () => {
    expect(
      accountWarnings({ renewalDate: "2026-12-08", billingCycle: "monthly", renews: false, status: "active", seats: [] }, "2026-12-01").map(
        (w) => w.kind,
      ),
    ).toEqual(["renewal-due"]);
    expect(accountWarnings({ renewalDate: "2026-12-09", billingCycle: "monthly", renews: false, status: "active", seats: [] }, "2026-12-01")).toEqual(
      [],
    );
  });

  it("warns of an account past its renewal with seats in use, and not without", () => {
    const seats = [{ position: 1, holder: holder("2026-11-30") }];
    expect(
      accountWarnings({ renewalDate: "2026-11-30", billingCycle: "monthly", renews: false, status: "active", seats }, "2026-12-01").map(
        (w) => w.kind,
      ),
    ).toEqual(["past-renewal-in-use"]);
    expect(
      accountWarnings(
        { renewalDate: "2026-11-30", billingCycle: "monthly", renews: false, status: "active", seats: [{ position: 1, holder: null }] },
        "2026-12-01",
      ),
    ).toEqual([]);
  });

  it("warns of a seat held beyond the account's paid-up date", () => {
    const warnings = accountWarnings(
      { renewalDate: "2027-01-10", billingCycle: "monthly", renews: false, status: "active", seats: [{ position: 2, holder: holder("2027-02-01") }] },
      "2026-12-01",
    );
    expect(warnings).toEqual([{ kind: "seat-beyond-paid", message: expect.stringContaining("Seat 2 (PSL-AAAAA) runs to 2027-02-01") }]);
    // An account that renews on its bill date is not flagged for it.
    expect(
      accountWarnings(
        {
          billingCycle: "monthly",
          renews: true,
          renewalDate: "2027-01-10",
          status: "active",
          seats: [{ position: 2, holder: holder("2027-02-01") }],
        },
        "2026-12-01",
      ),
    ).toEqual([]);
  });
});

describe("availability", () => {
  it("says nothing of items sold from neither accounts nor keys", () => {
    expect(availability({ linked: false, free: 0 }, 3)).toBeNull();
  });
  it("counts down to the threshold, then out of stock", () => {
    expect(availabilityLabel(availability({ linked: true, free: 4 }, 3)!)).toBe("In stock");
    expect(availabilityLabel(availability({ linked: true, free: 3 }, 3)!)).toBe("Only 3 left");
    expect(availabilityLabel(availability({ linked: true, free: 1 }, 3)!)).toBe("Only 1 left");
    expect(availabilityLabel(availability({ linked: true, free: 0 }, 3)!)).toBe("Out of stock – message us");
    expect(availabilityLabel(availability({ linked: true, free: 1 }, 0)!)).toBe("In stock");
  });
});

describe("licence key lines", () => {
  it("takes one code a line and reports empty and repeated lines by number", () => {
    expect(parseKeyLines('AAAA-1\n\nBBBB-2\r\n"CCCC-3"\nAAAA-1\n   \nDDDD-4\n')).toEqual({
      codes: ["AAAA-1", "BBBB-2", "CCCC-3", "DDDD-4"],
      codeLines: [1, 3, 4, 7],
      emptyLines: [2, 6],
      duplicateLines: [5],
    });
  });
});

describe("the week's money (issue 32)", () => {
  it("counts the bills and renewals of the 7 days from today, no overdue bill, a gone plan as nothing", () => {
    const bills = [
      { renewalDate: "2026-11-26", cost: 999 },
      { renewalDate: "2026-11-27", cost: 1500 },
      { renewalDate: "2026-12-03", cost: 700 },
      { renewalDate: "2026-12-04", cost: 5000 },
    ];
    const renewals = [
      { expiryDate: "2026-11-27", currentPrice: 400 },
      { expiryDate: "2026-11-30", currentPrice: null },
      { expiryDate: "2026-12-03", currentPrice: 880 },
      { expiryDate: "2026-11-20", currentPrice: 300 },
    ];
    expect(weekMoney("2026-11-27", bills, renewals)).toEqual({
      from: "2026-11-27",
      to: "2026-12-03",
      toProviders: 2200,
      bills: 2,
      fromRenewals: 1280,
      renewals: 3,
    });
  });

  it("moves a paid bill a cycle on, to the month's last day when it is shorter", () => {
    expect(nextBillDate("monthly", "2026-01-31")).toBe("2026-02-28");
    expect(nextBillDate("yearly", "2026-11-27")).toBe("2027-11-27");
  });
});
