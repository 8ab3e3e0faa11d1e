import { describe, expect, it } from "vitest";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";
import { formulaCells } from "../helpers/csv";
import { asAdmin, HISTORY_NOW, writeHistory } from "../helpers/history";

async function withHistory(): Promise<TestApp> {
  const clock = { now: HISTORY_NOW };
  const t = await createTestApp({ seed: true, clock: () => clock.now });
  await writeHistory(t, clock);
  return t;
}

const zeros = (month: string) => ({ month, revenue: 0, discount: 0, refunds: 0, creditGiven: 0, topUps: 0, cost: 0, margin: 0 });

describe("reports", () => {
  it("are for admins only", async () => {
    const t = await createTestApp();
    for (const url of [
      "/api/admin/reports/dashboard",
      "/api/admin/reports/money",
      "/api/admin/reports/services",
      "/api/admin/reports/customers",
      "/api/admin/reports/renewals",
      "/api/admin/reports/orders.csv",
      "/api/admin/reports/services.csv",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().success).toBe(false);
    }
  });

  it("counts revenue by the shop's day it was paid, provider cost by the days each period covers, keys when sold", async () => {
    const t = await withHistory();
    const response = await asAdmin(t, "GET", "/api/admin/reports/money");
    expect(response.statusCode, response.body).toBe(200);
    const { months } = response.json();
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual(zeros("2025-04"));
    expect(months.slice(-4)).toEqual([
      zeros("2025-12"),
      { month: "2026-01", revenue: 300, discount: 0, refunds: 0, creditGiven: 0, topUps: 0, cost: 516, margin: -216 },
      // Ram's 500, paid at 19:00 UTC on 31 January, is 1 February in Nepal; Hari's cancelled order counts nothing.
      { month: "2026-02", revenue: 800, discount: 0, refunds: 0, creditGiven: 0, topUps: 0, cost: 484, margin: 316 },
      // Delivered without being marked paid counts on its delivery; the key sold cost 120.
      { month: "2026-03", revenue: 600, discount: 0, refunds: 0, creditGiven: 0, topUps: 0, cost: 120, margin: 480 },
    ]);
  });

  it("splits a month by service, with the provider's and the keys' cost", async () => {
    const t = await withHistory();
    const march = (await asAdmin(t, "GET", "/api/admin/reports/services?month=2026-03")).json();
    expect(march).toEqual({
      success: true,
      month: "2026-03",
      services: [
        { service: "Netflix Premium", revenue: 300, cost: 0, margin: 300 },
        { service: "Spotify Premium", revenue: 300, cost: 120, margin: 180 },
      ],
    });
    const february = (await asAdmin(t, "GET", "/api/admin/reports/services?month=2026-02")).json();
    expect(february.services).toEqual([
      { service: "YouTube Premium", revenue: 500, cost: 0, margin: 500 },
      { service: "Netflix Premium", revenue: 300, cost: 484, margin: -184 },
    ]);
    // This month by default.
    expect((await asAdmin(t, "GET", "/api/admin/reports/services")).json().month).toBe("2026-03");
  });

  it("refuses a month not written YYYY-MM", async () => {
    const t = await createTestApp();
    for (const month of ["2026-13", "March", "2026-3", "2026-03-01"]) {
      expectValidationError(await asAdmin(t, "GET", `/api/admin/reports/services?month=${month}`), "month", /YYYY-MM/);
    }
    expectValidationError(await asAdmin(t, "GET", "/api/admin/reports/services.csv?month=x"), "month");
  });

  it("counts new and returning customers by their delivered orders, anonymous ones apart", async () => {
    const t = await withHistory();
    const { months } = (await asAdmin(t, "GET", "/api/admin/reports/customers")).json();
    expect(months.slice(-3)).toEqual([
      { month: "2026-01", new: 1, returning: 0 },
      { month: "2026-02", new: 1, returning: 1 },
      { month: "2026-03", new: 0, returning: 1 },
    ]);
  });

  it("gives the renewal rate of the lines that ended each month", async () => {
    const t = await withHistory();
    const { months } = (await asAdmin(t, "GET", "/api/admin/reports/renewals")).json();
    expect(months.slice(-3)).toEqual([
      { month: "2026-01", ended: 0, renewed: 0, rate: null },
      { month: "2026-02", ended: 1, renewed: 1, rate: 100 },
      { month: "2026-03", ended: 2, renewed: 0, rate: 0 },
    ]);
  });

  it("puts this month against the last on the dashboard, with orders waiting and paid claims", async () => {
    const t = await withHistory();
    const { figures } = (await asAdmin(t, "GET", "/api/admin/reports/dashboard")).json();
    expect(figures).toEqual({
      thisMonth: { month: "2026-03", revenue: 600, discount: 0, refunds: 0, creditGiven: 0, topUps: 0, cost: 120, margin: 480 },
      lastMonth: { month: "2026-02", revenue: 800, discount: 0, refunds: 0, creditGiven: 0, topUps: 0, cost: 484, margin: 316 },
      awaitingPayment: 1,
      paidClaims: 1,
      creditOwed: 0,
    });
  });

  it("answers zeros on an empty shop", async () => {
    const t = await createTestApp({ clock: () => HISTORY_NOW });
    expect((await asAdmin(t, "GET", "/api/admin/reports/money")).json().months[11]).toEqual(zeros("2026-03"));
    expect((await asAdmin(t, "GET", "/api/admin/reports/services")).json().services).toEqual([]);
    expect((await asAdmin(t, "GET", "/api/admin/reports/dashboard")).json().figures.awaitingPayment).toBe(0);
  });

  describe("CSV", () => {
    it("downloads orders one row a line, amounts as whole rupees, times ISO, text made safe", async () => {
      const clock = { now: HISTORY_NOW };
      const t = await createTestApp({ seed: true, clock: () => clock.now });
      await writeHistory(t, clock);
      const response = await asAdmin(t, "GET", "/api/admin/reports/orders.csv?month=2026-02");
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe('attachment; filename="orders-2026-02.csv"');
      expect(response.headers["cache-control"]).toBe("no-store");
      const rows = response.body.split("\r\n");
      expect(rows[0]).toBe(
        "reference,created_at,status,paid_at,delivered_at,channel,customer_name,phone,order_total_npr,paid_from_credit_npr,line,item,months,devices,unit_price_npr,line_total_npr,start_date,expiry_date,line_refunded_npr",
      );
      // Placed in February (shop time): Ram's at 00:45 on 1 February, the renewal, Hari's. Nepali mobiles are
      // written without the "+" a spreadsheet would take for a formula, so no apostrophe shows; every text is quoted.
      expect(rows.slice(1, -1).map((row) => row.split(",").slice(2, 5).concat(row.split(",").slice(6, 9)))).toEqual([
        ['"cancelled"', '"2026-02-20T06:00:00.000Z"', "", '"Hari"', '"977 980-0000003"', "300"],
        ['"delivered"', '"2026-02-05T06:00:00.000Z"', '"2026-02-05T06:00:00.000Z"', '"Sita"', '"977 980-0000001"', "300"],
        ['"delivered"', '"2026-01-31T19:00:00.000Z"', '"2026-02-01T06:00:00.000Z"', '"Ram"', '"977 981-0000002"', "500"],
      ]);
      expect(rows.at(-1)).toBe("");
    });

    it("neutralises formulas in names", async () => {
      const clock = { now: HISTORY_NOW };
      const t = await createTestApp({ seed: true, clock: () => clock.now });
      await writeHistory(t, clock);
      const order = (await asAdmin(t, "GET", "/api/admin/orders?q=9800000004")).json().items[0];
      const named = await asAdmin(t, "PUT", `/api/admin/orders/${order.reference}/details`, {
        customerName: '=HYPERLINK("http://evil.example","x")',
        phone: "9800000004",
        note: "",
      });
      expect(named.statusCode, named.body).toBe(200);
      const csv = (await asAdmin(t, "GET", "/api/admin/reports/orders.csv?month=2026-03")).body;
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
      expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    });

    it("leaves no cell a spreadsheet splitting on ; or a tab would run", async () => {
      const clock = { now: HISTORY_NOW };
      const t = await createTestApp({ seed: true, clock: () => clock.now });
      await writeHistory(t, clock);
      const order = (await asAdmin(t, "GET", "/api/admin/orders?q=9800000004")).json().items[0];
      const named = await asAdmin(t, "PUT", `/api/admin/orders/${order.reference}/details`, {
        customerName: "Ram;=1+1;",
        phone: "9800000004",
        note: "",
      });
      expect(named.statusCode, named.body).toBe(200);
      const csv = (await asAdmin(t, "GET", "/api/admin/reports/orders.csv?month=2026-03")).body;
      expect(csv).toContain(`"Ram;'=1+1;"`);
      expect(formulaCells(csv)).toEqual([]);
    });

    it("downloads a month's money by service, every service listed", async () => {
      const t = await withHistory();
      const response = await asAdmin(t, "GET", "/api/admin/reports/services.csv?month=2026-02");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toBe('attachment; filename="services-2026-02.csv"');
      expect(response.body).toBe(
        'month,service,revenue_npr,cost_npr,margin_npr\r\n"2026-02","YouTube Premium",500,0,500\r\n"2026-02","Netflix Premium",300,484,-184\r\n',
      );
    });
  });
});
