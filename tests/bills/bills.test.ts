import { describe, expect, it } from "vitest";
import { fiscalYearOf } from "../../domain/bills/bills";
import { shopToday } from "../../domain/shared/shop-time";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { asTestAdmin, createTestApp, type TestApp } from "../helpers/app";

// Bills (issue 47, ADR 0130): one per paid order, however it is paid, numbered without gaps per fiscal year; a
// cancellation or refund after payment is a credit note of its own series.

let nextAddress = 1;
const admin = (t: TestApp, method: "GET" | "POST" | "PUT", url: string, payload?: object, app = t.app) => asTestAdmin(t, method, url, payload, app);

const LEGAL = {
  registeredName: "Pasal Digital Pvt. Ltd.",
  address: "New Baneshwor, Kathmandu",
  pan: "609876543",
  vatRegistered: true,
  complaintOfficer: "Sita Rai",
  complaintPhone: "+977 980-1234567",
};

async function placed(t: TestApp, phone = "9800000001", months = 1) {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  const netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
  const answer = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: netflix, months, devices: 1 }], channel: "whatsapp", name: "Sita", phone },
    remoteAddress: `198.51.100.${nextAddress++ % 250}`,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return { reference: answer.json().reference as string, total: answer.json().total as number };
}

const billOf = async (t: TestApp, reference: string) => (await admin(t, "GET", `/api/admin/orders/${reference}/bill`)).json();
const status = (t: TestApp, reference: string, to: string, app = t.app) =>
  admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: to }, app);

describe("bills (issue 47)", () => {
  it("gives a paid order one bill, numbered in the fiscal year, with the VAT inside its total; delivering it keeps that one", async () => {
    const t = await createTestApp({ seed: true });
    expect((await admin(t, "PUT", "/api/admin/settings/legal", LEGAL)).statusCode).toBe(200);
    const first = await placed(t);
    expect((await billOf(t, first.reference)).bill).toBeNull();
    expect((await status(t, first.reference, "paid")).statusCode).toBe(200);
    expect((await status(t, first.reference, "delivered")).statusCode).toBe(200);
    const year = fiscalYearOf(shopToday(new Date()));
    const { bill, creditNotes } = await billOf(t, first.reference);
    expect(bill).toMatchObject({ number: `${year.key}-1`, fiscalYear: year.label, total: first.total, paidBy: "shop" });
    expect(bill.taxablePaisa + bill.vatPaisa).toBe(first.total * 100);
    expect(bill.vatPaisa).toBe(first.total * 100 - Math.round((first.total * 10_000) / 113));
    expect(bill.verificationCode).toMatch(/^[A-Z2-9]{10}$/);
    expect(creditNotes).toEqual([]);
    // Delivered without being marked paid first: billed too, the next number.
    const second = await placed(t, "9800000002");
    expect((await status(t, second.reference, "delivered")).statusCode).toBe(200);
    expect((await billOf(t, second.reference)).bill.number).toBe(`${year.key}-2`);
    expect(await t.database.db.selectFrom("bills").select("order_id").execute()).toHaveLength(2);
  });

  it("bills an order paid from store credit, and takes back a cancellation and a refund after payment with credit notes, once each", async () => {
    const t = await createTestApp({ seed: true });
    const order = await placed(t);
    expect((await admin(t, "POST", "/api/admin/customers/9800000001/credit", { amount: 5000, reason: "Goodwill" })).statusCode).toBe(200);
    const paid = await admin(t, "POST", `/api/admin/orders/${order.reference}/credit`);
    expect(paid.statusCode, paid.body).toBe(200);
    const year = fiscalYearOf(shopToday(new Date()));
    // Not registered for VAT (no legal details yet): no VAT inside.
    expect((await billOf(t, order.reference)).bill).toMatchObject({
      number: `${year.key}-1`,
      paidBy: "store-credit",
      vatPaisa: 0,
      total: order.total,
    });
    expect((await status(t, order.reference, "cancelled")).statusCode).toBe(200);
    expect((await status(t, order.reference, "cancelled")).statusCode).toBe(409);
    expect((await billOf(t, order.reference)).creditNotes).toMatchObject([
      { number: `CN-${year.key}-1`, amount: order.total, reason: "Order cancelled" },
    ]);
    // The seller's order card names both.
    expect((await admin(t, "GET", `/api/admin/orders/${order.reference}`)).json().order.bill).toEqual({
      number: `${year.key}-1`,
      creditNotes: [`CN-${year.key}-1`],
    });

    // A delivered line refunded in part: its credit note is the refund.
    const delivered = await placed(t, "9800000002", 3);
    expect((await status(t, delivered.reference, "delivered")).statusCode).toBe(200);
    const { order: stored } = (await admin(t, "GET", `/api/admin/orders/${delivered.reference}`)).json();
    const refund = await admin(t, "POST", `/api/admin/orders/${delivered.reference}/lines/${stored.lines[0].id}/refund`, { to: "credit" });
    expect(refund.statusCode, refund.body).toBe(200);
    const { bill, creditNotes } = await billOf(t, delivered.reference);
    expect(bill.number).toBe(`${year.key}-2`);
    expect(creditNotes).toMatchObject([
      { number: `CN-${year.key}-2`, amount: refund.json().amount, reason: expect.stringMatching(/^Refund of Netflix Premium/) },
    ]);
  });

  it("numbers 20 orders paid at once, on two instances, 1 to 20 without a gap or a repeat", async () => {
    const t = await createTestApp({ seed: true });
    const config = loadConfig({ DATABASE_URL: t.databaseUrl, MEDIA_DIR: t.mediaDir, LOG_LEVEL: "silent" });
    const other = await buildApp({ config, database: openDatabase(config.database) });
    try {
      const orders = [];
      for (let i = 0; i < 20; i++) orders.push(await placed(t, `98000001${String(i).padStart(2, "0")}`));
      expect((await billOf(t, orders[0]!.reference)).bill).toBeNull(); // signs in once, before the rush
      const answers = await Promise.all(orders.map((order, i) => status(t, order.reference, "paid", i % 2 ? other : t.app)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(orders.map(() => 200));
      const rows = await t.database.db.selectFrom("bills").select(["sequence", "order_id"]).execute();
      expect(rows.map((row) => Number(row.sequence)).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(rows.map((row) => row.order_id)).size).toBe(20);
    } finally {
      await other.close();
    }
  });

  it("starts again at 1 on 1 Shrawan, the new fiscal year's first day", async () => {
    const clock = { now: new Date("2026-07-01T06:00:00.000Z") };
    const t = await createTestApp({ seed: true, clock: () => clock.now });
    const before = fiscalYearOf("2026-07-01");
    const after = fiscalYearOf("2026-08-01");
    expect(after.startYear).toBe(before.startYear + 1);
    for (const phone of ["9800000001", "9800000002"]) await status(t, (await placed(t, phone)).reference, "paid");
    clock.now = new Date("2026-08-01T06:00:00.000Z");
    const next = await placed(t, "9800000003");
    await status(t, next.reference, "paid");
    expect((await billOf(t, next.reference)).bill).toMatchObject({ number: `${after.key}-1`, fiscalYear: after.label });
    const numbers = (await t.database.db.selectFrom("bills").select("number").orderBy("issued_at").execute()).map((row) => row.number);
    expect(numbers).toEqual([`${before.key}-1`, `${before.key}-2`, `${after.key}-1`]);
  });
});
