import { describe, expect, it } from "vitest";
import { runningBalancesHold } from "../../domain/balances/balances";
import { defaultOrderLimits } from "../../domain/order-limits/schemas";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";

/*
 * Store credit (issue 46, ADR 0127): a customer's balance is the sum of its movements, each written with what caused
 * it; the seller adds credit with a reason; an order is paid from it by the seller or from the customer's link, never
 * from a phone typed; a cancelled order gives back what it took; referral credit is balance.
 */

let nextAddress = 1;
const anAddress = () => `198.51.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;
const PHONE = "9800000077";
const CUSTOMER = "+9779800000077";

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

async function shop() {
  const t = await createTestApp({ seed: true });
  // Twenty orders of one phone awaiting payment at once, for the concurrent spends.
  expect(
    (await admin(t, "PUT", "/api/admin/settings/order-limits", { ...defaultOrderLimits, ordersPerMinute: 1000, openOrdersPerPhone: 100 })).statusCode,
  ).toBe(200);
  return t;
}

const netflixIds = new WeakMap<TestApp, string>();

async function place(t: TestApp, { phone = PHONE, referral }: { phone?: string; referral?: string } = {}) {
  let netflix = netflixIds.get(t);
  if (!netflix) {
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id as string;
    netflixIds.set(t, netflix);
  }
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp", name: "Sita", phone, ...(referral ? { referral } : {}) },
    remoteAddress: anAddress(),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { reference: placed.json().reference as string, total: placed.json().total as number };
}

const statement = async (t: TestApp, phone = PHONE) => (await admin(t, "GET", `/api/admin/customers/${phone}/credit`)).json();
const orderOf = async (t: TestApp, reference: string) => (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order;

/** Every customer's balance is the sum of their rows, each running balance the one before plus its amount. */
async function expectBooksHold(t: TestApp) {
  const rows = await t.database.db
    .selectFrom("balance_movements")
    .select(["phone", "seq", "amount", "balance_after"])
    .orderBy("phone")
    .orderBy("seq")
    .execute();
  const byPhone = new Map<string, Array<{ amount: number; balanceAfter: number; seq: number }>>();
  for (const row of rows)
    byPhone.set(row.phone, [
      ...(byPhone.get(row.phone) ?? []),
      { amount: Number(row.amount), balanceAfter: Number(row.balance_after), seq: Number(row.seq) },
    ]);
  for (const [phone, movements] of byPhone) {
    expect(
      movements.map((m) => m.seq),
      phone,
    ).toEqual(movements.map((_, i) => i + 1));
    expect(runningBalancesHold(movements), phone).toBe(true);
  }
}

async function customerKey(t: TestApp, phone = PHONE): Promise<string> {
  const made = await admin(t, "POST", `/api/admin/customers/${phone}/link`);
  expect(made.statusCode, made.body).toBe(201);
  return made.json().link.path.split("/").at(-1);
}

describe("store credit", () => {
  it("the seller adds credit with a reason (audited); a wrong amount or no reason is refused and stores nothing", async () => {
    const t = await shop();
    await place(t);
    const added = await admin(t, "POST", `/api/admin/customers/${PHONE}/credit`, { amount: 250, reason: "Sorry for the late delivery" });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ message: "NPR 250 of store credit added", balance: 250 });
    expect(added.json().movements[0]).toMatchObject({
      amount: 250,
      balanceAfter: 250,
      kind: "credit",
      reason: "Sorry for the late delivery",
      actor: "owner@pasal.test",
    });
    expectValidationError(await admin(t, "POST", `/api/admin/customers/${PHONE}/credit`, { amount: 0, reason: "x" }), "amount", "at least NPR 1");
    expectValidationError(await admin(t, "POST", `/api/admin/customers/${PHONE}/credit`, { amount: 10.5, reason: "x" }), "amount", "whole rupees");
    expectValidationError(await admin(t, "POST", `/api/admin/customers/${PHONE}/credit`, { amount: 10, reason: "  " }), "reason", "Give the reason");
    expect((await admin(t, "POST", "/api/admin/customers/9811111111/credit", { amount: 10, reason: "x" })).statusCode).toBe(404);
    expect((await statement(t)).balance).toBe(250);
    const audit = (await admin(t, "GET", "/api/admin/audit?kind=credit")).json();
    expect(audit.items).toEqual([expect.objectContaining({ kind: "credit", what: "NPR 250", label: `${CUSTOMER}: Sorry for the late delivery` })]);
    await expectBooksHold(t);
  });

  it("the customer's link shows the balance and pays an order of theirs in full from it, delivered as any paid order", async () => {
    const t = await shop();
    const order = await place(t);
    await admin(t, "POST", `/api/admin/customers/${PHONE}/credit`, { amount: 2000, reason: "Gift" });
    const key = await customerKey(t);
    const page = (await t.app.inject({ method: "GET", url: `/api/my/${key}`, remoteAddress: anAddress() })).json();
    expect(page.balance).toMatchObject({ balance: 2000, movements: [{ amount: 2000, kind: "credit", reason: "Gift" }] });
    expect(JSON.stringify(page.balance)).not.toContain("owner@pasal.test");

    const spent = await t.app.inject({ method: "POST", url: `/api/my/${key}/orders/${order.reference}/credit`, remoteAddress: anAddress() });
    expect(spent.statusCode, spent.body).toBe(200);
    expect(spent.json()).toMatchObject({ spent: order.total, paid: true, balance: 2000 - order.total });
    expect(await orderOf(t, order.reference)).toMatchObject({ status: "paid", total: 0, balancePaid: order.total });
    // Once: a second spend finds the order paid.
    const again = await t.app.inject({ method: "POST", url: `/api/my/${key}/orders/${order.reference}/credit`, remoteAddress: anAddress() });
    expect(again.statusCode).toBe(409);
    expect((await statement(t)).balance).toBe(2000 - order.total);
    // Revenue counts what store credit paid once the order is delivered.
    await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "delivered" });
    const report = (await admin(t, "GET", "/api/admin/reports/money")).json();
    expect(report.months.at(-1).revenue).toBe(order.total);
    await expectBooksHold(t);
  });

  it("another customer's order, or a wrong key, is the same 404; the phone typed at checkout proves nothing", async () => {
    const t = await shop();
    await place(t);
    await admin(t, "POST", `/api/admin/customers/${PHONE}/credit`, { amount: 2000, reason: "Gift" });
    // Someone orders with the customer's phone: their order is the customer's in the books, but they hold no customer link.
    const stranger = await place(t, { phone: "9800000088" });
    const key = await customerKey(t);
    const theirs = await t.app.inject({ method: "POST", url: `/api/my/${key}/orders/${stranger.reference}/credit`, remoteAddress: anAddress() });
    expect(theirs.statusCode).toBe(404);
    const wrong = await t.app.inject({
      method: "POST",
      url: `/api/my/${"x".repeat(24)}/orders/${stranger.reference}/credit`,
      remoteAddress: anAddress(),
    });
    expect(wrong.statusCode).toBe(404);
    expect((await statement(t)).balance).toBe(2000);
    expect((await orderOf(t, stranger.reference)).balancePaid).toBe(0);
  });

  it("pays part of an order when the balance is short; the rest is left to pay, and a cancelled order gives it back", async () => {
    const t = await shop();
    const order = await place(t);
    await admin(t, "POST", `/api/admin/customers/${PHONE}/credit`, { amount: 100, reason: "Gift" });
    const used = await admin(t, "POST", `/api/admin/orders/${order.reference}/credit`);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().message).toBe(`NPR 100 of store credit taken off ${order.reference}`);
    expect(used.json().order).toMatchObject({ status: "new", total: order.total - 100, balancePaid: 100 });
    expect((await statement(t)).balance).toBe(0);
    expect((await admin(t, "POST", `/api/admin/orders/${order.reference}/credit`)).statusCode).toBe(409);

    await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "cancelled" });
    const after = await statement(t);
    expect(after.balance).toBe(100);
    expect(after.movements.map((m: { kind: string; amount: number }) => [m.kind, m.amount])).toEqual([
      ["returned", 100],
      ["spend", -100],
      ["credit", 100],
    ]);
    await expectBooksHold(t);
  });

  it("20 spends of one balance at once: never below zero, nothing lost, each order paid once", async () => {
    const t = await shop();
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await place(t));
    const total = orders[0]!.total;
    const credit = total * 3 + 50;
    await admin(t, "POST", `/api/admin/customers/${PHONE}/credit`, { amount: credit, reason: "Loyalty" });
    const key = await customerKey(t);
    const answers = await Promise.all(
      orders.map((order) => t.app.inject({ method: "POST", url: `/api/my/${key}/orders/${order.reference}/credit`, remoteAddress: anAddress() })),
    );
    const spent = answers.filter((a) => a.statusCode === 200).map((a) => a.json().spent as number);
    expect(
      answers.every((a) => a.statusCode === 200 || a.statusCode === 409),
      answers.map((a) => a.body).join("\n"),
    ).toBe(true);
    expect(spent.reduce((sum, n) => sum + n, 0)).toBe(credit);
    expect(spent.filter((n) => n === total)).toHaveLength(3);
    expect(spent.filter((n) => n === 50)).toHaveLength(1);
    const stored = await t.database.db.selectFrom("orders").select(["balance_paid", "status"]).where("phone_key", "=", CUSTOMER).execute();
    expect(stored.reduce((sum, row) => sum + Number(row.balance_paid), 0)).toBe(credit);
    expect(stored.filter((row) => row.status === "paid")).toHaveLength(3);
    expect((await statement(t)).balance).toBe(0);
    await expectBooksHold(t);
  });

  it("a referral's credit is balance, and a cancelled referred order takes back what is left of it", async () => {
    const t = await shop();
    const first = await place(t);
    await admin(t, "POST", `/api/admin/orders/${first.reference}/status`, { status: "paid" });
    const key = await customerKey(t);
    const { referral } = (await t.app.inject({ method: "GET", url: `/api/my/${key}`, remoteAddress: anAddress() })).json();
    const friend = await place(t, { phone: "9800000099", referral: referral.code });
    await admin(t, "POST", `/api/admin/orders/${friend.reference}/status`, { status: "paid" });
    expect((await statement(t)).movements).toEqual([expect.objectContaining({ kind: "referral", amount: 100, reference: friend.reference })]);
    const cancelled = await admin(t, "POST", `/api/admin/orders/${friend.reference}/status`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await statement(t);
    expect(after.balance).toBe(0);
    expect(after.movements[0]).toMatchObject({ kind: "taken-back", amount: -100 });
    await expectBooksHold(t);
  });
});
