import { describe, expect, it } from "vitest";
import { STALE_EDIT_MESSAGE } from "../../domain/shared/versions";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";
import { formulaCells } from "../helpers/csv";
import { asAdmin, HISTORY_NOW, writeHistory } from "../helpers/history";

async function withHistory(): Promise<TestApp> {
  const clock = { now: HISTORY_NOW };
  const t = await createTestApp({ seed: true, clock: () => clock.now });
  await writeHistory(t, clock);
  return t;
}

const list = async (t: TestApp, query = "") => {
  const response = await asAdmin(t, "GET", `/api/admin/customers${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe("customers", () => {
  it("are for admins only", async () => {
    const t = await createTestApp();
    for (const [method, url] of [
      ["GET", "/api/admin/customers"],
      ["GET", "/api/admin/customers.csv"],
      ["GET", "/api/admin/customers/9800000001"],
      ["PUT", "/api/admin/customers/9800000001"],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === "PUT" ? { displayName: "x" } : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("are recognised by their phone however it was written, with their figures", async () => {
    const t = await withHistory();
    const page = await list(t);
    expect(page).toMatchObject({ success: true, total: 4, page: 1, pages: 1 });
    // Latest order first: Gita (9 March), Sita (3 March), Hari, Ram; the order without a phone is nobody's.
    expect(page.items).toEqual([
      {
        phone: "+9779800000004",
        name: "Gita",
        firstOrderAt: "2026-03-09T06:00:00.000Z",
        lastOrderAt: "2026-03-09T06:00:00.000Z",
        ordersDelivered: 0,
        totalSpent: 0,
        activeSubscriptions: 0,
        nextExpiry: null,
      },
      {
        phone: "+9779800000001",
        name: "Sita",
        firstOrderAt: "2026-01-10T06:00:00.000Z",
        lastOrderAt: "2026-03-03T06:00:00.000Z",
        ordersDelivered: 3,
        totalSpent: 900,
        activeSubscriptions: 1,
        nextExpiry: "2026-04-03",
      },
      expect.objectContaining({ phone: "+9779800000003", name: "Hari", ordersDelivered: 0, totalSpent: 0 }),
      expect.objectContaining({ phone: "+9779810000002", name: "Ram", ordersDelivered: 1, totalSpent: 500, activeSubscriptions: 0 }),
    ]);
  });

  it("sort by each column both ways, empty values last, and page", async () => {
    const t = await withHistory();
    const phones = async (query: string) => (await list(t, query)).items.map((c: { phone: string }) => c.phone);
    expect(await phones("?sort=spent&dir=desc")).toEqual(["+9779800000001", "+9779810000002", "+9779800000004", "+9779800000003"]);
    expect(await phones("?sort=name&dir=asc")).toEqual(["+9779800000004", "+9779800000003", "+9779810000002", "+9779800000001"]);
    expect((await phones("?sort=active&dir=desc"))[0]).toBe("+9779800000001");
    expect(await phones("?sort=delivered&dir=asc")).toEqual(["+9779800000003", "+9779800000004", "+9779810000002", "+9779800000001"]);
    expect(await phones("?sort=phone&dir=desc")).toEqual(["+9779810000002", "+9779800000004", "+9779800000003", "+9779800000001"]);
    expect((await phones("?sort=nextExpiry&dir=asc"))[0]).toBe("+9779800000001");
    expect((await phones("?sort=nextExpiry&dir=desc"))[0]).toBe("+9779800000001");
    expect(await phones("?sort=firstOrder&dir=asc")).toEqual(["+9779800000001", "+9779810000002", "+9779800000003", "+9779800000004"]);
    const second = await list(t, "?sort=firstOrder&dir=asc&limit=3&page=2");
    expect(second).toMatchObject({ total: 4, page: 2, pages: 2 });
    expect(second.items.map((c: { phone: string }) => c.phone)).toEqual(["+9779800000004"]);
  });

  it("are found by name or by part of the phone", async () => {
    const t = await withHistory();
    expect((await list(t, "?q=sit")).items.map((c: { name: string }) => c.name)).toEqual(["Sita"]);
    expect((await list(t, "?q=981-000")).items.map((c: { name: string }) => c.name)).toEqual(["Ram"]);
    expect((await list(t, "?q=%25")).total).toBe(0);
    expect((await list(t, "?q=nobody")).items).toEqual([]);
  });

  it("refuses a bad query with a message", async () => {
    const t = await createTestApp();
    expectValidationError(await asAdmin(t, "GET", "/api/admin/customers?sort=password"), "sort", /sort must be one of/);
    expectValidationError(await asAdmin(t, "GET", "/api/admin/customers?page=0"), "page", /page starts at 1/);
    expectValidationError(await asAdmin(t, "GET", `/api/admin/customers?q=${"x".repeat(61)}`), "q");
  });

  it("show one customer: orders, the seat and key held, renewals due and a WhatsApp link", async () => {
    const t = await withHistory();
    const response = await asAdmin(t, "GET", `/api/admin/customers/${encodeURIComponent("+977 980-0000001")}`);
    expect(response.statusCode, response.body).toBe(200);
    const { customer } = response.json();
    expect(customer).toMatchObject({
      phone: "+9779800000001",
      name: "Sita",
      displayName: "",
      note: "",
      version: 0,
      whatsappUrl: "https://wa.me/9779800000001",
    });
    expect(customer.orders.map((o: { status: string; total: number }) => [o.status, o.total])).toEqual([
      ["delivered", 300],
      ["delivered", 300],
      ["delivered", 300],
    ]);
    expect(customer.orders[0].lines).toEqual([{ name: "Spotify Premium", months: 1, devices: 1 }]);
    expect(customer.holdings).toEqual([
      { kind: "key", reference: customer.orders[0].reference, itemName: "Spotify Premium", what: "Licence key", expiryDate: "2026-04-03" },
    ]);
    // The renewal's line ended on 5 March and was not renewed; the first line was.
    expect(customer.renewalsDue).toEqual([expect.objectContaining({ name: "Netflix Premium", expiryDate: "2026-03-05", daysLeft: -5 })]);
  });

  it("answer 404 for a phone nobody ordered with", async () => {
    const t = await withHistory();
    for (const phone of ["9800000099", "nothing"]) {
      const response = await asAdmin(t, "GET", `/api/admin/customers/${phone}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toMatch(/No customer with the phone/);
    }
    expect((await asAdmin(t, "PUT", "/api/admin/customers/9800000099", { displayName: "X" })).statusCode).toBe(404);
  });

  it("keep the admin's display name and note, refusing a save over a newer one", async () => {
    const t = await withHistory();
    const first = await asAdmin(
      t,
      "PUT",
      "/api/admin/customers/9800000003",
      { displayName: "  Hari Bahadur ", note: "Pays by eSewa" },
      { "if-match": '"0"' },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().customer).toMatchObject({ displayName: "Hari Bahadur", name: "Hari Bahadur", note: "Pays by eSewa", version: 1 });
    expect((await list(t, "?q=bahadur")).items.map((c: { phone: string }) => c.phone)).toEqual(["+9779800000003"]);

    const stale = await asAdmin(t, "PUT", "/api/admin/customers/9800000003", { displayName: "Other" }, { "if-match": '"0"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STALE_EDIT_MESSAGE);

    const second = await asAdmin(t, "PUT", "/api/admin/customers/+9779800000003", { displayName: "", note: "" }, { "if-match": '"1"' });
    expect(second.json().customer).toMatchObject({ displayName: "", name: "Hari", version: 2 });
    expectValidationError(await asAdmin(t, "PUT", "/api/admin/customers/9800000003", { displayName: "x".repeat(101) }), "displayName", /too long/);
  });

  it("download as CSV, text made safe", async () => {
    const t = await withHistory();
    await asAdmin(t, "PUT", "/api/admin/customers/9800000003", { displayName: "@Hari", note: '=1+1, "quoted"' });
    const response = await asAdmin(t, "GET", "/api/admin/customers.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="customers.csv"');
    const rows = response.body.split("\r\n");
    expect(rows[0]).toBe("phone,name,first_order_at,last_order_at,orders_delivered,total_spent_npr,active_subscriptions,next_expiry,note");
    // Every text is quoted (a spreadsheet splitting on ";" finds no formula in a cell); counts stay numbers.
    expect(rows).toContain('"977 980-0000001","Sita","2026-01-10T06:00:00.000Z","2026-03-03T06:00:00.000Z",3,900,1,"2026-04-03",""');
    expect(rows).toContain(`"977 980-0000003","'@Hari","2026-02-20T06:00:00.000Z","2026-02-20T06:00:00.000Z",0,0,0,,"'=1+1, ""quoted"""`);
  });

  it("download as CSV with no cell a spreadsheet splitting on ; or a tab would run", async () => {
    const t = await withHistory();
    await asAdmin(t, "PUT", "/api/admin/customers/9800000003", { displayName: "Ram;=1+1;", note: "paid\t@SUM(A1); -2+3" });
    const csv = (await asAdmin(t, "GET", "/api/admin/customers.csv")).body;
    expect(csv).toContain(`"Ram;'=1+1;"`);
    expect(formulaCells(csv)).toEqual([]);
  });

  it("follow an order whose phone the admin corrects", async () => {
    const t = await withHistory();
    const order = (await asAdmin(t, "GET", "/api/admin/orders?q=9800000004")).json().items[0];
    await asAdmin(t, "PUT", `/api/admin/orders/${order.reference}/details`, { customerName: "Gita", phone: "+977 9800000003", note: "" });
    const page = await list(t);
    expect(page.total).toBe(3);
    expect(page.items.find((c: { phone: string }) => c.phone === "+9779800000003").lastOrderAt).toBe("2026-03-09T06:00:00.000Z");
  });
});
