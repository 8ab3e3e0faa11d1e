import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";

// 06:00 UTC is 11:45 in Kathmandu: the shop's today is 22 November.
const NOW = new Date("2026-11-22T06:00:00.000Z");

let nextAddress = 1;
const address = () => `203.0.113.${nextAddress++ % 250}`;
const checkout = (t: TestApp, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: address(), headers });

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

async function ids(t: TestApp): Promise<{ netflix: string; spotify: string }> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  const find = (name: string) => allPrices.find((item: { Name: string }) => item.Name === name)._id as string;
  return { netflix: find("Netflix Premium"), spotify: find("Spotify Premium") };
}

async function addCoupon(t: TestApp, coupon: object) {
  const response = await admin(t, "POST", "/api/admin/coupons", coupon);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().item as { _id: string; code: string; version: number };
}

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
