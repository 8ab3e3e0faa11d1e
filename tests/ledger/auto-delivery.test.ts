import { describe, expect, it } from "vitest";
import { buildApp, type App } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { addDays, shopToday } from "../../domain/ledger/settings";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";
import { testDialect } from "../helpers/database";

let nextAddress = 1;

async function admin(t: TestApp, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

type ApiItem = { _id: string; Name: string; Id: string; ImageId: string; Category: string; Info: string; plans?: Record<string, number> };
type ApiItemFull = ApiItem & { Note: string; Status: string; SpecialLink: string; version: number; AutoDeliver: boolean };

async function item(t: TestApp, name: string): Promise<ApiItemFull> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((entry: ApiItem) => entry.Name === name);
}

/** Turns "Deliver automatically when paid" on (or off) for the item, as the price form saves it. */
async function setAutoDeliver(t: TestApp, name: string, on: boolean) {
  const { _id, Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink } = await item(t, name);
  const saved = await admin(t, "PUT", `/api/prices/${_id}`, { Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink, AutoDeliver: on });
  expect(saved.statusCode, saved.body).toBe(200);
  return _id;
}

const account = (itemIds: string[], seats = 2) => ({
  service: "Netflix Premium",
  itemIds,
  login: "seller@example.com",
  password: "account-password-1",
  seats: Array.from({ length: seats }, (_, i) => ({ profileName: `Profile ${i + 1}`, pin: `10${i}0` })),
  renewalDate: addDays(shopToday(new Date()), 60),
  cost: 1500,
  billingCycle: "monthly",
});

/** Places an order of one line per item: its reference and key. */
async function place(t: TestApp, itemIds: string[], language: "en" | "ne" = "en") {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: itemIds.map((_id) => ({ _id, months: 1, devices: 1 })), channel: "whatsapp", name: "Sita", phone: "9800000001", language },
    remoteAddress: `198.51.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const body = placed.json();
  return { reference: body.reference as string, key: new URL(body.orderUrl, "http://x").searchParams.get("key")! };
}

const markPaid = (t: TestApp, reference: string) => admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "paid" });

/** Seats held and keys delivered, across the ledger. */
async function taken(t: TestApp) {
  const db = t.database.db;
  const seats = await db.selectFrom("seat_assignments").select("line_id").where("ended_at", "is", null).execute();
  const keys = await db.selectFrom("licence_keys").select("line_id").where("delivered_at", "is not", null).execute();
  return { seats: seats.map((row) => row.line_id), keys: keys.map((row) => row.line_id) };
}

async function seatAndKeyShop(t: TestApp, keys = "WIN-KEY-1\nWIN-KEY-2") {
  const netflix = await setAutoDeliver(t, "Netflix Premium", true);
  const windows = await setAutoDeliver(t, "Windows 11 Pro Key", true);
  expect((await admin(t, "POST", "/api/admin/accounts", account([netflix]))).statusCode).toBe(201);
  if (keys) expect((await admin(t, "POST", "/api/admin/keys/import", { itemId: windows, text: keys })).statusCode).toBe(200);
  return { netflix, windows };
}

describe("Deliver automatically when paid: the item's setting", () => {
  it("is off by default, saved with the item, kept when an edit leaves it out, and must be true or false", async () => {
    const t = await createTestApp({ seed: true });
    expect((await item(t, "Netflix Premium")).AutoDeliver).toBe(false);
    const id = await setAutoDeliver(t, "Netflix Premium", true);
    const stored = await item(t, "Netflix Premium");
    expect(stored.AutoDeliver).toBe(true);
    const { Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink } = stored;
    const edited = await admin(t, "PUT", `/api/prices/${id}`, { Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink: "/help" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await item(t, "Netflix Premium")).AutoDeliver).toBe(true);
    expectValidationError(
      await admin(t, "PUT", `/api/prices/${id}`, { Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink, AutoDeliver: "yes" }),
      "AutoDeliver",
      "true or false",
    );
  });
});

describe("automatic delivery on Mark paid (issue 30)", () => {
  it("delivers a seat line and a key line, and the shopper's page shows what they hold, each reading logged", async () => {
    const t = await createTestApp({ seed: true });
    const { netflix } = await seatAndKeyShop(t);
    const { reference, key } = await place(t, [netflix, (await item(t, "Windows 11 Pro Key"))._id]);
    const paid = await markPaid(t, reference);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json().order;
    expect(order.status).toBe("delivered");
    const [seatLine, keyLine] = order.lines;
    expect(seatLine).toMatchObject({
      autoDelivered: true,
      autoDeliveryReason: null,
      startDate: shopToday(new Date()),
      expiryDate: expect.any(String),
    });
    expect(keyLine).toMatchObject({ autoDelivered: true, autoDeliveryReason: null });
    expect(await taken(t)).toEqual({ seats: [seatLine.id], keys: [keyLine.id] });

    // The shopper's answer says which lines were delivered automatically, and carries no secret.
    const api = await t.app.inject({ method: "GET", url: `/api/orders/${reference}?key=${key}` });
    expect(api.json().lines.map((line: { deliveredAutomatically: boolean }) => line.deliveredAutomatically)).toEqual([true, true]);
    expect(api.body).not.toMatch(/account-password-1|WIN-KEY|1000/);

    const view = await t.app.services.autoDelivery.shopperView(reference, key, "203.0.113.9");
    expect(view.credentials).toEqual([
      {
        lineId: seatLine.id,
        seat: {
          service: "Netflix Premium",
          login: "seller@example.com",
          password: "account-password-1",
          profile: "Profile 1",
          position: 1,
          pin: "1000",
        },
        keys: [],
        message: expect.stringContaining("account-password-1"),
      },
      { lineId: keyLine.id, seat: null, keys: [expect.stringMatching(/^WIN-KEY-\d$/)], message: expect.stringMatching(/Key: WIN-KEY-\d/) },
    ]);
    expect(view.credentials[0]!.message).toContain(reference);
    const reveals = await t.database.db.selectFrom("secret_reveals").select(["admin_email", "what"]).execute();
    expect(reveals).toHaveLength(2);
    for (const reveal of reveals) expect(reveal.admin_email).toBe("shopper at 203.0.113.9");

    // A wrong key sees nothing.
    await expect(t.app.services.autoDelivery.shopperView(reference, "wrong", "203.0.113.9")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("counts the order like any other on the customer's page, the dashboard and the reports", async () => {
    const t = await createTestApp({ seed: true });
    const { netflix, windows } = await seatAndKeyShop(t);
    const { reference } = await place(t, [netflix, windows]);
    const order = (await markPaid(t, reference)).json().order;
    const customer = (await admin(t, "GET", "/api/admin/customers")).json().items[0];
    expect(customer).toMatchObject({ ordersDelivered: 1, totalSpent: order.total, activeSubscriptions: 2 });
    const { figures } = (await admin(t, "GET", "/api/admin/reports/dashboard")).json();
    expect(figures).toMatchObject({ thisMonth: { revenue: order.total }, awaitingPayment: 0 });
    const { months } = (await admin(t, "GET", "/api/admin/reports/money")).json();
    expect(months.at(-1).revenue).toBe(order.total);
  });

  it("is idempotent: called again, or after the order is delivered, it takes nothing more", async () => {
    const t = await createTestApp({ seed: true });
    const { netflix, windows } = await seatAndKeyShop(t);
    const { reference } = await place(t, [netflix, windows]);
    await markPaid(t, reference);
    const before = await taken(t);
    expect(await t.app.services.autoDelivery.deliver(reference)).toBe("untouched");
    await t.app.services.deliverAutomatically(reference);
    expect(await taken(t)).toEqual(before);
    expect(before.seats).toHaveLength(1);
    expect(before.keys).toHaveLength(1);
  });

  it("leaves the order paid when a line cannot go, each line saying why, and takes nothing", async () => {
    const t = await createTestApp({ seed: true });
    const { netflix, windows } = await seatAndKeyShop(t, "");
    const spotify = (await item(t, "Spotify Premium"))._id;
    const { reference, key } = await place(t, [netflix, windows, spotify]);
    const paid = await markPaid(t, reference);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json().order;
    expect(order.status).toBe("paid");
    expect(order.lines.map((line: { autoDeliveryReason: string | null }) => line.autoDeliveryReason)).toEqual([
      "other-lines",
      "no-stock-kept",
      "not-enabled",
    ]);
    expect(await taken(t)).toEqual({ seats: [], keys: [] });
    expect((await t.app.services.autoDelivery.shopperView(reference, key, "203.0.113.9")).credentials).toEqual([]);

    // Keys arrive and the seller delivers by hand: no reason is left, and nothing shows on the shopper's page.
    const delivered = await admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "delivered" });
    expect(delivered.json().order.lines.every((line: { autoDelivered: boolean }) => !line.autoDelivered)).toBe(true);
    expect((await t.app.services.autoDelivery.shopperView(reference, key, "203.0.113.9")).credentials).toEqual([]);
  });

  it("says no free seat fits, and no key is in stock", async () => {
    const t = await createTestApp({ seed: true });
    const { netflix, windows } = await seatAndKeyShop(t, "WIN-KEY-1");
    // Two seats, one key: the first two orders go, the third waits with its reasons.
    expect((await markPaid(t, (await place(t, [netflix, windows])).reference)).json().order.status).toBe("delivered");
    expect((await markPaid(t, (await place(t, [netflix])).reference)).json().order.status).toBe("delivered");
    const waiting = (await markPaid(t, (await place(t, [netflix, windows])).reference)).json().order;
    expect(waiting.status).toBe("paid");
    expect(waiting.lines.map((line: { autoDeliveryReason: string | null }) => line.autoDeliveryReason)).toEqual(["no-seat", "no-key"]);
  });

  it("delivers a renewal from where the old line ends, on the customer's seat (ADR 0096, point 4)", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await setAutoDeliver(t, "Netflix Premium", true);
    await admin(t, "POST", "/api/admin/accounts", account([netflix], 2));
    const first = await place(t, [netflix]);
    const old = (await markPaid(t, first.reference)).json().order.lines[0];
    const renewal = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: {
        items: [{ _id: netflix, months: 1, devices: 1 }],
        channel: "whatsapp",
        name: "Sita",
        phone: "9800000001",
        renews: { reference: first.reference, key: first.key, lineId: old.id },
      },
      remoteAddress: "198.51.100.200",
    });
    expect(renewal.statusCode, renewal.body).toBe(201);
    const renewed = (await markPaid(t, renewal.json().reference)).json().order;
    expect(renewed.status).toBe("delivered");
    expect(renewed.lines[0]).toMatchObject({ startDate: old.expiryDate, autoDelivered: true });
    const holdings = await t.database.db.selectFrom("seat_assignments").select(["seat_id", "line_id", "end_reason"]).orderBy("started_at").execute();
    expect(holdings).toEqual([
      { seat_id: holdings[0]!.seat_id, line_id: old.id, end_reason: "renewed" },
      { seat_id: holdings[0]!.seat_id, line_id: renewed.lines[0].id, end_reason: null },
    ]);
  });

  it("leaves orders of items not set to deliver automatically alone, without a reason", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = (await item(t, "Netflix Premium"))._id;
    await admin(t, "POST", "/api/admin/accounts", account([netflix]));
    const { reference } = await place(t, [netflix]);
    const order = (await markPaid(t, reference)).json().order;
    expect(order).toMatchObject({ status: "paid", lines: [{ autoDelivered: false, autoDeliveryReason: null }] });
  });
});

/** A second instance of the shop on the first one's database, as another process on the same PostgreSQL would be. */
async function secondInstance(t: TestApp): Promise<App> {
  const database = openDatabase({ kind: "postgres", url: t.databaseUrl });
  const config = loadConfig({ DATABASE_URL: t.databaseUrl, MEDIA_DIR: t.mediaDir, LOG_LEVEL: "silent" });
  const app = await buildApp({ config, database });
  app.addHook("onClose", () => database.close());
  return app;
}

describe.skipIf(testDialect !== "postgres")("automatic delivery by two instances at once", () => {
  it("delivers an order exactly once, with one seat and one key", async () => {
    const t = await createTestApp({ seed: true });
    const b = await secondInstance(t);
    try {
      const { netflix, windows } = await seatAndKeyShop(t);
      for (let round = 0; round < 5; round++) {
        const { reference } = await place(t, [netflix, windows]);
        await t.database.db.updateTable("orders").set({ status: "paid" }).where("reference", "=", reference).execute();
        const outcomes = await Promise.all([
          t.app.services.autoDelivery.deliver(reference),
          b.services.autoDelivery.deliver(reference),
          t.app.services.autoDelivery.deliver(reference),
          b.services.autoDelivery.deliver(reference),
        ]);
        const delivered = outcomes.filter((outcome) => outcome === "delivered").length;
        if (round < 2) expect(delivered, `round ${round}: ${outcomes.join(", ")}`).toBe(1);
        else
          expect(
            outcomes.every((outcome) => outcome !== "delivered"),
            `round ${round}: ${outcomes.join(", ")}`,
          ).toBe(true);
        const { seats, keys } = await taken(t);
        // Two seats and two keys in all: never more than one of each per order, never one twice.
        expect(new Set(seats).size).toBe(seats.length);
        expect(new Set(keys).size).toBe(keys.length);
        expect(seats).toHaveLength(Math.min(round + 1, 2));
        expect(keys).toHaveLength(Math.min(round + 1, 2));
      }
    } finally {
      await b.close();
    }
  });

  it("gives the last free seat to exactly one of two orders paid at once", async () => {
    const t = await createTestApp({ seed: true });
    const b = await secondInstance(t);
    try {
      const netflix = await setAutoDeliver(t, "Netflix Premium", true);
      await admin(t, "POST", "/api/admin/accounts", account([netflix], 1));
      const orders = [(await place(t, [netflix])).reference, (await place(t, [netflix])).reference];
      await t.database.db.updateTable("orders").set({ status: "paid" }).where("reference", "in", orders).execute();
      const outcomes = await Promise.all([t.app.services.autoDelivery.deliver(orders[0]!), b.services.autoDelivery.deliver(orders[1]!)]);
      expect(outcomes.sort()).toEqual(["delivered", "waiting"]);
      expect((await taken(t)).seats).toHaveLength(1);
    } finally {
      await b.close();
    }
  });
});
