import { describe, expect, it } from "vitest";
import { coveredOn, lineWarranty } from "./warranty";

const line = (warrantyDays: number | null, extra: Partial<Parameters<typeof lineWarranty>[0]> = {}) =>
  lineWarranty({
    warrantyDays,
    startDate: "2026-12-01",
    expiryDate: "2027-01-01",
    deliveredAt: "2026-12-01T06:00:00.000Z",
    refunded: false,
    ...extra,
  });

describe("a line's warranty", () => {
  it("runs the whole term by default, N days from delivery when set, and not at all for 0, a refund or no delivery", () => {
    expect(line(null)).toEqual({ until: "2027-01-01" });
    expect(line(7)).toEqual({ until: "2026-12-08" });
    expect(line(0)).toBeNull();
    expect(line(7, { refunded: true })).toBeNull();
    expect(line(7, { deliveredAt: null })).toBeNull();
  });

  it("never runs past the line's end, and lasts while a line without an end does", () => {
    expect(line(90)).toEqual({ until: "2027-01-01" });
    expect(line(null, { startDate: "2026-12-01", expiryDate: null })).toEqual({ until: null });
    expect(line(30, { expiryDate: null })).toEqual({ until: "2026-12-31" });
  });

  it("counts from the shop's date of delivery, and from the start of a renewal delivered before it starts", () => {
    // 20:00 UTC is 01:45 the next day in Kathmandu.
    expect(line(7, { deliveredAt: "2026-12-01T20:00:00.000Z" })).toEqual({ until: "2026-12-09" });
    expect(line(7, { startDate: "2027-01-01", expiryDate: "2027-02-01", deliveredAt: "2026-12-29T06:00:00.000Z" })).toEqual({
      until: "2027-01-08",
    });
  });

  it("covers a problem reported up to and including its last day", () => {
    expect(coveredOn({ until: "2026-12-08" }, "2026-12-08")).toBe(true);
    expect(coveredOn({ until: "2026-12-08" }, "2026-12-09")).toBe(false);
    expect(coveredOn({ until: null }, "2030-01-01")).toBe(true);
    expect(coveredOn(null, "2026-12-01")).toBe(false);
  });
});
