import { describe, expect, it, vi } from "vitest";
import { buildApp, type App } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { EXPIRY_SWEEP_MS } from "../../server/jobs/jobs";
import { CHECKOUT_LIMIT } from "../../server/modules/orders/routes";
import { ORDER_KEY_FAILURES } from "../../server/modules/orders/shared";
import { createTestApp, loginAs, TEST_ADMIN, type TestApp } from "../helpers/app";
import { testDialect } from "../helpers/database";

// Anonymous orders have a ceiling (ADR 0101). The defaults are written out here, as the
// shop starts with them: 30 orders and 30 "I have paid" a minute shop-wide, 5 unpaid orders per phone, new
// orders expire after 72 hours.
const ORDERS_PER_MINUTE = 30;
const OPEN_PER_PHONE = 5;
const EXPIRE_HOURS = 72;

/** A clock the test moves on. */
function movingClock(start = Date.parse("2026-11-22T06:00:00.000Z")) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

let nextAddress = 1;
const anAddress = () => `198.51.100.${nextAddress++ % 250}`;

async function netflixId(t: TestApp): Promise<string> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
}

const checkout = (
  app: App,
  netflix: string,
  { remoteAddress = anAddress(), extra = {}, headers = {} }: { remoteAddress?: string; extra?: object; headers?: Record<string, string> } = {},
) =>
  app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp", ...extra },
    remoteAddress,
    headers: { origin: "http://localhost", ...headers },
  });

async function placeOrder(t: TestApp, netflix: string, extra: object = {}) {
  const response = await checkout(t.app, netflix, { extra });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { reference: body.reference as string, key: new URL(body.orderUrl, "http://x").searchParams.get("key")! };
}

const sessions = new WeakMap<TestApp, string>();
/** As the test admin, signing in again when the clock moved past the session's end. */
async function admin(t: TestApp, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  const send = (cookie: string) => t.app.inject({ method, url, payload, headers: { cookie } });
  const answer = await send(sessions.get(t) ?? (await t.adminCookie()));
  if (answer.statusCode !== 401) return answer;
  sessions.set(t, await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
  return send(sessions.get(t)!);
}

async function setLimits(t: TestApp, limits: Partial<Record<string, number>>) {
  const current = (await admin(t, "GET", "/api/admin/settings/order-limits")).json().data;
  const saved = await admin(t, "PUT", "/api/admin/settings/order-limits", { ...current, ...limits });
  expect(saved.statusCode, saved.body).toBe(200);
}

const orderOf = async (t: TestApp, reference: string) => (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order;
const refusals = async (t: TestApp) => (await admin(t, "GET", "/api/admin/order-limits/refusals")).json().items;

/** A second instance of the shop on the first one's database, as another process on the same PostgreSQL would be. */
async function secondInstance(t: TestApp, clock?: () => Date): Promise<App> {
  const database = openDatabase({ kind: "postgres", url: t.databaseUrl });
  const config = loadConfig({ DATABASE_URL: t.databaseUrl, MEDIA_DIR: t.mediaDir, LOG_LEVEL: "silent" });
  const app = await buildApp({ config, database, ...(clock ? { clock } : {}) });
  app.addHook("onClose", () => database.close());
  return app;
}

function expectRetryAfter(response: { headers: Record<string, unknown> }, min: number, max: number) {
  const seconds = Number(response.headers["retry-after"]);
  expect(seconds).toBeGreaterThanOrEqual(min);
  expect(seconds).toBeLessThanOrEqual(max);
}

describe("limits per address", () => {
  it("count every address of one IPv6 /64 as one client", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await netflixId(t);
    for (let i = 1; i <= CHECKOUT_LIMIT.max; i++) {
      expect((await checkout(t.app, netflix, { remoteAddress: `2001:db8:1:2::${i.toString(16)}` })).statusCode).toBe(201);
    }
    const fresh = await checkout(t.app, netflix, { remoteAddress: "2001:db8:1:2:ffff:ffff:ffff:9" });
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().message).toMatch(/^Too many orders from your address\. Please send yours again in a minute, or message the shop/);
    expectRetryAfter(fresh, 1, 60);
    // The next /64 is another customer's.
    expect((await checkout(t.app, netflix, { remoteAddress: "2001:db8:1:3::1" })).statusCode).toBe(201);

    // Wrong order links too: guessing from fresh addresses of one /64 is one guesser.
    for (let i = 1; i <= ORDER_KEY_FAILURES.max; i++) {
      const wrong = await t.app.inject({ method: "GET", url: `/api/orders/PSL-22222?key=k${i}`, remoteAddress: `2001:db8:9:9::${i.toString(16)}` });
      expect(wrong.statusCode).toBe(404);
    }
    const locked = await t.app.inject({ method: "GET", url: "/api/orders/PSL-22222?key=x", remoteAddress: "2001:db8:9:9:aaaa::1" });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBeDefined();
  });
});

describe("the shop-wide ceiling on orders", () => {
  it(`takes ${ORDERS_PER_MINUTE} orders a minute from 40 addresses at once, refuses the rest with a 429 to act on, and tells the seller`, async () => {
    const time = movingClock();
    const t = await createTestApp({ seed: true, clock: time.clock });
    const netflix = await netflixId(t);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => checkout(t.app, netflix, { remoteAddress: `203.0.113.${i + 1}` })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(ORDERS_PER_MINUTE);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(40 - ORDERS_PER_MINUTE);
    for (const answer of refused) {
      expect(answer.json().message).toBe(
        "The shop is receiving very many orders right now, so yours was not placed. Please send it again in a minute, or message the shop directly in the chat.",
      );
      expectRetryAfter(answer, 1, 60);
    }
    expect(await t.database.db.selectFrom("orders").select("id").execute()).toHaveLength(ORDERS_PER_MINUTE);
    expect(await refusals(t)).toEqual([{ kind: "orders", refused: 10, firstAt: "2026-11-22T06:00:00.000Z", lastAt: "2026-11-22T06:00:00.000Z" }]);

    // Any 60 seconds: once the first minute's orders are a minute old, the shop takes orders again.
    time.advance(60_000);
    expect((await checkout(t.app, netflix)).statusCode).toBe(201);

    // The seller hides the notice; only refusals after that show again.
    expect((await admin(t, "POST", "/api/admin/order-limits/refusals/hide")).statusCode).toBe(200);
    expect(await refusals(t)).toEqual([]);
    time.advance(60_000);
    await setLimits(t, { ordersPerMinute: 1 });
    expect((await checkout(t.app, netflix)).statusCode).toBe(201);
    expect((await checkout(t.app, netflix)).statusCode).toBe(429);
    expect(await refusals(t)).toMatchObject([{ kind: "orders", refused: 1 }]);
    // A day later the notice has gone by itself.
    time.advance(24 * 3_600_000 + 60_000);
    expect(await refusals(t)).toEqual([]);
  });

  it("is the seller's to set; a checkout that places nothing does not count; a renewal from an order page is never held back; Nepali when asked", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await netflixId(t);
    const limits = (await admin(t, "GET", "/api/admin/settings/order-limits")).json();
    expect(limits).toEqual({
      success: true,
      data: {
        ordersPerMinute: ORDERS_PER_MINUTE,
        paidClaimsPerMinute: 30,
        wrongCouponsPerMinute: 20,
        openOrdersPerPhone: OPEN_PER_PHONE,
        expireNewAfterHours: EXPIRE_HOURS,
      },
      version: 0,
    });
    const bad = await admin(t, "PUT", "/api/admin/settings/order-limits", { ...limits.data, ordersPerMinute: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ field: "ordersPerMinute", message: "Orders a minute must be at least 1" });
    await setLimits(t, { ordersPerMinute: 2 });

    const unsold = await checkout(t.app, netflix, { extra: { items: [{ _id: "no-such-item", months: 1, devices: 1 }] } });
    expect(unsold.statusCode).toBe(400);
    const first = await placeOrder(t, netflix);
    await placeOrder(t, netflix);
    const nepali = await checkout(t.app, netflix, { extra: { language: "ne" } });
    expect(nepali.statusCode).toBe(429);
    expect(nepali.json().message).toMatch(/^अहिले पसलमा एकैपटक धेरै अर्डर आइरहेका छन्/);

    // The customer renews a delivered line from their order page while the shop refuses other orders.
    expect((await admin(t, "POST", `/api/admin/orders/${first.reference}/status`, { status: "delivered" })).statusCode).toBe(200);
    const lineId = (await orderOf(t, first.reference)).lines[0].id;
    const renewal = await checkout(t.app, netflix, { extra: { renews: { reference: first.reference, key: first.key, lineId } } });
    expect(renewal.statusCode, renewal.body).toBe(201);
    expect((await checkout(t.app, netflix)).statusCode).toBe(429);
  });

  it("words the refusal of one address in the language the storefront asks for", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await netflixId(t);
    for (let i = 0; i < CHECKOUT_LIMIT.max; i++) await checkout(t.app, netflix, { remoteAddress: "192.0.2.44" });
    const refused = await checkout(t.app, netflix, { remoteAddress: "192.0.2.44", headers: { "accept-language": "ne" } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^तपाईंको ठेगानाबाट धेरै अर्डर आए। कृपया एक मिनेटपछि फेरि पठाउनुहोस्/);
    expectRetryAfter(refused, 1, 60);
  });

  it.skipIf(testDialect !== "postgres")("holds across two instances on one PostgreSQL database", async () => {
    const t = await createTestApp({ seed: true });
    const b = await secondInstance(t);
    try {
      const netflix = await netflixId(t);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => checkout(i % 2 ? b : t.app, netflix, { remoteAddress: `203.0.113.${i + 1}` })),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(ORDERS_PER_MINUTE);
      expect(await refusals(t)).toMatchObject([{ kind: "orders", refused: 10 }]);
    } finally {
      await b.close();
    }
  });
});

describe("the shop-wide ceiling on 'I have paid'", () => {
  it("takes as many a minute as the seller allows, counting only notices it records", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await netflixId(t);
    await setLimits(t, { paidClaimsPerMinute: 2 });
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await placeOrder(t, netflix));
    const claim = (order: { reference: string; key: string }, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: "POST",
        url: `/api/orders/${order.reference}/paid`,
        payload: { key: order.key },
        remoteAddress: anAddress(),
        headers: { origin: "http://localhost", ...headers },
      });
    expect((await claim(orders[0]!)).statusCode).toBe(200);
    // Said twice: refused as before (409), and not counted.
    expect((await claim(orders[0]!)).statusCode).toBe(409);
    expect((await claim(orders[1]!)).statusCode).toBe(200);
    const refused = await claim(orders[2]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "The shop is receiving very many payment notices right now. Please try again in a minute; your payment is safe, and you can also tell the shop in the chat.",
    );
    expectRetryAfter(refused, 1, 60);
    const nepali = await claim(orders[3]!, { "accept-language": "ne" });
    expect(nepali.statusCode).toBe(429);
    expect(nepali.json().message).toMatch(/^अहिले पसलमा एकैपटक धेरै भुक्तानी सूचना आइरहेका छन्/);
    expect((await orderOf(t, orders[2]!.reference)).paidClaim).toBeNull();
    expect(await refusals(t)).toMatchObject([{ kind: "paid-claims", refused: 2 }]);
  });
});

describe("the shop-wide ceiling on wrong coupon codes", () => {
  it("checks no code once the shop has had its wrong codes of the minute, from however many addresses, and tells the seller", async () => {
    const time = movingClock();
    const t = await createTestApp({ seed: true, clock: time.clock });
    const netflix = await netflixId(t);
    expect((await admin(t, "POST", "/api/admin/coupons", { code: "DASHAIN10", kind: "percent", amount: 10 })).statusCode).toBe(201);
    await setLimits(t, { wrongCouponsPerMinute: 3 });
    const quote = (coupon: string, language = "en") =>
      t.app
        .inject({
          method: "POST",
          url: "/api/orders/quote",
          payload: { items: [{ _id: netflix, months: 1, devices: 1 }], coupon, language },
          remoteAddress: anAddress(),
        })
        .then((answer) => answer.json().coupon);
    const busy =
      "The shop is receiving very many wrong coupon codes right now, so yours was not checked. Please try it again in a minute, or order without it.";

    // Right codes never count, however many; each wrong one does, in the quote and at checkout alike.
    for (let i = 0; i < 5; i++) expect(await quote("dashain10")).toMatchObject({ code: "DASHAIN10", discount: expect.any(Number) });
    expect(await quote("GUESS1")).toEqual({ code: "GUESS1", problem: "Coupon GUESS1 is not valid; check the code" });
    expect(await quote("GUESS2")).toMatchObject({ problem: "Coupon GUESS2 is not valid; check the code" });
    expect((await checkout(t.app, netflix, { extra: { coupon: "GUESS3" } })).statusCode).toBe(400);

    // Full: no code is checked, the right one neither, so a guess that hits cannot be told from one that misses.
    expect(await quote("GUESS4")).toEqual({ code: "GUESS4", problem: busy });
    expect(await quote("DASHAIN10")).toEqual({ code: "DASHAIN10", problem: busy });
    expect((await quote("DASHAIN10", "ne")).problem).toMatch(/^अहिले पसलमा धेरै गलत कुपन कोड प्रयास भइरहेका छन्/);
    const refused = await checkout(t.app, netflix, { extra: { coupon: "DASHAIN10" } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(busy);
    expectRetryAfter(refused, 1, 60);
    // The order without it goes through, and nothing of the refused checkout was kept.
    expect((await checkout(t.app, netflix)).statusCode).toBe(201);
    expect(await t.database.db.selectFrom("orders").select("id").execute()).toHaveLength(1);
    expect(await refusals(t)).toMatchObject([{ kind: "coupon-tries", refused: 4 }]);

    time.advance(60_000);
    const placed = await checkout(t.app, netflix, { extra: { coupon: "DASHAIN10" } });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ couponCode: "DASHAIN10" });
  });
});

describe("unpaid orders per phone", () => {
  it(`takes ${OPEN_PER_PHONE} orders awaiting payment per phone, however it is written, and another once one is paid`, async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await netflixId(t);
    const spellings = ["9801234567", "+977 980-1234567", "980 123 4567", "+9779801234567", "9801234567"];
    const placed = [];
    for (const phone of spellings) placed.push(await placeOrder(t, netflix, { phone }));
    const refused = await checkout(t.app, netflix, { extra: { phone: "9801234567" } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      `This phone number already has ${OPEN_PER_PHONE} orders waiting for payment. Pay for one of them, or ask the shop in the chat to cancel the ones you do not want, then order again.`,
    );
    // When the oldest of them expires.
    expectRetryAfter(refused, EXPIRE_HOURS * 3600 - 120, EXPIRE_HOURS * 3600);
    const nepali = await checkout(t.app, netflix, { extra: { phone: "9801234567", language: "ne" } });
    expect(nepali.json().message).toMatch(/^यो फोन नम्बरमा भुक्तानी बाँकी ५ वटा अर्डर पहिले नै छन्/);
    // Other phones, and orders without one, are not held back.
    await placeOrder(t, netflix, { phone: "9807654321" });
    await placeOrder(t, netflix);
    expect((await admin(t, "POST", `/api/admin/orders/${placed[0]!.reference}/status`, { status: "paid" })).statusCode).toBe(200);
    await placeOrder(t, netflix, { phone: "9801234567" });
  });

  it("counts checkouts of one phone sent at once one after the other", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await netflixId(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkout(t.app, netflix, { extra: { phone: "9801112223" } })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(OPEN_PER_PHONE);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(8 - OPEN_PER_PHONE);
  });
});

describe("new orders nobody took up", () => {
  it(`expire after ${EXPIRE_HOURS} hours, marked as such, releasing what they held; orders someone took up stay`, async () => {
    const time = movingClock();
    const t = await createTestApp({ seed: true, clock: time.clock });
    const netflix = await netflixId(t);
    const untouched = await placeOrder(t, netflix);
    const claimed = await placeOrder(t, netflix);
    const claimAnswer = await t.app.inject({
      method: "POST",
      url: `/api/orders/${claimed.reference}/paid`,
      payload: { key: claimed.key },
      remoteAddress: anAddress(),
    });
    expect(claimAnswer.statusCode).toBe(200);
    const contacted = await placeOrder(t, netflix);
    await admin(t, "POST", `/api/admin/orders/${contacted.reference}/status`, { status: "contacted" });
    // A delivered order whose line the seller renewed: the renewal order is new, and holds that line.
    const delivered = await placeOrder(t, netflix);
    await admin(t, "POST", `/api/admin/orders/${delivered.reference}/status`, { status: "delivered" });
    const lineId = (await orderOf(t, delivered.reference)).lines[0].id;
    const renewal = (await admin(t, "POST", `/api/admin/renewals/${lineId}`)).json().order.reference as string;
    expect((await orderOf(t, delivered.reference)).lines[0].renewalReference).toBe(renewal);

    time.advance(EXPIRE_HOURS * 3_600_000 - 60_000);
    const recent = await placeOrder(t, netflix);
    expect(await t.app.services.orders.expireStale()).toBe(0);
    time.advance(2 * 60_000);
    expect(await t.app.services.orders.expireStale()).toBe(2);
    expect(await t.app.services.orders.expireStale()).toBe(0);

    for (const reference of [untouched.reference, renewal]) {
      expect(await orderOf(t, reference)).toMatchObject({ status: "cancelled", cancelReason: "expired" });
    }
    expect(await orderOf(t, claimed.reference)).toMatchObject({ status: "new", cancelReason: null });
    expect(await orderOf(t, contacted.reference)).toMatchObject({ status: "contacted" });
    expect(await orderOf(t, recent.reference)).toMatchObject({ status: "new" });
    // The line the expired renewal held is due again.
    expect((await orderOf(t, delivered.reference)).lines[0].renewalReference).toBeNull();
    // Its shopper reads that it expired.
    const page = await t.app.inject({ method: "GET", url: `/api/orders/${untouched.reference}?key=${untouched.key}`, remoteAddress: anAddress() });
    expect(page.json()).toMatchObject({ status: "cancelled", expired: true, paymentMethods: [] });
    expect(page.json().steps.at(-1)).toEqual({ status: "cancelled", at: new Date(time.clock()).toISOString() });
  });

  it("expire on the server's own schedule, and never when the seller sets 0 hours", async () => {
    // Only the schedule's timer is faked; the database and the server keep their own time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const time = movingClock();
      const t = await createTestApp({ seed: true, clock: time.clock });
      await t.app.ready();
      const netflix = await netflixId(t);
      await setLimits(t, { expireNewAfterHours: 0 });
      const kept = await placeOrder(t, netflix);
      time.advance(400 * 24 * 3_600_000);
      await vi.advanceTimersByTimeAsync(EXPIRY_SWEEP_MS);
      expect(await t.app.services.orders.expireStale()).toBe(0);
      await setLimits(t, { expireNewAfterHours: 1 });
      // The next period, by the server's clock too: each period's sweep runs once (ADR 0120).
      time.advance(EXPIRY_SWEEP_MS);
      await vi.advanceTimersByTimeAsync(EXPIRY_SWEEP_MS);
      await vi.waitFor(async () => expect((await orderOf(t, kept.reference)).status).toBe("cancelled"));
    } finally {
      vi.useRealTimers();
    }
  });

  it.skipIf(testDialect !== "postgres")("are expired once each when two instances sweep at the same moment", async () => {
    const time = movingClock();
    const t = await createTestApp({ seed: true, clock: time.clock });
    const b = await secondInstance(t, time.clock);
    try {
      const netflix = await netflixId(t);
      for (let i = 0; i < 20; i++) await placeOrder(t, netflix);
      time.advance((EXPIRE_HOURS + 1) * 3_600_000);
      const counts = await Promise.all([t.app.services.orders.expireStale(), b.services.orders.expireStale()]);
      expect(counts[0]! + counts[1]!).toBe(20);
      const rows = await t.database.db.selectFrom("orders").select(["status", "cancel_reason", "version"]).execute();
      expect(rows.every((row) => row.status === "cancelled" && row.cancel_reason === "expired" && Number(row.version) === 2)).toBe(true);
    } finally {
      await b.close();
    }
  });
});
