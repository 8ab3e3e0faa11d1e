import { describe, expect, it } from "vitest";
import { loader as ordersScreen } from "../../app/routes/admin/orders";
import { defaultOrderLimits } from "../../domain/order-limits/schemas";
import { referencePattern } from "../../domain/orders/references";
import { CHECKOUT_LIMIT, QUOTE_LIMIT } from "../../server/modules/orders/routes";
import { createTestApp, expectValidationError, TEST_ADMIN, type TestApp } from "../helpers/app";

// 06:00 UTC is 11:45 in Kathmandu: the shop's today is 22 November.
const NOW = new Date("2026-11-22T06:00:00.000Z");

let nextAddress = 1;
/** Each call from its own address, unless one is given, so the checkout limit only bites where a test wants it. */
const checkout = (t: TestApp, payload: unknown, remoteAddress = `198.51.100.${nextAddress++ % 250}`) =>
  t.app.inject({ method: "POST", url: "/api/orders", payload: payload as object, remoteAddress });

async function itemId(t: TestApp, name: string): Promise<string> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === name)._id;
}

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

async function placeOrder(t: TestApp, extra: object = {}) {
  const netflix = await itemId(t, "Netflix Premium");
  const response = await checkout(t, { items: [{ _id: netflix, months: 1, devices: 2 }], channel: "whatsapp", ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().reference as string;
}

describe("checkout", () => {
  it("prices the cart from the catalogue, ignoring the prices the browser sent", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const netflix = await itemId(t, "Netflix Premium");
    const response = await checkout(t, {
      items: [{ _id: netflix, months: 3, devices: 2, selectedMonth: 1, cost: 1, price: 1 }],
      channel: "whatsapp",
      name: "Sita",
      phone: "9801234567",
      total: 2,
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.reference).toMatch(referencePattern);
    expect(body.lines).toEqual([{ itemId: netflix, name: "Netflix Premium", months: 3, devices: 2, unitPrice: 880, lineTotal: 1760 }]);
    expect(body.total).toBe(1760);
    expect(body.message).toBe(
      `Hello! I would like to order:\nItem: Netflix Premium, Quantity: 2, Price: 880 NPR, Plan: 3 months\nTotal: 1,760 NPR\nOrder ref: ${body.reference}\n${body.orderUrl}`,
    );
    expect(body.url).toBe(`https://wa.me/9779800000000?text=${encodeURIComponent(body.message)}`);

    const stored = (await admin(t, "GET", `/api/admin/orders/${body.reference}`)).json().order;
    expect(stored).toMatchObject({
      status: "new",
      channel: "whatsapp",
      customerName: "Sita",
      phone: "9801234567",
      total: 1760,
      createdAt: NOW.toISOString(),
    });
    expect(stored.lines).toHaveLength(1);
  });

  it("writes the message and the order link in the shopper's language, with the seller's digits and reference label", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const netflix = await itemId(t, "Netflix Premium");
    const response = await checkout(t, { items: [{ _id: netflix, months: 3, devices: 2 }], channel: "whatsapp", language: "ne" });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.orderUrl).toMatch(new RegExp(`/ne/order/${body.reference}\\?key=`));
    expect(body.message).toBe(
      `नमस्ते! मलाई यो अर्डर गर्नु छ:\nसामान: Netflix Premium, संख्या: 2, मूल्य: 880 NPR, योजना: 3 महिना\nजम्मा: 1,760 NPR\nअर्डर नम्बर (Order ref): ${body.reference}\n${body.orderUrl}`,
    );
    // The Nepali link opens the same order.
    const page = await t.app.inject({
      method: "GET",
      url: `/api/orders/${body.reference}?key=${new URL(body.orderUrl, "http://x").searchParams.get("key")}`,
    });
    expect(page.statusCode, page.body).toBe(200);
  });

  it("keeps the order's language for the seller, English when the shopper sent none", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const nepali = await placeOrder(t, { language: "ne" });
    const english = await placeOrder(t, { language: "en" });
    const unsaid = await placeOrder(t);
    const stored = await t.database.db.selectFrom("orders").select(["reference", "language"]).execute();
    expect(Object.fromEntries(stored.map((row) => [row.reference, row.language]))).toEqual({ [nepali]: "ne", [english]: "en", [unsaid]: "en" });
    expect((await admin(t, "GET", `/api/admin/orders/${nepali}`)).json().order.language).toBe("ne");
    expect((await admin(t, "GET", `/api/admin/orders/${unsaid}`)).json().order.language).toBe("en");
  });

  it("refuses a language it does not speak", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const response = await checkout(t, { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp", language: "hi" });
    expectValidationError(response, "language");
  });

  it("opens Telegram when the shopper chose it", async () => {
    const t = await createTestApp({ seed: true });
    const spotify = await itemId(t, "Spotify Premium");
    const body = (await checkout(t, { items: [{ _id: spotify, months: 1, devices: 1 }], channel: "telegram" })).json();
    expect(body.url).toMatch(/^https:\/\/t\.me\/pasal_support\?text=/);
  });

  it("refuses lines it cannot sell, naming each one", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const unknown = await checkout(t, {
      items: [
        { _id: netflix, months: 1, devices: 1 },
        { _id: "no-such-item", months: 1, devices: 1 },
        { _id: netflix, months: 2, devices: 1 },
      ],
      channel: "whatsapp",
    });
    expectValidationError(unknown, "items.1._id", "This item is no longer sold; remove it from your cart");
    expectValidationError(unknown, "items.2.months", "Netflix Premium no longer has a 2 months plan; remove it and add it again");

    expectValidationError(
      await checkout(t, { items: [{ _id: netflix, months: 1, devices: 4 }], channel: "whatsapp" }),
      "items.0.devices",
      "Devices must be 1, 2 or 3",
    );
    expectValidationError(await checkout(t, { items: [], channel: "whatsapp" }), "items", "Your cart is empty");
    const many = Array.from({ length: 51 }, () => ({ _id: netflix, months: 1, devices: 1 }));
    expectValidationError(await checkout(t, { items: many, channel: "whatsapp" }), "items", "At most 50 lines in one order");
    expectValidationError(await checkout(t, { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "email" }), "channel");
    expectValidationError(await checkout(t, { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp", phone: "ring me" }), "phone");

    const { items } = (await admin(t, "GET", "/api/admin/orders")).json();
    expect(items).toEqual([]);
  });

  it("gives 100 checkouts at once 100 different references and stores all of them", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    // More at once than the shop-wide ceiling takes by default (ADR 0101).
    await admin(t, "PUT", "/api/admin/settings/order-limits", { ...defaultOrderLimits, ordersPerMinute: 1000 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        checkout(t, { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp" }, `203.0.113.${i + 1}`),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(100).fill(201));
    const references = new Set(responses.map((r) => r.json().reference));
    expect(references.size).toBe(100);
    const stored = await t.database.db.selectFrom("orders").select("reference").execute();
    expect(new Set(stored.map((row) => row.reference))).toEqual(references);
    expect(await t.database.db.selectFrom("order_lines").select("id").execute()).toHaveLength(100);
  });

  it(`allows ${CHECKOUT_LIMIT.max} checkouts a minute from one address`, async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const order = { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp" };
    for (let i = 0; i < CHECKOUT_LIMIT.max; i++) expect((await checkout(t, order, "192.0.2.9")).statusCode).toBe(201);
    const refused = await checkout(t, order, "192.0.2.9");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many orders from your address/);
  });
});

const quote = (t: TestApp, payload: unknown, remoteAddress = `198.51.100.${nextAddress++ % 250}`) =>
  t.app.inject({ method: "POST", url: "/api/orders/quote", payload: payload as object, remoteAddress });

describe("quote", () => {
  it("gives each cart line today's price, after the admin changed it, and stores nothing", async () => {
    const t = await createTestApp({ seed: true });
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    const netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium");
    const { _id, Id, Name, Info, ImageId, Note, category, status, SpecialLink } = netflix;
    const edited = { Id, Name, Info, ImageId, Note, SpecialLink, Category: category, Status: status, plans: { ...netflix.plans, "3": 950 } };
    const changed = await admin(t, "PUT", `/api/prices/${_id}`, edited);
    expect(changed.statusCode, changed.body).toBe(200);

    const response = await quote(t, {
      items: [
        { _id, months: 3, devices: 2 },
        { _id: "no-such-item", months: 1, devices: 1 },
        { _id, months: 2, devices: 1 },
        { _id, months: 1, devices: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lines).toEqual([
      { name: "Netflix Premium", nameNe: null, unitPrice: 950 },
      { problem: "This item is no longer sold; remove it from your cart" },
      { problem: "Netflix Premium no longer has a 2 months plan; remove it and add it again" },
      { name: "Netflix Premium", nameNe: null, unitPrice: 300 },
    ]);
    expect(await t.database.db.selectFrom("orders").select("reference").execute()).toEqual([]);
  });

  it("says why a line cannot be ordered in the shopper's language, at checkout and in the price check", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const items = [
      { _id: "no-such-item", months: 1, devices: 1 },
      { _id: netflix, months: 2, devices: 1 },
    ];
    const refused = await checkout(t, { items, channel: "whatsapp", language: "ne" });
    expectValidationError(refused, "items.0._id", "यो सामान अब बिक्रीमा छैन; कार्टबाट हटाउनुहोस्");
    expectValidationError(refused, "items.1.months", "Netflix Premium को २ महिनाको योजना अब छैन; हटाएर फेरि थप्नुहोस्");
    const quoted = await quote(t, { items, language: "ne" });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().lines).toEqual([
      { problem: "यो सामान अब बिक्रीमा छैन; कार्टबाट हटाउनुहोस्" },
      { problem: "Netflix Premium को २ महिनाको योजना अब छैन; हटाएर फेरि थप्नुहोस्" },
    ]);
    expectValidationError(await quote(t, { items, language: "hi" }), "language");
  });

  it("refuses what is not a cart with a message, and is limited per address", async () => {
    const t = await createTestApp({ seed: true });
    expectValidationError(await quote(t, { items: [] }), "items", "Your cart is empty");
    expectValidationError(await quote(t, { items: [{ _id: "x", months: 1, devices: 4 }] }), "items.0.devices", "Devices must be 1, 2 or 3");
    expectValidationError(await quote(t, { items: "netflix" }), "items");
    const cart = { items: [{ _id: "x", months: 1, devices: 1 }] };
    for (let i = 0; i < QUOTE_LIMIT.max; i++) expect((await quote(t, cart, "192.0.2.10")).statusCode).toBe(200);
    const refused = await quote(t, cart, "192.0.2.10");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many price checks from your address/);
  });
});

describe("admin orders", () => {
  it.each([
    ["GET", "/api/admin/orders"],
    ["GET", "/api/admin/orders/PSL-22222"],
    ["PUT", "/api/admin/orders/PSL-22222/details"],
    ["POST", "/api/admin/orders/PSL-22222/status"],
    ["PUT", "/api/admin/orders/PSL-22222/lines/x/start"],
    ["GET", "/api/admin/renewals"],
    ["POST", "/api/admin/renewals/x"],
  ] as const)("%s %s answers 401 without a session", async (method, url) => {
    const t = await createTestApp();
    const response = await t.app.inject({ method, url, payload: method === "GET" ? undefined : {} });
    expect(response.statusCode).toBe(401);
  });

  it("finds orders by reference however typed, by part of the phone, and by status", async () => {
    let tick = 0;
    const t = await createTestApp({ seed: true, clock: () => new Date(NOW.getTime() + 1000 * tick++) });
    const first = await placeOrder(t, { phone: "9801234567" });
    const second = await placeOrder(t, { phone: "9807654321" });
    const list = async (query: string) =>
      (await admin(t, "GET", `/api/admin/orders${query}`)).json().items.map((o: { reference: string }) => o.reference);

    expect(await list("")).toEqual([second, first]);
    expect(await list(`?q=${first.toLowerCase().replace("-", " ")}`)).toEqual([first]);
    expect(await list("?q=7654")).toEqual([second]);
    expect(await list("?q=zz")).toEqual([]);
    await admin(t, "POST", `/api/admin/orders/${first}/status`, { status: "contacted" });
    expect(await list("?status=contacted")).toEqual([first]);
    expect(await list("?status=new")).toEqual([second]);
    expectValidationError(await admin(t, "GET", "/api/admin/orders?status=lost"), "status");
    expect((await admin(t, "GET", "/api/admin/orders/PSL-22222")).statusCode).toBe(404);
  });

  it("finds an order by its phone in any of the forms it is written or pasted in", async () => {
    let tick = 0;
    const t = await createTestApp({ seed: true, clock: () => new Date(NOW.getTime() + 1000 * tick++) });
    const typed = await placeOrder(t, { phone: "+977 980-0563620" });
    const local = await placeOrder(t, { phone: "9800563620" });
    await placeOrder(t, { phone: "9807654321" });
    const list = async (q: string) =>
      (await admin(t, "GET", `/api/admin/orders?q=${encodeURIComponent(q)}`)).json().items.map((o: { reference: string }) => o.reference);

    for (const form of ["+977 980-0563620", "+9779800563620", "9779800563620", "9800563620", "980-056", "0563620"]) {
      expect(await list(form), form).toEqual([local, typed]);
    }
  });

  it("pages through every order, newest first, ties in reference order, with honest counts", async () => {
    let tick = 0;
    // Two orders per instant: the page boundary falls both between instants and inside one.
    const t = await createTestApp({ seed: true, clock: () => new Date(NOW.getTime() + 1000 * Math.floor(tick++ / 2)) });
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) placed.push(await placeOrder(t, { phone: `98012345${10 + i}` }));
    const page = async (query: string) => {
      const response = await admin(t, "GET", `/api/admin/orders${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { items: Array<{ reference: string; createdAt: string }>; total: number; skipped: number; nextBefore: string | null };
    };
    const all = (await page("?limit=50")).items;
    expect(all.map((o) => o.reference).sort()).toEqual([...placed].sort());
    const sortKey = (o: { reference: string; createdAt: string }) => [o.createdAt, o.reference] as const;
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [sortKey(all[i - 1]!), sortKey(all[i]!)];
      expect(a[0] > b[0] || (a[0] === b[0] && a[1] < b[1])).toBe(true);
    }

    const seen: string[] = [];
    const pages: Array<[number, number, number]> = [];
    let before: string | null = null;
    do {
      const answer = await page(`?limit=2${before ? `&before=${before}` : ""}`);
      seen.push(...answer.items.map((o) => o.reference));
      pages.push([answer.items.length, answer.skipped, answer.total]);
      before = answer.nextBefore;
    } while (before);
    expect(seen).toEqual(all.map((o) => o.reference));
    expect(pages).toEqual([
      [2, 0, 5],
      [2, 2, 5],
      [1, 4, 5],
    ]);

    // Filters hold across pages.
    await admin(t, "POST", `/api/admin/orders/${placed[0]}/status`, { status: "paid" });
    const newOnes = await page("?status=new&limit=3");
    expect(newOnes.total).toBe(4);
    expect(newOnes.items.map((o) => o.reference)).not.toContain(placed[0]);
    const rest = await page(`?status=new&limit=3&before=${newOnes.nextBefore}`);
    expect([...newOnes.items, ...rest.items].map((o) => o.reference).sort()).toEqual(placed.slice(1).sort());
    expect(rest.nextBefore).toBeNull();

    expectValidationError(await admin(t, "GET", "/api/admin/orders?before=PSL-22222"), "before");
  });

  it("the orders screen answers a `before` that names no order with the newest orders and a notice, not a failure", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const reference = await placeOrder(t);
    await placeOrder(t, { channel: "telegram" });
    await admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "paid" });
    const open = (query: string) =>
      ordersScreen({
        context: {
          services: t.app.services,
          admin: { id: "owner", name: TEST_ADMIN.name, email: TEST_ADMIN.email },
          config: { publicUrl: undefined },
          cspNonce: "",
          fellBack: false,
        },
        request: new Request(`http://localhost/admin/orders${query}`),
        params: {},
      } as unknown as Parameters<typeof ordersScreen>[0]);

    const stale = await open("?status=paid&before=psl-22222");
    expect(stale.notice).toBe("No order PSL-22222 to continue after, so the list starts again from the newest orders.");
    expect(stale.page.items.map((o) => o.reference)).toEqual([reference]);
    expect(stale.filter).toEqual({ status: "paid", q: "" });
    expect((await open(`?before=${reference}`)).notice).toBeNull();
  });

  it("keeps the customer's details and a private note", async () => {
    const t = await createTestApp({ seed: true });
    const reference = await placeOrder(t);
    const saved = await admin(t, "PUT", `/api/admin/orders/${reference}/details`, {
      customerName: " Hari ",
      phone: "+977 9812345678",
      note: "Pays by eSewa",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().order).toMatchObject({ customerName: "Hari", phone: "+9779812345678", note: "Pays by eSewa" });
    expectValidationError(await admin(t, "PUT", `/api/admin/orders/${reference}/details`, { phone: "abc" }), "phone");
  });

  it("moves forward through the statuses and refuses a wrong step with a message", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const reference = await placeOrder(t);
    const move = (status: string, extra: object = {}) => admin(t, "POST", `/api/admin/orders/${reference}/status`, { status, ...extra });

    expect((await move("paid")).json().order.status).toBe("paid");
    const back = await move("contacted");
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe("An order that is paid cannot go back to contacted");

    const delivered = await move("delivered");
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().order.lines[0]).toMatchObject({ startDate: "2026-11-22", expiryDate: "2026-12-22" });
    expect((await move("cancelled")).json().message).toBe("A delivered order cannot change status");
    expectValidationError(await move("lost"), "status");
  });

  it("starts delivered lines on a chosen day, and lets that day be corrected", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const reference = await placeOrder(t);
    const order = (await admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "delivered", startDate: "2026-01-31" })).json().order;
    expect(order.lines[0]).toMatchObject({ startDate: "2026-01-31", expiryDate: "2026-02-28" });

    const corrected = await admin(t, "PUT", `/api/admin/orders/${reference}/lines/${order.lines[0].id}/start`, { startDate: "2026-11-01" });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().order.lines[0]).toMatchObject({ startDate: "2026-11-01", expiryDate: "2026-12-01" });
    expectValidationError(
      await admin(t, "PUT", `/api/admin/orders/${reference}/lines/${order.lines[0].id}/start`, { startDate: "2026-02-30" }),
      "startDate",
      "That date does not exist",
    );
    expect((await admin(t, "PUT", `/api/admin/orders/${reference}/lines/nope/start`, { startDate: "2026-11-01" })).statusCode).toBe(404);
  });

  it("refuses start dates before delivery", async () => {
    const t = await createTestApp({ seed: true });
    const reference = await placeOrder(t);
    const order = (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order;
    const response = await admin(t, "PUT", `/api/admin/orders/${reference}/lines/${order.lines[0].id}/start`, { startDate: "2026-11-01" });
    expect(response.statusCode).toBe(409);
  });
});

describe("renewals", () => {
  async function deliveredOn(t: TestApp, startDate: string, extra: object = {}) {
    const reference = await placeOrder(t, extra);
    await admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "delivered", startDate });
    return reference;
  }

  it("lists lines ending within the window or already ended, soonest first, with a WhatsApp message to the customer", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const ended = await deliveredOn(t, "2026-10-20", { name: "Sita", phone: "9801234567" }); // ended 20 Nov
    const soon = await deliveredOn(t, "2026-10-27"); // ends 27 Nov
    await deliveredOn(t, "2026-11-10"); // ends 10 Dec: outside 7 days
    await placeOrder(t); // not delivered

    const { items } = (await admin(t, "GET", "/api/admin/renewals")).json();
    expect(items.map((r: { reference: string }) => r.reference)).toEqual([ended, soon]);
    const [first] = items;
    expect(first).toMatchObject({ name: "Netflix Premium", months: 1, devices: 2, expiryDate: "2026-11-20", daysLeft: -2, currentPrice: 600 });
    expect(first.message).toBe(
      "Hello Sita! Your Netflix Premium (1 month) ends on 2026-11-20. Renewing it for another 1 month costs NPR 600. Reply here to renew.",
    );
    expect(first.whatsappUrl).toBe(`https://wa.me/9779801234567?text=${encodeURIComponent(first.message)}`);
    expect(items[1].whatsappUrl).toBeNull();

    const wider = (await admin(t, "GET", "/api/admin/renewals?days=30")).json().items;
    expect(wider).toHaveLength(3);
    expectValidationError(await admin(t, "GET", "/api/admin/renewals?days=-1"), "days");
  });

  it("writes the reminder of an order placed in Nepali in Nepali, with the seller's digits and the AD day beside", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    await deliveredOn(t, "2026-10-20", { name: "Sita", phone: "9801234567", language: "ne" }); // ended 20 Nov
    await deliveredOn(t, "2026-10-27", { language: "en" });
    const { items } = (await admin(t, "GET", "/api/admin/renewals")).json();
    expect(items[0].message).toBe(
      "नमस्ते Sita! तपाईंको Netflix Premium (1 महिना) को अवधि २०८३ मंसिर ४ (20 Nov 2026) मा सकिन्छ। अर्को 1 महिना का लागि नवीकरण गर्दा रु. 600 लाग्छ। नवीकरण गर्न यहीँ जवाफ दिनुहोस्।",
    );
    expect(items[0].whatsappUrl).toBe(`https://wa.me/9779801234567?text=${encodeURIComponent(items[0].message)}`);
    expect(items[1].message).toMatch(/^Hello! Your Netflix Premium \(1 month\) ends on 2026-11-27\./);
    // The renewal order is in the shopper's language too.
    const renewed = await admin(t, "POST", `/api/admin/renewals/${items[0].lineId}`);
    expect(renewed.json().order.language).toBe("ne");
  });

  it("marks a line renewed by creating the new order at today's price, once", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const reference = await deliveredOn(t, "2026-10-25", { name: "Sita", phone: "9801234567" });
    const [due] = (await admin(t, "GET", "/api/admin/renewals")).json().items;

    const renewed = await admin(t, "POST", `/api/admin/renewals/${due.lineId}`);
    expect(renewed.statusCode, renewed.body).toBe(201);
    const order = renewed.json().order;
    expect(order).toMatchObject({ status: "new", customerName: "Sita", phone: "9801234567", note: `Renewal of ${reference}`, total: 600 });
    expect(order.reference).not.toBe(reference);

    expect((await admin(t, "GET", "/api/admin/renewals")).json().items).toEqual([]);
    const original = (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order;
    expect(original.lines[0].renewalReference).toBe(order.reference);
    const again = await admin(t, "POST", `/api/admin/renewals/${due.lineId}`);
    expect(again.statusCode).toBe(409);
    expect((await admin(t, "POST", "/api/admin/renewals/nope")).statusCode).toBe(404);
  });

  it("keeps sold lines when their item is deleted, and asks for a renewal by hand", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const reference = await deliveredOn(t, "2026-10-25");
    const deleted = await admin(t, "DELETE", `/api/prices/${encodeURIComponent("Netflix Premium")}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const order = (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order;
    expect(order.lines[0]).toMatchObject({ itemId: null, name: "Netflix Premium", unitPrice: 300 });
    const [due] = (await admin(t, "GET", "/api/admin/renewals")).json().items;
    expect(due.currentPrice).toBeNull();
    const renew = await admin(t, "POST", `/api/admin/renewals/${due.lineId}`);
    expect(renew.statusCode).toBe(409);
    expect(renew.json().message).toBe("Netflix Premium is no longer sold with a 1-month plan; make the new order by hand");
  });
});
