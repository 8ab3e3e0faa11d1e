import { describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/app";
import { NOW, checkout, admin, ids, addCoupon } from "../helpers/shop";

describe("reports", () => {
  it("count revenue after the discount and the discount given, as a hand calculation does", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const { netflix } = await ids(t);
    await addCoupon(t, { code: "TENOFF", kind: "percent", amount: 10 });
    // 3 months × 2 devices = 1,760, 10% off = 176: paid 1,584. And one order without a coupon: 300.
    const withCoupon = (await checkout(t, { items: [{ _id: netflix, months: 3, devices: 2 }], channel: "whatsapp", coupon: "tenoff" })).json();
    const without = (await checkout(t, { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp" })).json();
    for (const { reference } of [withCoupon, without]) {
      expect((await admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "delivered" })).statusCode).toBe(200);
    }
    const months = (await admin(t, "GET", "/api/admin/reports/money")).json().months;
    expect(months.at(-1)).toMatchObject({ month: "2026-11", revenue: 1584 + 300, discount: 176 });
    // By service: the lines at their prices, then the discount as a row of its own; together the month's revenue.
    const services = (await admin(t, "GET", "/api/admin/reports/services?month=2026-11")).json().services;
    expect(services.at(-1)).toEqual({ service: "Coupons and referral credit", revenue: -176, cost: 0, margin: -176 });
    expect(services.find((row: { service: string }) => row.service === "Netflix Premium")).toMatchObject({ revenue: 1760 + 300 });
    expect(services.reduce((sum: number, row: { revenue: number }) => sum + row.revenue, 0)).toBe(1584 + 300);
    const csv = (await admin(t, "GET", "/api/admin/reports/services.csv?month=2026-11")).body;
    expect(csv.trim().split("\n").at(-1)).toBe(`"2026-11","Coupons and referral credit",-176,0,-176`);
  });
});
