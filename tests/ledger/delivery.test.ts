import { describe, expect, it } from "vitest";
import { addMonths } from "../../domain/orders/dates";
import { addDays, shopToday } from "../../domain/ledger/settings";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";

// ADR 0096: the seller's delivery of renewals, seats on accounts billed on a cycle, and the tools
// that fit a line (seats or keys, and keys that never expire).

let nextAddress = 1;

async function itemId(t: TestApp, name: string): Promise<string> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === name)._id;
}

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

const account = (itemIds: string[], seats: number, over: object = {}) => ({
  service: "Netflix family",
  itemIds,
  login: "seller@example.com",
  password: "account-password-1",
  seats: Array.from({ length: seats }, (_, i) => ({ profileName: `Profile ${i + 1}` })),
  billingCycle: "monthly",
  renewalDate: addDays(shopToday(new Date()), 60),
  cost: 1500,
  ...over,
});

type Line = { id: string; startDate: string | null; expiryDate: string | null; renews: { lineId: string; reference: string } | null };

async function place(t: TestApp, items: Array<{ _id: string; months: number }>, phone = "9800000001"): Promise<string> {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: items.map((item) => ({ ...item, devices: 1 })), channel: "whatsapp", name: "Asha", phone },
    remoteAddress: `198.51.100.${nextAddress++ & 255}`,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().reference;
}

async function deliver(t: TestApp, reference: string, startDate?: string): Promise<Line[]> {
  const delivered = await admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "delivered", ...(startDate ? { startDate } : {}) });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return delivered.json().order.lines;
}

const orderOf = async (t: TestApp, reference: string) => (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order;

describe("a renewal delivered (issue 29, point 4)", () => {
  it("starts where the old line ends, stays on its seat, and neither waits for stock nor takes a free seat", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const today = shopToday(new Date());
    const created = (await admin(t, "POST", "/api/admin/accounts", account([netflix], 2))).json().account;
    const [old] = await deliver(t, await place(t, [{ _id: netflix, months: 1 }]));
    expect((await admin(t, "PUT", `/api/admin/lines/${old!.id}/seat`, {})).json().seat).toMatchObject({ position: 1 });
    // Another shopper's order takes the one free seat; the renewal comes after it.
    const other = await place(t, [{ _id: netflix, months: 1 }], "9800000002");
    const renewed = await admin(t, "POST", `/api/admin/renewals/${old!.id}`);
    expect(renewed.statusCode, renewed.body).toBe(201);
    const renewal = renewed.json().order;
    expect(renewal.lines[0]).toMatchObject({ renews: { lineId: old!.id, expiryDate: old!.expiryDate }, waitingForStock: false });
    expect((await orderOf(t, other)).lines[0].waitingForStock).toBe(false);

    // Delivered on today's date, as the screen used to send: it still starts where the old line ends.
    const [line] = await deliver(t, renewal.reference, today);
    expect(line).toMatchObject({ startDate: old!.expiryDate, expiryDate: addMonths(old!.expiryDate!, 1) });
    // The same seat, carried over without a click; the old holding ended as renewed.
    expect((await admin(t, "GET", `/api/admin/lines/${line!.id}/seat`)).json()).toMatchObject({ held: { seatId: created.seats[0].id } });
    const history = (await admin(t, "GET", `/api/admin/accounts/${created._id}`)).json().history;
    expect(history.map((h: { position: number; endReason: string | null }) => [h.position, h.endReason])).toEqual([
      [1, null],
      [1, "renewed"],
    ]);
    expect((await admin(t, "GET", `/api/admin/accounts/${created._id}`)).json().account.seatsUsed).toBe(1);
    // The old line is proposed no other seat: its renewal carries it on.
    expect((await admin(t, "GET", `/api/admin/lines/${old!.id}/seat`)).json()).toMatchObject({
      held: null,
      proposal: null,
      carriedOnBy: renewal.reference,
    });
  });

  it("starts on the day delivered when the old line has already ended", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const today = shopToday(new Date());
    const reference = await place(t, [{ _id: netflix, months: 1 }]);
    const [old] = await deliver(t, reference);
    // Started a month and two days ago: it ended two days ago.
    const start = addMonths(addDays(today, -2), -1);
    const moved = await admin(t, "PUT", `/api/admin/orders/${reference}/lines/${old!.id}/start`, { startDate: start });
    expect(moved.statusCode, moved.body).toBe(200);
    const renewal = (await admin(t, "POST", `/api/admin/renewals/${old!.id}`)).json().order;
    const [line] = await deliver(t, renewal.reference);
    expect(line).toMatchObject({ startDate: today, expiryDate: addMonths(today, 1) });
  });
});

describe("seats on accounts billed on a cycle (issue 29, point 5)", () => {
  it("proposes a free seat of a monthly account that renews for a 3-month line, with its bill date", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const nextBill = addDays(shopToday(new Date()), 20);
    const created = await admin(t, "POST", "/api/admin/accounts", account([netflix], 4, { renewalDate: nextBill }));
    expect(created.statusCode, created.body).toBe(201);
    const stored = created.json().account;
    expect(stored).toMatchObject({ billingCycle: "monthly", renewalDate: nextBill, cost: 1500, renews: true, warnings: [] });
    const [line] = await deliver(t, await place(t, [{ _id: netflix, months: 3 }]));

    const seat = (await admin(t, "GET", `/api/admin/lines/${line!.id}/seat`)).json();
    expect(seat.proposal).toMatchObject({ accountId: stored._id, position: 1, billingCycle: "monthly", renewalDate: nextBill, renews: true });
    const choices = (await admin(t, "GET", `/api/admin/lines/${line!.id}/seats`)).json().seats;
    expect(choices.map((c: { fits: boolean }) => c.fits)).toEqual([true, true, true, true]);
    expect((await admin(t, "PUT", `/api/admin/lines/${line!.id}/seat`, {})).statusCode).toBe(200);
    expect((await admin(t, "GET", `/api/admin/accounts/${stored._id}`)).json().account.warnings).toEqual([]);

    // Not renewed: it ends before the line, so it fits no more, and the list warns of the seat sold beyond it.
    const { seats } = stored;
    const ending = await admin(t, "PUT", `/api/admin/accounts/${stored._id}`, {
      ...account([netflix], 4, { renewalDate: nextBill, renews: false }),
      seats: seats.map((s: { id: string }) => ({ id: s.id })),
    });
    expect(ending.statusCode, ending.body).toBe(200);
    expect(ending.json().account.warnings.map((w: { kind: string }) => w.kind)).toEqual(["seat-beyond-paid"]);
    const [second] = await deliver(t, await place(t, [{ _id: netflix, months: 3 }], "9800000002"));
    expect((await admin(t, "GET", `/api/admin/lines/${second!.id}/seat`)).json().proposal).toBeNull();
    expect((await admin(t, "GET", `/api/admin/lines/${second!.id}/seats`)).json().seats[0]).toMatchObject({ fits: false, renews: false });
  });

  it("refuses billing that does not add up, with a message the seller can act on", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    expectValidationError(
      await admin(t, "POST", "/api/admin/accounts", account([netflix], 1, { renewalDate: null })),
      "renewalDate",
      "A monthly account needs its next bill date",
    );
    expectValidationError(
      await admin(t, "POST", "/api/admin/accounts", account([netflix], 1, { billingCycle: "none", renews: true })),
      "renews",
      "An account with no billing cycle is not renewed",
    );
    expectValidationError(
      await admin(t, "POST", "/api/admin/accounts", account([netflix], 1, { billingCycle: "weekly" })),
      "billingCycle",
      "monthly, yearly",
    );
    // Bought once for good: no date, and it does not renew.
    const once = await admin(t, "POST", "/api/admin/accounts", account([netflix], 1, { billingCycle: "none", renewalDate: null }));
    expect(once.statusCode, once.body).toBe(201);
    expect(once.json().account).toMatchObject({ billingCycle: "none", renewalDate: null, renews: false });
  });
});

describe("the tools that fit a line (issue 29, point 6)", () => {
  it("offers a key line keys and no seat, a seat line a seat and no keys; a key that never expires has no end", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const windows = await itemId(t, "Windows 11 Pro Key");
    await admin(t, "POST", "/api/admin/accounts", account([netflix], 2));
    const imported = await admin(t, "POST", "/api/admin/keys/import", { itemId: windows, text: "WIN-KEY-1\nWIN-KEY-2", neverExpires: true });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await admin(t, "GET", "/api/admin/keys")).json().items).toEqual([{ itemId: windows, inStock: 2, delivered: 0, neverExpires: true }]);

    const reference = await place(t, [
      { _id: netflix, months: 1 },
      { _id: windows, months: 1 },
    ]);
    const [seatLine, keyLine] = await deliver(t, reference);
    expect(seatLine).toMatchObject({ startDate: expect.any(String), expiryDate: expect.any(String) });
    expect(keyLine).toMatchObject({ startDate: seatLine!.startDate, expiryDate: null });

    const forSeat = (await admin(t, "GET", `/api/admin/lines/${seatLine!.id}/seat`)).json();
    expect(forSeat).toMatchObject({ sells: { seats: true, keys: false }, neverExpires: false, proposal: { position: 1 } });
    const forKey = (await admin(t, "GET", `/api/admin/lines/${keyLine!.id}/seat`)).json();
    expect(forKey).toMatchObject({ sells: { seats: false, keys: true }, neverExpires: true, proposal: null, linked: true });
    expect((await admin(t, "POST", `/api/admin/lines/${keyLine!.id}/key`)).statusCode).toBe(201);
    const message = (await admin(t, "GET", `/api/admin/lines/${keyLine!.id}/delivery`)).json().message;
    expect(message).toMatch(/Key: WIN-KEY-\d/);

    // Never due for renewal, never an active subscription; a corrected start keeps it without an end.
    const due = (await admin(t, "GET", "/api/admin/renewals?days=365")).json().items.map((r: { lineId: string }) => r.lineId);
    expect(due).toEqual([seatLine!.id]);
    const customer = (await admin(t, "GET", "/api/admin/customers")).json().items[0];
    expect(customer.activeSubscriptions).toBe(1);
    const corrected = await admin(t, "PUT", `/api/admin/orders/${reference}/lines/${keyLine!.id}/start`, {
      startDate: addDays(seatLine!.startDate!, -1),
    });
    expect(corrected.json().order.lines[1]).toMatchObject({ expiryDate: null });
    expect(await t.app.services.availability.neverExpires(windows)).toBe(true);
    expect(await t.app.services.availability.neverExpires(netflix)).toBe(false);
  });
});
