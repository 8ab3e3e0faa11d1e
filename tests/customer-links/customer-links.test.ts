import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addDays } from "../../domain/ledger/settings";
import { customerKeyPattern } from "../../domain/customer-links/customer-page";
import { createTestApp, type TestApp } from "../helpers/app";
import { productionWeb } from "../helpers/web";

// The customer link, "one page for all of a shopper's subscriptions" (ADR 0104).

// 06:00 UTC is 11:45 in Kathmandu: the shop's today is 22 November.
const NOW = new Date("2026-11-22T06:00:00.000Z");
const TODAY = "2026-11-22";
let nextAddress = 1;
const anAddress = () => `203.0.113.${nextAddress++ % 250}`;

async function itemId(t: TestApp, name: string): Promise<string> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === name)._id;
}

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

type Placed = { reference: string; orderUrl: string; key: string; lines: Array<{ id: string }> };

async function place(t: TestApp, phone: string, months: number, devices = 1, extra: object = {}): Promise<Placed> {
  const netflix = await itemId(t, "Netflix Premium");
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: netflix, months, devices }], channel: "whatsapp", name: "Asha", phone, ...extra },
    remoteAddress: anAddress(),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { reference, orderUrl } = placed.json();
  return { reference, orderUrl, key: new URL(orderUrl, "http://x").searchParams.get("key")!, lines: [] };
}

async function deliver(t: TestApp, order: Placed): Promise<Placed> {
  const delivered = await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "delivered" });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return { ...order, lines: delivered.json().order.lines };
}

/** An account of two seats serving Netflix Premium, billed monthly. */
async function netflixAccount(t: TestApp) {
  const created = await admin(t, "POST", "/api/admin/accounts", {
    service: "Netflix family",
    itemIds: [await itemId(t, "Netflix Premium")],
    login: "seller@example.com",
    password: "account-password-1",
    seats: [{ profileName: "Sita", pin: "1000" }, { profileName: "" }],
    billingCycle: "monthly",
    renewalDate: addDays(TODAY, 60),
    cost: 1500,
  });
  expect(created.statusCode, created.body).toBe(201);
}

const newLink = async (t: TestApp, phone: string) => {
  const made = await admin(t, "POST", `/api/admin/customers/${encodeURIComponent(phone)}/link`);
  expect(made.statusCode, made.body).toBe(201);
  const { path } = made.json().link as { path: string };
  return { path, key: path.slice("/my/".length) };
};

const visit = (t: TestApp, key: string, remoteAddress = anAddress()) => t.app.inject({ method: "GET", url: `/api/my/${key}`, remoteAddress });

describe("the customer link", () => {
  it("shows every subscription running, soonest end first, with days left, its seat, Renew, and every order", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    await netflixAccount(t);
    // One customer, their phone written two ways; and someone else.
    const month = await deliver(t, await place(t, "9800000001", 1));
    const quarter = await deliver(t, await place(t, "+977 980-000 0001", 3, 2));
    const waiting = await place(t, "977 9800000001", 1);
    const other = await deliver(t, await place(t, "9800000002", 1));
    expect((await admin(t, "PUT", `/api/admin/lines/${month.lines[0]!.id}/seat`, {})).statusCode).toBe(200);

    const { key, path } = await newLink(t, "980-0000001");
    expect(key).toMatch(customerKeyPattern);
    expect(path).toBe(`/my/${key}`);
    // Stored only as its hash and a sealed copy.
    const row = await t.database.db.selectFrom("customer_links").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: "+9779800000001", key_hash: createHash("sha256").update(key).digest("hex") });
    expect(row.key_sealed).not.toContain(key);

    const page = await visit(t, key);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    const body = page.json();
    expect(body.phone).toBe("+9779800000001");
    expect(body.subscriptions).toEqual([
      expect.objectContaining({
        lineId: month.lines[0]!.id,
        reference: month.reference,
        position: 1,
        name: "Netflix Premium",
        months: 1,
        devices: 1,
        startDate: TODAY,
        expiryDate: "2026-12-22",
        daysLeft: 30,
        place: { kind: "seat", service: "Netflix family", profile: "Sita", seat: 1 },
        renewedBy: null,
        renewal: expect.objectContaining({ itemId: expect.any(String), unitPrice: expect.any(Number) }),
      }),
      expect.objectContaining({ reference: quarter.reference, months: 3, devices: 2, expiryDate: "2027-02-22", daysLeft: 92, place: null }),
    ]);
    expect(body.subscriptions[0].renewal.plans.length).toBeGreaterThan(1);
    // Every order of the phone, however it was written, with its own key for its page; none of anyone else's.
    const orders = body.orders as Array<{ reference: string; key: string | null; status: string }>;
    expect(orders.map((order) => order.reference).sort()).toEqual([month.reference, quarter.reference, waiting.reference].sort());
    expect(orders.find((order) => order.reference === waiting.reference)).toMatchObject({ status: "new", key: waiting.key });
    expect(orders.find((order) => order.reference === month.reference)!.key).toBe(month.key);
    // No login, password or PIN: those stay behind each order's key.
    expect(page.body).not.toMatch(/seller@example\.com|account-password-1|1000"/);

    // The other customer's link shows theirs alone.
    const theirs = (await visit(t, (await newLink(t, "9800000002")).key)).json();
    expect(theirs.orders.map((order: { reference: string }) => order.reference)).toEqual([other.reference]);
    expect(theirs.subscriptions.map((s: { reference: string }) => s.reference)).toEqual([other.reference]);
    expect(JSON.stringify(theirs)).not.toContain(month.reference);
  });

  it("renews a subscription with its order's key, then says which order renews it", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const month = await deliver(t, await place(t, "9800000001", 1));
    const { key } = await newLink(t, "9800000001");
    const before = (await visit(t, key)).json();
    const [subscription] = before.subscriptions;
    const order = before.orders.find((o: { reference: string }) => o.reference === month.reference);
    const renewal = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: {
        items: [{ _id: subscription.renewal.itemId, months: 3, devices: 1 }],
        channel: "whatsapp",
        name: order.customer.name,
        phone: order.customer.phone,
        renews: { reference: month.reference, key: order.key, lineId: subscription.lineId },
      },
      remoteAddress: anAddress(),
    });
    expect(renewal.statusCode, renewal.body).toBe(201);
    const after = (await visit(t, key)).json();
    expect(after.subscriptions[0]).toMatchObject({ lineId: subscription.lineId, renewedBy: renewal.json().reference, renewal: null });
    expect(after.orders.map((o: { reference: string }) => o.reference)).toContain(renewal.json().reference);

    // Delivered, the renewal carries the subscription on: the old line is no longer listed, the new one is.
    const delivered = await admin(t, "POST", `/api/admin/orders/${renewal.json().reference}/status`, { status: "delivered" });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const carried = (await visit(t, key)).json().subscriptions;
    expect(carried).toEqual([expect.objectContaining({ reference: renewal.json().reference, startDate: "2026-12-22", expiryDate: "2027-03-22" })]);
  });

  it("answers a wrong, unknown or revoked key as a wrong order key; a new link ends the old one", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const order = await place(t, "9800000001", 1);
    const wrongOrderKey = await t.app.inject({
      method: "GET",
      url: `/api/orders/${order.reference}?key=${"A".repeat(24)}`,
      remoteAddress: anAddress(),
    });
    expect(wrongOrderKey.statusCode).toBe(404);

    const { key } = await newLink(t, "9800000001");
    for (const wrong of ["A".repeat(24), key.slice(0, -1), "x"]) {
      const answer = await visit(t, wrong);
      expect(answer.statusCode, wrong).toBe(404);
      expect(answer.json()).toEqual(wrongOrderKey.json());
      expect(answer.headers["cache-control"]).toBe("no-store");
    }

    // A new link: the old key opens nothing, the new one does, and the admin is shown the new one.
    const fresh = await newLink(t, "9800000001");
    expect(fresh.key).not.toBe(key);
    expect((await visit(t, key)).statusCode).toBe(404);
    expect((await visit(t, fresh.key)).statusCode).toBe(200);
    expect((await admin(t, "GET", "/api/admin/customers/9800000001/link")).json().link).toEqual({ path: fresh.path, createdAt: NOW.toISOString() });

    // Revoked: the link opens nothing, and there is nothing left to revoke.
    const revoked = await admin(t, "DELETE", "/api/admin/customers/%2B9779800000001/link");
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await visit(t, fresh.key)).json()).toEqual(wrongOrderKey.json());
    expect((await admin(t, "GET", "/api/admin/customers/9800000001/link")).json().link).toBeNull();
    expect((await admin(t, "DELETE", "/api/admin/customers/9800000001/link")).statusCode).toBe(404);

    // A phone with no orders is no customer, and gets no link.
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const none = await admin(t, method, "/api/admin/customers/9811111111/link");
      expect(none.statusCode, method).toBe(404);
      expect(none.json().message).toMatch(/No customer with the phone 9811111111/);
    }
    expect(await t.database.db.selectFrom("customer_links").selectAll().execute()).toEqual([]);
  });

  it("tells an address that tried too many wrong keys to wait, yet a right key still opens from it", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    await place(t, "9800000001", 1);
    const { key } = await newLink(t, "9800000001");
    const address = anAddress();
    for (let i = 0; i < 20; i++) expect((await visit(t, `wrong-${i}`, address)).statusCode).toBe(404);
    const refused = await visit(t, "wrong-again", address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many wrong links from your address/);
    expect((await visit(t, key, address)).statusCode).toBe(200);
    // Another address is not held back.
    expect((await visit(t, "wrong-elsewhere")).statusCode).toBe(404);
  });

  it("is for admins only to make, show and revoke, and a shopper's to open", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    await place(t, "9800000001", 1);
    for (const method of ["GET", "POST", "DELETE"] as const) {
      expect((await t.app.inject({ method, url: "/api/admin/customers/9800000001/link" })).statusCode).toBe(401);
    }
    expect(await t.database.db.selectFrom("customer_links").selectAll().execute()).toEqual([]);
  });

  it("keeps its key out of the log, in the page's path, the API's, their data and route discovery", async () => {
    const lines: string[] = [];
    const t = await createTestApp({
      seed: true,
      clock: () => NOW,
      env: { LOG_LEVEL: "info" },
      logStream: { write: (line) => void lines.push(line) },
    });
    await place(t, "9800000001", 1);
    const { key } = await newLink(t, "9800000001");
    for (const url of [`/api/my/${key}`, `/my/${key}`, `/ne/my/${key}.data`, `/%6Dy/${key}`, `/__manifest?paths=%2Fne%2Fmy%2F${key}&version=1`]) {
      await t.app.inject({ method: "GET", url, remoteAddress: anAddress() });
    }
    const logged = lines.join("");
    expect(logged).toContain('"url":"/api/my/[hidden]"');
    expect(logged).toContain('"url":"/ne/my/[hidden]"');
    expect(logged).toContain("paths=[hidden]");
    expect(logged).not.toContain(key);
  });
});

describe("the delivery message", () => {
  async function deliveredOnSeat(t: TestApp, phone: string, language: "en" | "ne" = "en") {
    const order = await deliver(t, await place(t, phone, 1, 1, { language }));
    expect((await admin(t, "PUT", `/api/admin/lines/${order.lines[0]!.id}/seat`, {})).statusCode).toBe(200);
    return order;
  }
  const messageOf = async (t: TestApp, lineId: string) => {
    const delivery = await admin(t, "GET", `/api/admin/lines/${lineId}/delivery`);
    expect(delivery.statusCode, delivery.body).toBe(200);
    return delivery.json() as { message: string; whatsappUrl: string };
  };

  it("carries the customer's link, made then when they have none, the same one next time, in the order's language", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW, env: { PUBLIC_URL: "https://shop.example" } });
    await netflixAccount(t);
    const english = await deliveredOnSeat(t, "9800000001");
    const first = await messageOf(t, english.lines[0]!.id);
    const link = /\nAll your subscriptions, and Renew: (https:\/\/shop\.example\/my\/([A-Za-z0-9_-]{24}))\n/.exec(first.message);
    expect(link, first.message).not.toBeNull();
    expect(first.whatsappUrl).toContain(encodeURIComponent(link![1]!));
    // The admin is shown that link, and it opens the customer's page.
    expect((await admin(t, "GET", "/api/admin/customers/9800000001/link")).json().link.path).toBe(`/my/${link![2]}`);
    expect((await visit(t, link![2]!)).statusCode).toBe(200);
    expect((await messageOf(t, english.lines[0]!.id)).message).toBe(first.message);
    expect(await t.database.db.selectFrom("customer_links").selectAll().execute()).toHaveLength(1);

    // The same customer's order in Nepali links to the Nepali page, with the same key.
    const nepali = await deliveredOnSeat(t, "+9779800000001", "ne");
    expect((await messageOf(t, nepali.lines[0]!.id)).message).toContain(`\nतपाईंका सबै सदस्यता र नवीकरण: https://shop.example/ne/my/${link![2]}\n`);

    // A revoked link is replaced by a new one at the next delivery message.
    expect((await admin(t, "DELETE", "/api/admin/customers/9800000001/link")).statusCode).toBe(200);
    const again = (await messageOf(t, english.lines[0]!.id)).message;
    expect(again).toMatch(/Renew: https:\/\/shop\.example\/my\/[A-Za-z0-9_-]{24}\n/);
    expect(again).not.toContain(link![2]);
  });

  it("writes the link on the site the admin is using without PUBLIC_URL, and never puts it on the shopper's own order page", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    await netflixAccount(t);
    const order = await deliveredOnSeat(t, "9800000001");
    const { message } = await messageOf(t, order.lines[0]!.id);
    expect(message).toMatch(/\nAll your subscriptions, and Renew: http:\/\/localhost(:80)?\/my\/[A-Za-z0-9_-]{24}\n/);

    // What a line delivered automatically shows on the order page: the message without the customer's link, which
    // anyone who typed this phone at checkout could otherwise read there.
    const parts = await t.app.services.delivery.withParts(order.lines[0]!.id, { email: "shopper at 203.0.113.9", address: "203.0.113.9" });
    expect(parts.message).toContain("Login: seller@example.com");
    expect(parts.message).not.toContain("/my/");
    expect(parts.message).not.toContain("All your subscriptions");
  });
});

describe("the customer's page", () => {
  it("is rendered for its key alone, never kept, in English and Nepali; a wrong key is the order page's 404", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW, web: await productionWeb() });
    await deliver(t, await place(t, "9800000001", 1));
    const { key } = await newLink(t, "9800000001");
    const page = await t.app.inject({ method: "GET", url: `/my/${key}`, remoteAddress: anAddress() });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["x-page-cache"]).toBeUndefined();
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page.body).toContain("Your subscriptions");
    expect(page.body).toContain("30 days left");
    const nepali = await t.app.inject({ method: "GET", url: `/ne/my/${key}`, remoteAddress: anAddress() });
    expect(nepali.statusCode).toBe(200);
    expect(nepali.body).toContain("तपाईंका सदस्यता");
    expect(nepali.body).toContain("३० दिन बाँकी");

    const wrong = await t.app.inject({ method: "GET", url: `/my/${"A".repeat(24)}`, remoteAddress: anAddress() });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.headers["cache-control"]).toBe("no-store");
    expect(wrong.body).toContain("No order found at this link.");
  });
});
