import { describe, expect, it } from "vitest";
import { addDays, shopToday } from "../../domain/ledger/settings";
import { runningBalancesHold } from "../../domain/balances/balances";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { Clock } from "../../server/db/clock";
import { openDatabase } from "../../server/db/database";
import { asTestAdmin, createTestApp, expectValidationError, type TestApp } from "../helpers/app";
import { testDialect } from "../helpers/database";

/*
 * Issue 46, point 3: a line set to renew itself is renewed from its customer's store credit, on its seat, a few days
 * before it ends, with nobody touching anything; once, whatever runs it (two instances, a restart); with short credit,
 * no order is left behind and the shopper's reminder says what is missing.
 */

let nextAddress = 1;
const anAddress = () => `198.51.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;
const PHONE = "9800000066";
const CUSTOMER = "+9779800000066";

const admin = (t: TestApp, method: "GET" | "POST" | "PUT", url: string, payload?: object) => asTestAdmin(t, method, url, payload);

/** A delivered month of Netflix on an account's seat, its customer's link, and a clock the test moves. */
async function renewingLine() {
  let now = Date.now();
  const clock: Clock = () => new Date(now);
  const t = await createTestApp({ seed: true, clock });
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  const netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium");
  const { _id, Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink } = netflix;
  await admin(t, "PUT", `/api/prices/${_id}`, { Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink, AutoDeliver: true });
  const account = await admin(t, "POST", "/api/admin/accounts", {
    service: "Netflix Premium",
    itemIds: [_id],
    login: "seller@example.com",
    password: "account-password-1",
    seats: [
      { profileName: "Profile 1", pin: "1000" },
      { profileName: "Profile 2", pin: "2000" },
    ],
    renewalDate: addDays(shopToday(clock()), 365),
    cost: 1500,
    billingCycle: "monthly",
  });
  expect(account.statusCode, account.body).toBe(201);
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id, months: 1, devices: 1 }], channel: "whatsapp", name: "Sita", phone: PHONE },
    remoteAddress: anAddress(),
  });
  const reference = placed.json().reference as string;
  const line = (await admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "paid" })).json().order.lines[0];
  const key = (await admin(t, "POST", `/api/admin/customers/${PHONE}/link`)).json().link.path.split("/").at(-1) as string;
  // A chat of the customer's follows them: it hears of the renewal, or of the credit short of one.
  const at = clock().toISOString();
  await t.database.db
    .insertInto("telegram_chats")
    .values({ id: "shopper-chat", chat_id: "43", user_id: "8", title: "", role: "shopper", admin_id: null, created_at: at, updated_at: at })
    .execute();
  await t.database.db
    .insertInto("telegram_follows")
    .values({ id: "f1", chat_id: "shopper-chat", order_id: null, phone: CUSTOMER, created_at: at })
    .execute();
  return {
    t,
    clock,
    key,
    line: line as { id: string; expiryDate: string; lineTotal: number },
    reference,
    /** Moves the clock to `days` before the line ends. */
    toDaysBefore: (days: number) => void (now = Date.parse(`${addDays(line.expiryDate, -days)}T06:00:00Z`)),
  };
}

const autoRenew = (t: TestApp, key: string, lineId: string, on: unknown) =>
  t.app.inject({ method: "POST", url: `/api/my/${key}/lines/${lineId}/auto-renew`, payload: { on }, remoteAddress: anAddress() });

async function booksHold(t: TestApp) {
  const rows = await t.database.db
    .selectFrom("balance_movements")
    .select(["amount", "balance_after"])
    .where("phone", "=", CUSTOMER)
    .orderBy("seq")
    .execute();
  expect(runningBalancesHold(rows.map((row) => ({ amount: Number(row.amount), balanceAfter: Number(row.balance_after) })))).toBe(true);
}

const shopperNotices = async (t: TestApp) =>
  (await t.database.db.selectFrom("notices").select(["kind", "payload"]).where("chat_id", "=", "shopper-chat").execute())
    .filter((n) => n.kind === "shopper-auto-renewed" || n.kind === "shopper-renewal")
    .map((n) => ({ kind: n.kind, ...JSON.parse(n.payload) }));

describe("renewing by itself from store credit (issue 46)", () => {
  it("renews once on the same seat 3 days before the end, pays it from credit, delivers it and tells the shopper", async () => {
    const { t, key, line, toDaysBefore } = await renewingLine();
    await admin(t, "POST", `/api/admin/customers/${PHONE}/credit`, { amount: 5000, reason: "Prepaid" });
    expect((await autoRenew(t, key, line.id, true)).json()).toMatchObject({ autoRenew: true });
    expectValidationError(await autoRenew(t, key, line.id, "yes"), "on", "true or false");
    expect((await autoRenew(t, "x".repeat(24), line.id, true)).statusCode).toBe(404);
    const page = (await t.app.inject({ method: "GET", url: `/api/my/${key}`, remoteAddress: anAddress() })).json();
    expect(page).toMatchObject({ autoRenewDays: 3, subscriptions: [{ lineId: line.id, autoRenew: true }] });

    // Four days before: too early. Three days before: renewed, by two runs at once, once.
    toDaysBefore(4);
    expect((await t.app.services.storeCredit.autoRenewDue()).renewed).toEqual([]);
    toDaysBefore(3);
    const runs = await Promise.all([t.app.services.storeCredit.autoRenewDue(), t.app.services.storeCredit.autoRenewDue()]);
    const renewed = runs.flatMap((run) => run.renewed);
    expect(renewed).toHaveLength(1);
    expect((await t.app.services.storeCredit.autoRenewDue()).renewed).toEqual([]);

    const order = (await admin(t, "GET", `/api/admin/orders/${renewed[0]}`)).json().order;
    expect(order).toMatchObject({ status: "delivered", total: 0, balancePaid: line.lineTotal });
    expect(order.lines[0]).toMatchObject({ startDate: line.expiryDate, autoDelivered: true });
    const seats = await t.database.db.selectFrom("seat_assignments").select(["line_id", "seat_id", "end_reason"]).orderBy("started_at").execute();
    expect(seats.map((s) => s.seat_id)).toEqual([seats[0]!.seat_id, seats[0]!.seat_id]);
    expect(seats[0]).toMatchObject({ line_id: line.id, end_reason: "renewed" });
    const credit = (await admin(t, "GET", `/api/admin/customers/${PHONE}/credit`)).json();
    expect(credit.balance).toBe(5000 - line.lineTotal);
    expect(credit.movements[0]).toMatchObject({ kind: "spend", amount: -line.lineTotal, reference: renewed[0], reason: "Renewed automatically" });
    expect(await shopperNotices(t)).toEqual([
      expect.objectContaining({ kind: "shopper-auto-renewed", reference: renewed[0], amount: line.lineTotal }),
    ]);
    await booksHold(t);
  });

  it("with credit short of the price, leaves no order behind and reminds the shopper once of what is missing; turned off, it waits", async () => {
    const { t, key, line, toDaysBefore } = await renewingLine();
    await admin(t, "POST", `/api/admin/customers/${PHONE}/credit`, { amount: 100, reason: "Prepaid" });
    await autoRenew(t, key, line.id, true);
    toDaysBefore(2);
    expect(await t.app.services.storeCredit.autoRenewDue()).toEqual({ renewed: [], short: 1 });
    expect(await t.app.services.storeCredit.autoRenewDue()).toEqual({ renewed: [], short: 1 });
    expect(await t.database.db.selectFrom("orders").select("id").execute()).toHaveLength(1);
    expect((await admin(t, "GET", `/api/admin/customers/${PHONE}/credit`)).json().balance).toBe(100);
    expect(await shopperNotices(t)).toEqual([expect.objectContaining({ kind: "shopper-renewal", lineId: line.id, shortBy: line.lineTotal - 100 })]);

    // Topped up by the seller, but switched off by the shopper: nothing happens.
    await admin(t, "POST", `/api/admin/customers/${PHONE}/credit`, { amount: 5000, reason: "Prepaid" });
    await autoRenew(t, key, line.id, false);
    expect((await t.app.services.storeCredit.autoRenewDue()).renewed).toEqual([]);
    await booksHold(t);
  });

  it("the seller sets how many days before, and the top-ups' limits; a wrong number is refused", async () => {
    const { t } = await renewingLine();
    expect((await admin(t, "GET", "/api/admin/settings/store-credit")).json().data).toEqual({ autoRenewDays: 3, topUpMin: 100, topUpMax: 20_000 });
    const saved = await admin(t, "PUT", "/api/admin/settings/store-credit", { autoRenewDays: 5, topUpMin: 200, topUpMax: 5000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin(t, "GET", "/api/admin/settings/store-credit")).json().data).toEqual({ autoRenewDays: 5, topUpMin: 200, topUpMax: 5000 });
    const valid = { autoRenewDays: 3, topUpMin: 100, topUpMax: 20_000 };
    expectValidationError(await admin(t, "PUT", "/api/admin/settings/store-credit", { ...valid, autoRenewDays: 30 }), "autoRenewDays", "at most 14");
    expectValidationError(await admin(t, "PUT", "/api/admin/settings/store-credit", { ...valid, topUpMax: 50 }), "topUpMax", "at least");
  });

  it.skipIf(testDialect !== "postgres")("two instances on one database, and a restart between runs, renew a line once", async () => {
    const { t, clock, key, line, toDaysBefore } = await renewingLine();
    await admin(t, "POST", `/api/admin/customers/${PHONE}/credit`, { amount: 5000, reason: "Prepaid" });
    await autoRenew(t, key, line.id, true);
    toDaysBefore(1);
    const second = async () => {
      const database = openDatabase({ kind: "postgres", url: t.databaseUrl });
      const app = await buildApp({
        config: loadConfig({ DATABASE_URL: t.databaseUrl, MEDIA_DIR: t.mediaDir, LOG_LEVEL: "silent" }),
        database,
        clock,
      });
      app.addHook("onClose", () => database.close());
      return app;
    };
    const b = await second();
    try {
      const runs = await Promise.all([t.app.services.storeCredit.autoRenewDue(), b.services.storeCredit.autoRenewDue()]);
      expect(runs.flatMap((run) => run.renewed)).toHaveLength(1);
    } finally {
      await b.close();
    }
    // A restart: a new instance runs it again, and finds nothing to do.
    const restarted = await second();
    try {
      expect((await restarted.services.storeCredit.autoRenewDue()).renewed).toEqual([]);
    } finally {
      await restarted.close();
    }
    expect(await t.database.db.selectFrom("orders").select("id").where("phone_key", "=", CUSTOMER).execute()).toHaveLength(2);
    await booksHold(t);
  });
});
