import { describe, expect, it } from "vitest";
import { addDays, shopToday } from "../../domain/ledger/settings";
import { createTestApp, expectValidationError, loginAs, TEST_ADMIN, type TestApp } from "../helpers/app";

// ADR 0100: the audit outlives what it audits, nothing a customer holds is
// deleted, and every reveal, deletion and retirement is on the audit screen.

let nextAddress = 1;
const ADMIN_ADDRESS = "192.0.2.44";

/** Sessions signed in again after a test's clock moved on a day (a session lasts 12 hours at most). */
const signedInAgain = new Map<TestApp, string>();

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  const cookie = signedInAgain.get(t) ?? (await t.adminCookie());
  return t.app.inject({ method, url, payload, headers: { cookie }, remoteAddress: ADMIN_ADDRESS });
}

async function signInAgain(t: TestApp) {
  signedInAgain.set(t, await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
}

async function itemOf(t: TestApp, name: string): Promise<{ _id: string; Name: string; Id: string }> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === name);
}

const account = (itemIds: string[], seats = 2, over: object = {}) => ({
  service: "Netflix Premium",
  itemIds,
  login: "seller@example.com",
  password: "account-password-1",
  seats: Array.from({ length: seats }, (_, i) => ({ profileName: `Profile ${i + 1}`, pin: `10${i}0` })),
  renewalDate: addDays(shopToday(new Date()), 60),
  cost: 1500,
  billingCycle: "monthly",
  ...over,
});

async function place(t: TestApp, itemId: string) {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: itemId, months: 1, devices: 1 }], channel: "whatsapp", name: "Sita", phone: "9800000001" },
    remoteAddress: `198.51.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const body = placed.json();
  return { reference: body.reference as string, key: new URL(body.orderUrl, "http://x").searchParams.get("key")! };
}

/** An order of one line of the item, moved to `status`: its reference, key and line id. */
async function ordered(t: TestApp, itemId: string, status: "paid" | "delivered" = "delivered") {
  const order = await place(t, itemId);
  const moved = await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status });
  expect(moved.statusCode, moved.body).toBe(200);
  return { ...order, lineId: moved.json().order.lines[0].id as string };
}

async function auditLog(t: TestApp, query = "") {
  const response = await admin(t, "GET", `/api/admin/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: Array<{ kind: string; what: string; label: string; who: string; address: string | null; at: string }>;
    total: number;
    page: number;
    pages: number;
    admins: string[];
  };
}

describe("an account's audit outlives the account (point 1)", () => {
  it("retires an account with a history instead of deleting it, keeping its reveals, and logs the retirement", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = (await itemOf(t, "Netflix Premium"))._id;
    const created = (await admin(t, "POST", "/api/admin/accounts", account([netflix]))).json().account;
    expect(created.hasHistory).toBe(false);
    expect((await admin(t, "POST", `/api/admin/accounts/${created._id}/reveal`, { what: "password" })).json().value).toBe("account-password-1");

    const removed = await admin(t, "DELETE", `/api/admin/accounts/${created._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ outcome: "retired", message: expect.stringMatching(/^Account retired, not deleted/) });
    const kept = (await admin(t, "GET", `/api/admin/accounts/${created._id}`)).json();
    expect(kept.account).toMatchObject({ status: "retired", hasHistory: true });
    expect(kept.reveals.map((r: { what: string }) => r.what)).toEqual(["account retired instead of deleted: it has a history", "password"]);

    // The log names the account as it was, who did it and from where.
    const log = await auditLog(t);
    expect(log.items.map(({ kind, what, label, who, address }) => ({ kind, what, label, who, address }))).toEqual([
      {
        kind: "retired",
        what: "account retired instead of deleted: it has a history",
        label: "Netflix Premium (seller@example.com)",
        who: "owner@pasal.test",
        address: ADMIN_ADDRESS,
      },
      { kind: "password", what: "password", label: "Netflix Premium (seller@example.com)", who: "owner@pasal.test", address: ADMIN_ADDRESS },
    ]);

    // Deleting it again changes nothing: it stays retired, with its history.
    expect((await admin(t, "DELETE", `/api/admin/accounts/${created._id}`)).json().outcome).toBe("retired");
    expect((await auditLog(t)).total).toBe(2);
  });

  it("deletes an account that never held a customer nor had a secret revealed, and logs the deletion", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = (await itemOf(t, "Netflix Premium"))._id;
    const created = (await admin(t, "POST", "/api/admin/accounts", account([netflix], 1, { login: "spare@example.com" }))).json().account;
    const removed = await admin(t, "DELETE", `/api/admin/accounts/${created._id}`);
    expect(removed.json()).toMatchObject({ outcome: "deleted", message: "Account deleted" });
    expect((await admin(t, "GET", `/api/admin/accounts/${created._id}`)).statusCode).toBe(404);
    const [line] = (await auditLog(t)).items;
    expect(line).toMatchObject({ kind: "deleted", what: "account deleted", label: "Netflix Premium (spare@example.com)", who: "owner@pasal.test" });
  });

  it("keeps every reveal row of an account even when its row leaves the database, with what it named", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = (await itemOf(t, "Netflix Premium"))._id;
    const created = (await admin(t, "POST", "/api/admin/accounts", account([netflix]))).json().account;
    await admin(t, "POST", `/api/admin/accounts/${created._id}/reveal`, { what: "pin", seatId: created.seats[1].id });
    // However it goes (by hand, by a later bug), the database keeps the record: no cascade any more.
    await t.database.db.deleteFrom("account_seats").where("account_id", "=", created._id).execute();
    await t.database.db.deleteFrom("provider_account_items").where("account_id", "=", created._id).execute();
    await t.database.db.deleteFrom("provider_accounts").where("id", "=", created._id).execute();
    const log = await auditLog(t);
    expect(log.items).toEqual([expect.objectContaining({ kind: "pin", what: "PIN of seat 2", label: "Netflix Premium (seller@example.com)" })]);
  });

  it("writes a removed seat's holders to the log, and refuses a seat in use", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = (await itemOf(t, "Netflix Premium"))._id;
    const created = (await admin(t, "POST", "/api/admin/accounts", account([netflix], 2))).json().account;
    const { reference, lineId } = await ordered(t, netflix);
    expect((await admin(t, "PUT", `/api/admin/lines/${lineId}/seat`, { seatId: created.seats[1].id })).statusCode).toBe(200);
    const keepFirst = { ...account([netflix], 1), seats: [{ id: created.seats[0].id }] };
    expect((await admin(t, "PUT", `/api/admin/accounts/${created._id}`, keepFirst)).statusCode).toBe(409);
    expect((await admin(t, "DELETE", `/api/admin/lines/${lineId}/seat`)).statusCode).toBe(200);
    expect((await admin(t, "PUT", `/api/admin/accounts/${created._id}`, keepFirst)).statusCode).toBe(200);
    const [line] = (await auditLog(t, "?kind=removals")).items;
    expect(line).toMatchObject({ kind: "deleted", what: "seat 2 removed" });
    expect(line!.label).toMatch(
      new RegExp(`^Netflix Premium \\(seller@example.com\\), seat 2 “Profile 2”; held by ${reference} \\(\\d{4}-\\d\\d-\\d\\d to \\d{4}-`),
    );
  });

  it("gives a retired account no new seat, nor a renewal of a line on it", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = (await itemOf(t, "Netflix Premium"))._id;
    const old = (await admin(t, "POST", "/api/admin/accounts", account([netflix], 2, { login: "old@example.com" }))).json().account;
    const { lineId } = await ordered(t, netflix);
    expect((await admin(t, "PUT", `/api/admin/lines/${lineId}/seat`, {})).json().seat).toMatchObject({ accountId: old._id, position: 1 });

    // Retired with its customer still on it (Edit, Status): the customer stays until their line ends.
    const retired = await admin(t, "PUT", `/api/admin/accounts/${old._id}`, {
      ...account([netflix], 2, { login: "old@example.com", status: "retired" }),
      seats: old.seats.map((seat: { id: string }) => ({ id: seat.id })),
    });
    expect(retired.statusCode, retired.body).toBe(200);
    const fresh = (await admin(t, "POST", "/api/admin/accounts", account([netflix], 2, { login: "new@example.com" }))).json().account;

    // A new line: never the retired account's free seat, even when named.
    const other = await ordered(t, netflix);
    expect((await admin(t, "GET", `/api/admin/lines/${other.lineId}/seat`)).json().proposal).toMatchObject({ accountId: fresh._id });
    const named = await admin(t, "PUT", `/api/admin/lines/${other.lineId}/seat`, { seatId: old.seats[1].id });
    expect(named.statusCode).toBe(409);

    // The renewal of the line on it is not carried onto it, nor proposed it, nor given it when named.
    const renewal = (await admin(t, "POST", `/api/admin/renewals/${lineId}`)).json().order;
    const delivered = await admin(t, "POST", `/api/admin/orders/${renewal.reference}/status`, { status: "delivered" });
    const renewalLine = delivered.json().order.lines[0].id;
    const seat = (await admin(t, "GET", `/api/admin/lines/${renewalLine}/seat`)).json();
    expect(seat.held).toBeNull();
    expect(seat.proposal).toMatchObject({ accountId: fresh._id });
    expect((await admin(t, "PUT", `/api/admin/lines/${renewalLine}/seat`, { seatId: old.seats[0].id })).statusCode).toBe(409);

    const log = await auditLog(t, "?kind=removals");
    expect(log.items).toEqual([expect.objectContaining({ kind: "retired", what: "account retired", label: "Netflix Premium (old@example.com)" })]);
  });
});

describe("nothing a customer holds is deleted with its item (point 2)", () => {
  /** An item sold with keys: two imported, one delivered to a customer and revealed in its delivery message. */
  async function keyed(t: TestApp) {
    const item = await itemOf(t, "Windows 11 Pro Key");
    const imported = await admin(t, "POST", "/api/admin/keys/import", { itemId: item._id, text: "WIN-KEY-1\nWIN-KEY-2", cost: 100 });
    expect(imported.json().imported).toBe(2);
    const line = await ordered(t, item._id);
    expect((await admin(t, "POST", `/api/admin/lines/${line.lineId}/key`)).statusCode).toBe(201);
    const message = (await admin(t, "GET", `/api/admin/lines/${line.lineId}/delivery`)).json().message;
    expect(message).toMatch(/Key: WIN-KEY-\d/);
    return { item, line };
  }

  it("refuses to delete an item whose keys were delivered, saying why and what to do, and keeps everything", async () => {
    const t = await createTestApp({ seed: true });
    const { item, line } = await keyed(t);
    const refused = await admin(t, "DELETE", `/api/prices/${encodeURIComponent(item.Name)}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      "Windows 11 Pro Key cannot be deleted: 1 licence key delivered to customers, 1 key in stock. Hide it from the shop instead: it is no longer sold, and its orders, keys and seats stay.",
    );
    expect(await itemOf(t, item.Name)).toBeDefined();
    expect(await t.database.db.selectFrom("licence_keys").select("id").execute()).toHaveLength(2);
    expect((await admin(t, "GET", `/api/admin/lines/${line.lineId}/delivery`)).json().message).toMatch(/Key: WIN-KEY-\d/);
    // Both readings of its delivery message are in the log, naming the key's item and order.
    const log = await auditLog(t, "?kind=key");
    expect(log.items).toEqual(
      Array(2).fill(expect.objectContaining({ what: "licence key for delivery", label: `Windows 11 Pro Key for ${line.reference}` })),
    );

    // The database refuses it too: a key keeps its item.
    await expect(t.database.db.deleteFrom("catalogue_items").where("id", "=", item._id).execute()).rejects.toThrow();
  });

  it("refuses while a seat is in use, a paid order waits or a key is in stock; deletes and logs an item holding nothing", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemOf(t, "Netflix Premium");
    const created = (await admin(t, "POST", "/api/admin/accounts", account([netflix._id], 1))).json().account;
    const { lineId } = await ordered(t, netflix._id);
    await admin(t, "PUT", `/api/admin/lines/${lineId}/seat`, {});
    const seats = await admin(t, "DELETE", `/api/prices/${encodeURIComponent(netflix.Name)}`);
    expect(seats.statusCode).toBe(409);
    expect(seats.json().message).toMatch(/^Netflix Premium cannot be deleted: 1 seat in use\. Hide it/);
    // Freed, the item goes; the account stays (it serves nothing now).
    await admin(t, "DELETE", `/api/admin/lines/${lineId}/seat`);
    expect((await admin(t, "DELETE", `/api/prices/${encodeURIComponent(netflix.Name)}`)).statusCode).toBe(200);
    expect((await admin(t, "GET", `/api/admin/accounts/${created._id}`)).json().account.itemIds).toEqual([]);

    const spotify = await itemOf(t, "Spotify Premium");
    await ordered(t, spotify._id, "paid");
    expect((await admin(t, "DELETE", `/api/prices/${encodeURIComponent(spotify.Name)}`)).json().message).toMatch(
      /^Spotify Premium cannot be deleted: 1 paid order waiting for delivery\./,
    );
    const stocked = await itemOf(t, "Windows 11 Pro Key");
    await admin(t, "POST", "/api/admin/keys/import", { itemId: stocked._id, text: "K-1\nK-2\nK-3", cost: 0 });
    expect((await admin(t, "DELETE", `/api/prices/${encodeURIComponent(stocked.Name)}`)).json().message).toMatch(
      /^Windows 11 Pro Key cannot be deleted: 3 keys in stock\./,
    );

    const log = await auditLog(t, "?kind=removals");
    expect(log.items).toEqual([
      expect.objectContaining({
        kind: "deleted",
        what: "catalogue item deleted",
        label: `Netflix Premium (Id ${netflix.Id})`,
        who: "owner@pasal.test",
      }),
    ]);
  });

  it("hides an item instead: out of the shop and its sales, kept for its orders and keys, and logged", async () => {
    const t = await createTestApp({ seed: true });
    const { item, line } = await keyed(t);
    const hidden = await admin(t, "PUT", `/api/prices/${item._id}/hidden`, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ message: "Windows 11 Pro Key is hidden from the shop", data: { Hidden: true } });
    expect(await itemOf(t, item.Name)).toBeUndefined();
    const search = (await t.app.inject({ method: "GET", url: "/api/search?q=Windows" })).json().suggestions;
    expect(search).toEqual([]);
    const order = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: item._id, months: 1, devices: 1 }], channel: "whatsapp" },
      remoteAddress: "198.51.100.200",
    });
    expect(order.statusCode).toBe(400);
    // The customer's order and key stay.
    const shopper = await t.app.inject({ method: "GET", url: `/api/orders/${line.reference}?key=${line.key}` });
    expect(shopper.json().lines[0].name).toBe("Windows 11 Pro Key");
    expect((await admin(t, "GET", `/api/admin/lines/${line.lineId}/delivery`)).json().message).toMatch(/Key: WIN-KEY-\d/);

    expect((await admin(t, "PUT", `/api/prices/${item._id}/hidden`, { hidden: false })).json().message).toBe(
      "Windows 11 Pro Key is back in the shop",
    );
    expect(await itemOf(t, item.Name)).toBeDefined();
    const log = await auditLog(t, "?kind=removals");
    expect(log.items.map(({ kind, what, label }) => ({ kind, what, label }))).toEqual([
      { kind: "restored", what: "catalogue item shown in the shop again", label: `Windows 11 Pro Key (Id ${item.Id})` },
      { kind: "retired", what: "catalogue item hidden from the shop", label: `Windows 11 Pro Key (Id ${item.Id})` },
    ]);
    expectValidationError(await admin(t, "PUT", `/api/prices/${item._id}/hidden`, {}), "hidden");
    expect((await admin(t, "PUT", "/api/prices/nope/hidden", { hidden: true })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "PUT", url: `/api/prices/${item._id}/hidden`, payload: { hidden: true } })).statusCode).toBe(401);
  });

  it("logs a deleted payment method with the account it paid into", async () => {
    const t = await createTestApp({ seed: true });
    const created = await admin(t, "POST", "/api/admin/payment-methods", {
      kind: "esewa",
      name: "eSewa",
      account: "9801234567",
      holder: "Pasal Store",
      enabled: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await admin(t, "DELETE", `/api/admin/payment-methods/${created.json().item._id}`)).statusCode).toBe(200);
    const [line] = (await auditLog(t)).items;
    expect(line).toMatchObject({ kind: "deleted", what: "payment method deleted", label: "eSewa, 9801234567, Pasal Store" });
  });
});

describe("the audit log (point 9)", () => {
  it("lists every kind of reveal, the shoppers' too, and the removals; filtered by kind, who, days and text; a page at a time", async () => {
    // A second on for every reading of the clock, so the lines have an order of their own.
    let now = new Date("2026-11-20T06:00:00.000Z");
    const t = await createTestApp({ seed: true, clock: () => (now = new Date(now.getTime() + 1000)) });
    const netflix = (await itemOf(t, "Netflix Premium"))._id;
    const windows = (await itemOf(t, "Windows 11 Pro Key"))._id;
    const created = (await admin(t, "POST", "/api/admin/accounts", account([netflix], 2))).json().account;
    await admin(t, "POST", `/api/admin/accounts/${created._id}/reveal`, { what: "password" });
    await admin(t, "POST", `/api/admin/accounts/${created._id}/reveal`, { what: "pin", seatId: created.seats[0].id });
    const seatLine = await ordered(t, netflix);
    await admin(t, "PUT", `/api/admin/lines/${seatLine.lineId}/seat`, {});
    await admin(t, "GET", `/api/admin/lines/${seatLine.lineId}/delivery`);

    // The next day: a key, a merchant secret, and a shopper reading an automatically delivered key.
    now = new Date("2026-11-21T06:00:00.000Z");
    await signInAgain(t);
    await admin(t, "POST", "/api/admin/keys/import", { itemId: windows, text: "WIN-KEY-1\nWIN-KEY-2", cost: 0 });
    const keyLine = await ordered(t, windows);
    await admin(t, "POST", `/api/admin/lines/${keyLine.lineId}/key`);
    await admin(t, "GET", `/api/admin/lines/${keyLine.lineId}/delivery`);
    expect(
      (await admin(t, "PUT", "/api/admin/payment-gateways/khalti", { enabled: false, merchantCode: "", username: "", secret: "khalti-live-secret" }))
        .statusCode,
    ).toBe(200);
    await admin(t, "POST", "/api/admin/payment-gateways/khalti/reveal", { what: "secret" });
    const { _id, Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink } = (await t.app.inject({ method: "GET", url: "/api/prices" }))
      .json()
      .allPrices.find((item: { _id: string }) => item._id === windows);
    await admin(t, "PUT", `/api/prices/${_id}`, { Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink, AutoDeliver: true });
    const auto = await ordered(t, windows, "paid");
    await t.app.services.autoDelivery.shopperView(auto.reference, auto.key, "203.0.113.9");

    // The third day: the account is retired.
    now = new Date("2026-11-22T06:00:00.000Z");
    await signInAgain(t);
    await admin(t, "DELETE", `/api/admin/lines/${seatLine.lineId}/seat`);
    await admin(t, "DELETE", `/api/admin/accounts/${created._id}`);

    const all = await auditLog(t);
    expect(all.items.map(({ kind, who }) => `${kind} by ${who}`)).toEqual([
      "retired by owner@pasal.test",
      "key by shopper at 203.0.113.9",
      "gateway by owner@pasal.test",
      "key by owner@pasal.test",
      "delivery by owner@pasal.test",
      "pin by owner@pasal.test",
      "password by owner@pasal.test",
    ]);
    expect(all.items[1]).toMatchObject({ label: `Windows 11 Pro Key for ${auto.reference}`, address: "203.0.113.9" });
    expect(all.items[2]).toMatchObject({ what: "secret key", label: "Khalti", address: ADMIN_ADDRESS });
    expect(all.items[4]).toMatchObject({ label: `Netflix Premium (seller@example.com), seat 1 for ${seatLine.reference}` });
    expect(all.admins).toEqual(["owner@pasal.test"]);
    // Nothing revealed is in the log itself.
    for (const secret of ["account-password-1", "1000", "WIN-KEY", "khalti-live-secret"]) expect(JSON.stringify(all)).not.toContain(secret);

    const kinds = async (query: string) => (await auditLog(t, query)).items.map((item) => item.kind);
    expect(await kinds("?kind=password")).toEqual(["password"]);
    expect(await kinds("?kind=pin")).toEqual(["pin"]);
    expect(await kinds("?kind=key")).toEqual(["key", "key"]);
    expect(await kinds("?kind=delivery")).toEqual(["delivery"]);
    expect(await kinds("?kind=gateway")).toEqual(["gateway"]);
    expect(await kinds("?kind=removals")).toEqual(["retired"]);
    expect(await kinds("?who=shoppers")).toEqual(["key"]);
    expect(await kinds("?who=OWNER@pasal.test&kind=key")).toEqual(["key"]);
    expect(await kinds("?from=2026-11-21&to=2026-11-21")).toEqual(["key", "gateway", "key"]);
    expect(await kinds("?from=2026-11-22")).toEqual(["retired"]);
    expect(await kinds("?to=2026-11-20")).toEqual(["delivery", "pin", "password"]);
    expect(await kinds(`?q=${seatLine.reference}`)).toEqual(["delivery"]);
    expect(await kinds("?q=khalti")).toEqual(["gateway"]);
    expect(await kinds("?q=203.0.113")).toEqual(["key"]);
    expect(await kinds("?q=100%25")).toEqual([]);

    const second = await auditLog(t, "?limit=3&page=2");
    expect(second).toMatchObject({ total: 7, page: 2, pages: 3 });
    expect(second.items.map((item) => item.kind)).toEqual(["key", "delivery", "pin"]);
    expect((await auditLog(t, "?limit=3&page=9")).page).toBe(3);

    expectValidationError(await admin(t, "GET", "/api/admin/audit?kind=everything"), "kind");
    expectValidationError(await admin(t, "GET", "/api/admin/audit?from=2026-11-22&to=2026-11-21"), "to", "The first day must not be after the last");
    expectValidationError(await admin(t, "GET", "/api/admin/audit?from=2026-02-30"), "from");
    expect((await t.app.inject({ method: "GET", url: "/api/admin/audit" })).statusCode).toBe(401);
  });
});
