import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, shopToday } from "../../domain/ledger/settings";
import { startFakeTelegram, type FakeTelegram, type FakeUser } from "../fakes/telegram";
import { asTestAdmin, createTestApp, expectValidationError, TEST_ADMIN, type TestApp } from "../helpers/app";

// Problems shoppers report (ADR 0111): a shopper reports a problem on a delivered line; the seller's queue answers it,
// moves the seat or gives a new key, resolves or reopens it, and each problem keeps its history.

let nextAddress = 1;

const admin = (t: TestApp, method: "GET" | "POST" | "PUT", url: string, payload?: object) => asTestAdmin(t, method, url, payload);

async function itemId(t: TestApp, name: string): Promise<string> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === name)._id;
}

/** A delivered order of one line of `item` (given a key or the proposed seat when `give` says so): its reference, key and line. */
async function delivered(t: TestApp, item: string, give: "key" | "seat" | "nothing" = "key", phone = "9800000001") {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: item, months: 1, devices: 1 }], channel: "whatsapp", name: "Sita", phone, language: "en" },
    remoteAddress: `198.51.100.${nextAddress++ & 255}`,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { reference, orderUrl } = placed.json();
  const key = new URL(orderUrl, "http://x").searchParams.get("key")!;
  const done = await admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "delivered" });
  expect(done.statusCode, done.body).toBe(200);
  const lineId: string = done.json().order.lines[0].id;
  if (give === "key") expect((await admin(t, "POST", `/api/admin/lines/${lineId}/key`)).statusCode).toBe(201);
  if (give === "seat") expect((await admin(t, "PUT", `/api/admin/lines/${lineId}/seat`, {})).statusCode).toBe(200);
  return { reference: reference as string, key, lineId };
}

const report = (t: TestApp, reference: string, body: object, language = "en") =>
  t.app.inject({ method: "POST", url: `/api/orders/${reference}/problems`, payload: body, headers: { "accept-language": language } });

async function keyShop(t: TestApp, keys = "WIN-KEY-1\nWIN-KEY-2") {
  const windows = await itemId(t, "Windows 11 Pro Key");
  expect((await admin(t, "POST", "/api/admin/keys/import", { itemId: windows, text: keys })).statusCode).toBe(200);
  return windows;
}

type Queued = {
  id: string;
  version: number;
  status: string;
  reference: string;
  holding: { kind: string };
  events: Array<{ kind: string; who: string; text: string }>;
};
const queue = async (t: TestApp): Promise<{ open: number; items: Queued[] }> => (await admin(t, "GET", "/api/admin/problems")).json();

describe("a shopper reports a problem (issue 32)", () => {
  it("is refused with a message for a wrong key, an undelivered order, an empty text and another order's line", async () => {
    const t = await createTestApp({ seed: true });
    const windows = await keyShop(t);
    const order = await delivered(t, windows);
    const other = await delivered(t, windows, "key", "9800000002");
    const body = { key: order.key, lineId: order.lineId, kind: "not-working", text: "It says the key is blocked" };

    expect((await report(t, order.reference, { ...body, key: "wrong-key" })).statusCode).toBe(404);
    expectValidationError(await report(t, order.reference, { ...body, text: "   " }), "text", /Write the problem/);
    expectValidationError(await report(t, order.reference, { ...body, text: "x".repeat(501) }), "text", /at most 500/);
    expectValidationError(await report(t, order.reference, { ...body, kind: "angry" }), "kind", /Choose what is wrong/);
    expectValidationError(await report(t, order.reference, { ...body, lineId: other.lineId }), "lineId", /not part of this order/);
    const nepali = await report(t, order.reference, { ...body, lineId: other.lineId }, "ne");
    expect(nepali.json().message).toMatch(/यो लाइन यो अर्डरको होइन/);

    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: windows, months: 1, devices: 1 }], channel: "whatsapp", name: "Hari", phone: "9800000003" },
      remoteAddress: "198.51.100.250",
    });
    const waiting = placed.json();
    const waitingKey = new URL(waiting.orderUrl, "http://x").searchParams.get("key")!;
    const undelivered = await report(t, waiting.reference, { ...body, key: waitingKey, lineId: "any" });
    expect(undelivered.statusCode).toBe(409);
    expect(undelivered.json().message).toMatch(/once the order is delivered/);

    const ok = await report(t, order.reference, { ...body, text: "  It says the key is blocked  " });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().problems).toMatchObject([
      { lineId: order.lineId, kind: "not-working", text: "It says the key is blocked", status: "open", events: [] },
    ]);
  });

  it("allows 3 open problems and 5 reports an hour per order, counted in the database, then answers 429 with a message", async () => {
    let offset = 0;
    const t = await createTestApp({ seed: true, clock: () => new Date(Date.now() + offset) });
    const windows = await keyShop(t);
    const order = await delivered(t, windows);
    const body = { key: order.key, lineId: order.lineId, kind: "other", text: "Help" };
    for (let i = 0; i < 3; i++) expect((await report(t, order.reference, body)).statusCode).toBe(201);
    const fourth = await report(t, order.reference, body);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/already has 3 open problems/);

    // Resolving two makes room for two more reports, the 4th and 5th of the hour; the 6th waits for the hour.
    const items = (await queue(t)).items;
    for (const item of items.slice(0, 2))
      expect((await admin(t, "POST", `/api/admin/problems/${item.id}/resolve`, { version: item.version })).statusCode).toBe(200);
    expect((await report(t, order.reference, body)).statusCode).toBe(201);
    offset = 10 * 60_000;
    expect(
      (await admin(t, "POST", `/api/admin/problems/${(await queue(t)).items[0]!.id}/resolve`, { version: (await queue(t)).items[0]!.version }))
        .statusCode,
    ).toBe(200);
    expect((await report(t, order.reference, body)).statusCode).toBe(201);
    const resolveOne = (await queue(t)).items[0]!;
    await admin(t, "POST", `/api/admin/problems/${resolveOne.id}/resolve`, { version: resolveOne.version });
    const sixth = await report(t, order.reference, body, "ne");
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(40 * 60);
    expect(sixth.json().message).toMatch(/एक घण्टामा धेरै रिपोर्ट/);
    offset = 61 * 60_000;
    expect((await report(t, order.reference, body)).statusCode).toBe(201);
  });
});

describe("the seller's problem queue (issue 32)", () => {
  it("lists open problems first with their line's key, answers, resolves and reopens them, keeping the history", async () => {
    const t = await createTestApp({ seed: true });
    const windows = await keyShop(t);
    const order = await delivered(t, windows);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/problems" })).statusCode).toBe(401);
    await report(t, order.reference, { key: order.key, lineId: order.lineId, kind: "not-working", text: "Activation fails" });

    const { open, items } = await queue(t);
    expect(open).toBe(1);
    expect(items).toMatchObject([{ reference: order.reference, status: "open", holding: { kind: "key", keys: 1, inStock: 1 } }]);
    const problem = items[0]!;

    expectValidationError(await admin(t, "POST", `/api/admin/problems/${problem.id}/answer`, { version: problem.version, text: " " }), "text");
    const answered = await admin(t, "POST", `/api/admin/problems/${problem.id}/answer`, { version: problem.version, text: "Try it offline first" });
    expect(answered.statusCode, answered.body).toBe(200);
    // The version the seller saw has moved on: a second tab's action is refused and does nothing.
    const stale = await admin(t, "POST", `/api/admin/problems/${problem.id}/resolve`, { version: problem.version });
    expect(stale.statusCode).toBe(409);
    expect((await admin(t, "POST", "/api/admin/problems/nope/resolve", { version: 1 })).statusCode).toBe(404);

    let [now] = (await queue(t)).items;
    expect(now).toMatchObject({ status: "answered" });
    expect(now!.events.at(-1)).toMatchObject({ kind: "answered", who: TEST_ADMIN.email, text: "Try it offline first" });
    expect((now as unknown as { tell: { whatsappUrl: string } }).tell.whatsappUrl).toMatch(
      /^https:\/\/wa\.me\/9779800000001\?text=.*Try%20it%20offline%20first/,
    );

    expect((await admin(t, "POST", `/api/admin/problems/${problem.id}/resolve`, { version: now!.version })).statusCode).toBe(200);
    [now] = (await queue(t)).items;
    expect(now).toMatchObject({ status: "resolved" });
    expect((await queue(t)).open).toBe(0);
    expect((await admin(t, "POST", `/api/admin/problems/${problem.id}/reopen`, { version: now!.version })).statusCode).toBe(200);
    [now] = (await queue(t)).items;
    expect(now!.status).toBe("open");
    expect(now!.events.map((event) => event.kind)).toEqual(["reported", "answered", "resolved", "reopened"]);
    expect(now!.events[0]).toMatchObject({ who: "shopper", text: "Activation fails" });

    // The shopper's page reads the answer and the steps, not who did them.
    const forShopper = await t.app.services.problems.forOrderPage(order.reference);
    expect(forShopper[0]!.events).toEqual([
      expect.objectContaining({ kind: "answered", text: "Try it offline first" }),
      expect.objectContaining({ kind: "resolved", text: "" }),
      expect.objectContaining({ kind: "reopened", text: "" }),
    ]);
  });

  it("gives a new key from stock in place of the old one, which the shopper's page then shows; out of stock is a 409 that changes nothing", async () => {
    const t = await createTestApp({ seed: true });
    const windows = await keyShop(t, "WIN-KEY-1\nWIN-KEY-2");
    const order = await delivered(t, windows);
    await report(t, order.reference, { key: order.key, lineId: order.lineId, kind: "not-working", text: "Blocked key" });
    let [problem] = (await queue(t)).items;
    // A line the seller delivered by hand shows no key on the shopper's page until it is replaced from a problem.
    expect((await t.app.services.autoDelivery.shopperView(order.reference, order.key, "203.0.113.9")).credentials).toEqual([]);
    const [old] = await t.app.services.licenceKeys.keysOf(order.lineId, { email: TEST_ADMIN.email, address: null });
    const fresh = old === "WIN-KEY-1" ? "WIN-KEY-2" : "WIN-KEY-1";

    const given = await admin(t, "POST", `/api/admin/problems/${problem!.id}/new-key`, { version: problem!.version });
    expect(given.statusCode, given.body).toBe(200);
    const view = await t.app.services.autoDelivery.shopperView(order.reference, order.key, "203.0.113.9");
    expect(view.credentials).toMatchObject([{ lineId: order.lineId, keys: [fresh] }]);
    expect(view.credentials[0]!.message).toContain(fresh);
    expect(view.credentials[0]!.message).not.toContain(old);
    const keys = await t.database.db.selectFrom("licence_keys").select(["line_id", "replaced_at"]).orderBy("added_at").orderBy("id").execute();
    expect(keys.every((key) => key.line_id === order.lineId)).toBe(true);
    expect(keys.filter((key) => key.replaced_at !== null)).toHaveLength(1);

    [problem] = (await queue(t)).items;
    expect(problem!.events.at(-1)).toMatchObject({ kind: "new-key", who: TEST_ADMIN.email });
    const empty = await admin(t, "POST", `/api/admin/problems/${problem!.id}/new-key`, { version: problem!.version });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toMatch(/No key of Windows 11 Pro Key is in stock: import more keys/);
    const after = (await queue(t)).items[0]!;
    expect(after.version).toBe(problem!.version);
    expect(after.events).toHaveLength(problem!.events.length);
    expect((await t.app.services.autoDelivery.shopperView(order.reference, order.key, "203.0.113.9")).credentials[0]!.keys).toEqual([fresh]);
  });

  it("gives one key for two New key presses at once", async () => {
    const t = await createTestApp({ seed: true });
    const windows = await keyShop(t, "WIN-KEY-1\nWIN-KEY-2\nWIN-KEY-3");
    const order = await delivered(t, windows);
    await report(t, order.reference, { key: order.key, lineId: order.lineId, kind: "not-working", text: "Blocked key" });
    const [problem] = (await queue(t)).items;
    const cookie = await t.adminCookie();
    const press = () =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/problems/${problem!.id}/new-key`,
        payload: { version: problem!.version },
        headers: { cookie },
      });
    const answers = await Promise.all([press(), press()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const taken = await t.database.db.selectFrom("licence_keys").select("replaced_at").where("delivered_at", "is not", null).execute();
    expect(taken).toHaveLength(2);
    expect(taken.filter((key) => key.replaced_at === null)).toHaveLength(1);
  });

  it("moves the holder's seat to the one proposed on another account, as the account screen does", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const account = (login: string) => ({
      service: "Netflix family",
      itemIds: [netflix],
      login,
      password: "pass-1",
      seats: [{ profileName: "Kid" }],
      billingCycle: "monthly",
      renewalDate: addDays(shopToday(new Date()), 60),
      cost: 1500,
    });
    const first = (await admin(t, "POST", "/api/admin/accounts", account("first@example.com"))).json().account;
    const order = await delivered(t, netflix, "seat");
    expect((await admin(t, "POST", "/api/admin/accounts", account("second@example.com"))).statusCode).toBe(201);
    await report(t, order.reference, { key: order.key, lineId: order.lineId, kind: "profile-taken", text: "Someone uses my profile" });
    const [problem] = (await queue(t)).items as Array<
      Queued & { holding: { kind: "seat"; login: string; proposal: { fromSeatId: string; seatId: string; login: string } } }
    >;
    expect(problem!.holding).toMatchObject({ kind: "seat", login: "first@example.com", proposal: { login: "second@example.com" } });

    const { fromSeatId, seatId } = problem!.holding.proposal;
    expect(
      (await admin(t, "POST", `/api/admin/problems/${problem!.id}/move-seat`, { version: problem!.version + 1, fromSeatId, seatId })).statusCode,
    ).toBe(409);
    const moved = await admin(t, "POST", `/api/admin/problems/${problem!.id}/move-seat`, { version: problem!.version, fromSeatId, seatId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toMatch(/second@example\.com/);
    const [now] = (await queue(t)).items;
    expect(now!.holding).toMatchObject({ kind: "seat", login: "second@example.com" });
    expect(now!.events.at(-1)).toMatchObject({
      kind: "seat-moved",
      text: expect.stringMatching(/^Moved from .*first@example\.com.* to .*second@example\.com/),
    });
    // The account screen's own trail: a holder to tell of the new details, on the account left.
    const notices = (await admin(t, "GET", `/api/admin/accounts/${first._id}/notices`)).json();
    expect(notices.notices).toMatchObject([{ reference: order.reference, reason: "moved", toldAt: null }]);
    // Moving again from the seat it left is refused.
    const again = await admin(t, "POST", `/api/admin/problems/${problem!.id}/move-seat`, { version: now!.version, fromSeatId, seatId });
    expect(again.statusCode).toBe(409);
  });
});

/** Sets an item's warranty through the admin's Update Price, the item as read with `WarrantyDays` changed. */
async function setWarranty(t: TestApp, id: string, days: unknown) {
  const item = (await t.app.inject({ method: "GET", url: "/api/prices" })).json().allPrices.find((i: { _id: string }) => i._id === id);
  const { Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink } = item;
  return admin(t, "PUT", `/api/prices/${id}`, { Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink, WarrantyDays: days });
}

describe("warranty (issue 46)", () => {
  it("is set per item, kept when an edit leaves it out, refused with a message when not whole days, and kept by lines sold before a change", async () => {
    let offset = 0;
    const t = await createTestApp({ seed: true, clock: () => new Date(Date.now() + offset) });
    const windows = await keyShop(t, "WIN-KEY-1\nWIN-KEY-2\nWIN-KEY-3");
    const price = (await t.app.inject({ method: "GET", url: "/api/prices" })).json().allPrices.find((i: { _id: string }) => i._id === windows);
    expect(price.WarrantyDays).toBeNull();
    expectValidationError(await setWarranty(t, windows, -1), "WarrantyDays", /cannot be negative: 0 means none/);
    expectValidationError(await setWarranty(t, windows, "two weeks"), "WarrantyDays", /number of days \(0 for none\), or empty for the whole term/);
    expectValidationError(await setWarranty(t, windows, 4000), "WarrantyDays", /at most 3650 days/);
    expect((await setWarranty(t, windows, "7")).statusCode).toBe(200);
    const { Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink } = price;
    expect(
      (await admin(t, "PUT", `/api/prices/${windows}`, { Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink })).statusCode,
    ).toBe(200);
    const after = (await t.app.inject({ method: "GET", url: "/api/prices" })).json().allPrices.find((i: { _id: string }) => i._id === windows);
    expect(after.WarrantyDays).toBe(7);

    // Sold with 7 days: the delivery message and the order page say until when, a week from today.
    const week = await delivered(t, windows);
    const today = shopToday(new Date());
    const message = (await admin(t, "GET", `/api/admin/lines/${week.lineId}/delivery`)).json().message as string;
    expect(message).toContain(`If it stops working, the shop replaces it free until ${addDays(today, 7)}.`);
    const page = (await t.app.inject({ method: "GET", url: `/api/orders/${week.reference}?key=${week.key}` })).json();
    expect(page.lines[0].warranty).toEqual({ until: addDays(today, 7), ended: false });

    // None from now on: the line sold before keeps its week; one sold after has none, and its message says nothing of it.
    expect((await setWarranty(t, windows, 0)).statusCode).toBe(200);
    const none = await delivered(t, windows, "key", "9800000002");
    expect((await admin(t, "GET", `/api/admin/lines/${none.lineId}/delivery`)).json().message).not.toMatch(/replaces it free/);
    const body = (order: typeof week) => ({ key: order.key, lineId: order.lineId, kind: "not-working", text: "It stopped working" });
    expect((await report(t, week.reference, body(week))).statusCode).toBe(201);
    expect((await report(t, none.reference, body(none))).statusCode).toBe(201);
    const warranties = Object.fromEntries((await queue(t)).items.map((item) => [item.reference, (item as Queued & { warranty: unknown }).warranty]));
    expect(warranties).toEqual({ [week.reference]: { until: addDays(today, 7), covered: true }, [none.reference]: null });

    // Eight days on, a report on the week's line is outside it, and its page says the free replacement ended.
    offset = 8 * 86_400_000;
    const later = await t.app.inject({ method: "POST", url: `/api/orders/${week.reference}/problems`, payload: body(week) });
    expect(later.statusCode, later.body).toBe(201);
    const outside = (await queue(t)).items
      .filter((item) => item.reference === week.reference)
      .map((item) => (item as Queued & { warranty: unknown }).warranty);
    expect(outside).toEqual([
      { until: addDays(today, 7), covered: true },
      { until: addDays(today, 7), covered: false },
    ]);
    const ended = (await t.app.inject({ method: "GET", url: `/api/orders/${week.reference}?key=${week.key}` })).json();
    expect(ended.lines[0].warranty).toEqual({ until: addDays(today, 7), ended: true });
  });

  it("refunds a seat nothing can replace from the queue, to store credit, once: the problem is resolved, the line ended and its seat freed", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const account = await admin(t, "POST", "/api/admin/accounts", {
      service: "Netflix family",
      itemIds: [netflix],
      login: "only@example.com",
      password: "pass-1",
      seats: [{ profileName: "Kid" }],
      billingCycle: "monthly",
      renewalDate: addDays(shopToday(new Date()), 60),
      cost: 1500,
    });
    const accountId = account.json().account._id;
    const order = await delivered(t, netflix, "seat");
    await report(t, order.reference, { key: order.key, lineId: order.lineId, kind: "not-working", text: "Netflix says the account is closed" });
    const [problem] = (await queue(t)).items as Array<Queued & { holding: { proposal: null }; warranty: { covered: boolean } }>;
    expect(problem).toMatchObject({ holding: { kind: "seat", proposal: null }, warranty: { covered: true } });

    const preview = (await admin(t, "GET", `/api/admin/orders/${order.reference}/lines/${order.lineId}/refund`)).json();
    expect(preview.amount).toBeGreaterThan(0);
    expectValidationError(
      await admin(t, "POST", `/api/admin/problems/${problem!.id}/refund`, { version: problem!.version, to: "bank" }),
      "to",
      /Choose where/,
    );
    expect((await admin(t, "POST", `/api/admin/problems/${problem!.id}/refund`, { version: problem!.version + 1, to: "credit" })).statusCode).toBe(
      409,
    );
    const refunded = await admin(t, "POST", `/api/admin/problems/${problem!.id}/refund`, { version: problem!.version, to: "credit" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().message).toMatch(new RegExp(`NPR ${preview.amount} refunded to the customer's store credit.*the problem is resolved`));
    const [after] = (await queue(t)).items;
    expect(after).toMatchObject({ status: "resolved", holding: { kind: "none" } });
    expect(after!.events.at(-1)).toMatchObject({ kind: "refunded", who: TEST_ADMIN.email });
    const credit = (await admin(t, "GET", "/api/admin/customers/9800000001/credit")).json();
    expect(credit.balance).toBe(preview.amount);
    expect((await admin(t, "GET", `/api/admin/accounts/${accountId}`)).json().account.seatsUsed).toBe(0);
    // Pressed again: refunded already, and nothing more is given.
    const again = await admin(t, "POST", `/api/admin/problems/${problem!.id}/refund`, { version: after!.version, to: "credit" });
    expect(again.statusCode).toBe(409);
    expect((await admin(t, "GET", "/api/admin/customers/9800000001/credit")).json().balance).toBe(preview.amount);
    const shopperSees = (await t.app.inject({ method: "GET", url: `/api/orders/${order.reference}?key=${order.key}` })).json();
    expect(shopperSees.lines[0].warranty).toBeNull();
  });
});

describe("telling by Telegram (issue 32)", () => {
  let telegram: FakeTelegram;
  beforeAll(async () => {
    telegram = await startFakeTelegram();
  });
  afterAll(async () => {
    await telegram.close();
  });

  it("tells the seller's chat of a report, and the shopper's chat of the answer and the new key, never the key", async () => {
    const env = {
      ...telegram.env,
      NOTICES_TICK_MS: "50",
      NOTICES_SCAN_MS: "200",
      NOTICES_RETRY_MS: "50",
      TELEGRAM_POLL_SECONDS: "1",
      PUBLIC_URL: "http://shop.test",
    };
    const t = await createTestApp({ seed: true, env });
    const token = telegram.createBot(`problems_${Date.now() % 1e6}_bot`);
    expect((await admin(t, "PUT", "/api/admin/telegram/token", { token })).statusCode).toBe(200);
    t.app.worker.start();
    const seller: FakeUser = { id: 5550001, first_name: "Sita", language_code: "en" };
    const shopper: FakeUser = { id: 6650001, first_name: "Gita", language_code: "en" };
    const said = (user: FakeUser, words: string) =>
      expect.poll(() => telegram.messages(token, user.id).some((m) => m.text.includes(words)), { timeout: 10_000 }).toBe(true);

    const { code } = (await admin(t, "POST", "/api/admin/telegram/connect")).json();
    telegram.say(token, seller, `/start ${code}`);
    await said(seller, "Connected.");
    const windows = await keyShop(t, "WIN-KEY-1\nWIN-KEY-2");
    const order = await delivered(t, windows);
    const link = await t.app.inject({ method: "POST", url: `/api/orders/${order.reference}/telegram`, payload: { key: order.key } });
    telegram.say(token, shopper, `/start ${new URL(link.json().link).searchParams.get("start")}`);
    await said(shopper, `order ${order.reference}`);

    await report(t, order.reference, { key: order.key, lineId: order.lineId, kind: "not-working", text: "Activation <fails>" });
    await said(seller, "A customer reports a problem: Windows 11 Pro Key");
    await said(seller, "Not working: Activation &lt;fails&gt;");
    const [problem] = (await queue(t)).items;
    expect((await admin(t, "POST", `/api/admin/problems/${problem!.id}/new-key`, { version: problem!.version })).statusCode).toBe(200);
    await said(shopper, `The shop gave you a new key for order <b>${order.reference}</b>`);
    expect(
      (await admin(t, "POST", `/api/admin/problems/${problem!.id}/answer`, { version: problem!.version + 1, text: "New key given" })).statusCode,
    ).toBe(200);
    await said(shopper, "The shop answered the problem you reported");
    expect(
      telegram
        .messages(token, shopper.id)
        .map((m) => m.text)
        .join("\n"),
    ).not.toMatch(/WIN-KEY/);
  });
});
