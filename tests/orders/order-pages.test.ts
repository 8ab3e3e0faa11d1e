import { describe, expect, it, vi } from "vitest";
import { orderKeyPattern, TRANSACTION_ID_MAX } from "../../domain/orders/order-page";
import { hashOrderKey } from "../../server/modules/orders/order-keys";
import { ORDER_KEY_FAILURES } from "../../server/modules/orders/shared";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";

// 06:00 UTC is 11:45 in Kathmandu: the shop's today is 22 November.
const NOW = new Date("2026-11-22T06:00:00.000Z");
let nextAddress = 1;
const anAddress = () => `203.0.113.${nextAddress++ % 250}`;

async function itemId(t: TestApp, name: string): Promise<string> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === name)._id;
}

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie(), ...headers } });
}

async function placeOrder(t: TestApp, extra: object = {}) {
  const netflix = await itemId(t, "Netflix Premium");
  const response = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: netflix, months: 3, devices: 2 }], channel: "whatsapp", ...extra },
    remoteAddress: anAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  const key = new URL(body.orderUrl, "http://x").searchParams.get("key")!;
  return { ...body, key } as { reference: string; orderUrl: string; message: string; key: string; total: number };
}

const shopperRead = (t: TestApp, reference: string, key: string | null, remoteAddress = anAddress()) =>
  t.app.inject({ method: "GET", url: `/api/orders/${reference}${key === null ? "" : `?key=${encodeURIComponent(key)}`}`, remoteAddress });

const claim = (t: TestApp, reference: string, payload: object, remoteAddress = anAddress()) =>
  t.app.inject({ method: "POST", url: `/api/orders/${reference}/paid`, payload, remoteAddress });

const method = { kind: "esewa", name: "eSewa", account: "9800000000", holder: "Pasal Traders", note: "Personal account" };

describe("the shopper's order link", () => {
  it("comes with the order, as the chat message's last line, absolute when PUBLIC_URL is set", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW, env: { PUBLIC_URL: "https://shop.example" } });
    const order = await placeOrder(t);
    expect(order.key).toMatch(orderKeyPattern);
    expect(order.orderUrl).toBe(`https://shop.example/order/${order.reference}?key=${order.key}`);
    expect(order.message.split("\n").at(-1)).toBe(order.orderUrl);
    expect(order.message.split("\n").at(-2)).toBe(`Order ref: ${order.reference}`);

    const relative = await placeOrder(await createTestApp({ seed: true, clock: () => NOW }));
    expect(relative.orderUrl).toBe(`/order/${relative.reference}?key=${relative.key}`);
  });

  it("opens the order with its key only: a wrong or missing key answers as an unknown reference does", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const order = await placeOrder(t);
    const read = await shopperRead(t, order.reference, order.key);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");
    expect(read.headers["referrer-policy"]).toBe("no-referrer");
    expect(read.json()).toMatchObject({
      reference: order.reference,
      status: "new",
      total: 1760,
      lines: [{ name: "Netflix Premium", months: 3, devices: 2, unitPrice: 880, lineTotal: 1760, startDate: null, renewal: null }],
      steps: [
        { status: "new", at: NOW.toISOString() },
        { status: "contacted", at: null },
        { status: "paid", at: null },
        { status: "delivered", at: null },
      ],
      claim: null,
      paymentMethods: [],
    });
    // The key is not in the shopper's view, nor the hash of it.
    expect(read.body).not.toContain(order.key);

    const wrongKey = order.key.slice(0, -1) + (order.key.endsWith("A") ? "B" : "A");
    const answers = await Promise.all([
      shopperRead(t, order.reference, wrongKey),
      shopperRead(t, order.reference, null),
      shopperRead(t, order.reference, ""),
      shopperRead(t, "PSL-22222", order.key),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().message).toBe(answers[0]!.json().message);
    }
  });

  it("stores only the key's hash and a sealed copy, and shows the admin the link", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const order = await placeOrder(t);
    const row = await t.database.db.selectFrom("orders").selectAll().where("reference", "=", order.reference).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(order.key);
    const stored = (await admin(t, "GET", `/api/admin/orders/${order.reference}`)).json().order;
    expect(stored.shopperPath).toBe(`/order/${order.reference}?key=${order.key}`);
    expect(stored.paidClaim).toBeNull();
  });

  it("does the same work for an unknown reference as for a wrong key: one look-up by reference and key hash", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const order = await placeOrder(t);
    const unknown = order.reference === "PSL-22222" ? "PSL-33333" : "PSL-22222";
    const wrongKey = "A".repeat(24);
    const queries = vi.spyOn(t.database.db.getExecutor(), "executeQuery");
    /** The statements one read makes, and the parameters of those that read orders. */
    const readWith = async (reference: string) => {
      queries.mockClear();
      expect((await shopperRead(t, reference, wrongKey)).statusCode).toBe(404);
      const compiled = queries.mock.calls.map(([query]) => query);
      return {
        statements: compiled.map((query) => query.sql),
        orderReads: compiled.filter((query) => /\bfrom\s+"orders"/i.test(query.sql)).map((query) => query.parameters),
      };
    };
    const wrong = await readWith(order.reference);
    const missing = await readWith(unknown);
    expect(wrong.statements).toEqual(missing.statements);
    // The key's hash is part of the one look-up: a wrong key finds nothing, so no line is read either.
    expect(wrong.orderReads).toEqual([expect.arrayContaining([order.reference, hashOrderKey(wrongKey)])]);
    expect(missing.orderReads).toEqual([expect.arrayContaining([unknown, hashOrderKey(wrongKey)])]);
    expect(wrong.statements.some((statement) => /order_lines/.test(statement))).toBe(false);
    queries.mockRestore();
  });

  it("limits wrong keys per address, on the shared limits, and still opens a right one from that address", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const order = await placeOrder(t);
    const address = "198.51.100.77";
    for (let i = 0; i < ORDER_KEY_FAILURES.max; i++) expect((await shopperRead(t, order.reference, "x", address)).statusCode).toBe(404);
    const limited = await shopperRead(t, order.reference, "x", address);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().message).toMatch(/Too many wrong order links/);
    expect((await shopperRead(t, "PSL-22222", "x", address)).statusCode).toBe(429);
    // One guesser behind a carrier's shared address does not lock out its other shoppers: a right key opens.
    const opened = await shopperRead(t, order.reference, order.key, address);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await claim(t, order.reference, { key: order.key }, address)).statusCode).toBe(200);
    expect((await shopperRead(t, order.reference, "x", address)).statusCode).toBe(429);
  });

  it("takes the shopper's 'I have paid' once, with an optional transaction id, and shows it to the admin", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const order = await placeOrder(t);
    expectValidationError(
      await claim(t, order.reference, { key: order.key, transactionId: "x".repeat(TRANSACTION_ID_MAX + 1) }),
      "transactionId",
      /too long/,
    );
    expect((await claim(t, order.reference, { key: "wrong", transactionId: "1" })).statusCode).toBe(404);

    const said = await claim(t, order.reference, { key: order.key, transactionId: " <b>TX-42</b> " });
    expect(said.statusCode, said.body).toBe(200);
    expect(said.json().claim).toEqual({ at: NOW.toISOString(), transactionId: "<b>TX-42</b>" });
    expect(said.json().status).toBe("new");

    const again = await claim(t, order.reference, { key: order.key });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You already told the shop you paid for this order");

    const stored = (await admin(t, "GET", `/api/admin/orders/${order.reference}`)).json().order;
    expect(stored.paidClaim).toEqual({ at: NOW.toISOString(), transactionId: "<b>TX-42</b>" });
    expect(stored.status).toBe("new");
  });

  it("lists the seller's queue: orders whose shopper says they paid, not marked paid yet, as the dashboard counts them", async () => {
    let tick = 0;
    const t = await createTestApp({ seed: true, clock: () => new Date(NOW.getTime() + 1000 * tick++) });
    const [waiting, contacted, paid, unclaimed] = [await placeOrder(t), await placeOrder(t), await placeOrder(t), await placeOrder(t)];
    for (const order of [waiting, contacted, paid])
      expect((await claim(t, order.reference, { key: order.key, transactionId: "" })).statusCode).toBe(200);
    await admin(t, "POST", `/api/admin/orders/${contacted.reference}/status`, { status: "contacted" });
    await admin(t, "POST", `/api/admin/orders/${paid.reference}/status`, { status: "paid" });

    const queue = await admin(t, "GET", "/api/admin/orders?claimed=true");
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().items.map((o: { reference: string }) => o.reference)).toEqual([contacted.reference, waiting.reference]);
    expect(queue.json().total).toBe((await admin(t, "GET", "/api/admin/reports/dashboard")).json().figures.paidClaims);
    const all = (await admin(t, "GET", "/api/admin/orders?claimed=false")).json().items;
    expect(all.map((o: { reference: string }) => o.reference)).toContain(unclaimed.reference);
    expectValidationError(await admin(t, "GET", "/api/admin/orders?claimed=maybe"), "claimed", "claimed must be true or false");
  });

  it("refuses a claim on a cancelled or already paid order", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const cancelled = await placeOrder(t);
    await admin(t, "POST", `/api/admin/orders/${cancelled.reference}/status`, { status: "cancelled" });
    const onCancelled = await claim(t, cancelled.reference, { key: cancelled.key });
    expect(onCancelled.statusCode).toBe(409);
    expect(onCancelled.json().message).toMatch(/cancelled/);
    const paid = await placeOrder(t);
    await admin(t, "POST", `/api/admin/orders/${paid.reference}/status`, { status: "paid" });
    expect((await claim(t, paid.reference, { key: paid.key })).json().message).toBe("The shop has already marked this order paid");
  });

  it("shows how to pay while the order waits, at its stored total, and not once paid or cancelled", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const order = await placeOrder(t);
    const added = await admin(t, "POST", "/api/admin/payment-methods", method);
    expect(added.statusCode, added.body).toBe(201);
    await admin(t, "POST", "/api/admin/payment-methods", { ...method, kind: "bank", name: "NIC Asia", enabled: false });
    let view = (await shopperRead(t, order.reference, order.key)).json();
    expect(view.paymentMethods).toEqual([{ _id: added.json().item._id, qrImage: "", noteNe: null, ...method }]);
    expect(view.total).toBe(1760);

    // An edit shows on the next read, with the note in Nepali beside the English; a blank one is none.
    const edited = await admin(t, "PUT", `/api/admin/payment-methods/${added.json().item._id}`, {
      ...method,
      holder: "Ram Bahadur",
      noteNe: " व्यक्तिगत खाता ",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    view = (await shopperRead(t, order.reference, order.key)).json();
    expect(view.paymentMethods[0]).toMatchObject({ holder: "Ram Bahadur", note: method.note, noteNe: "व्यक्तिगत खाता" });
    await admin(t, "PUT", `/api/admin/payment-methods/${added.json().item._id}`, { ...method, holder: "Ram Bahadur", noteNe: "  " });
    view = (await shopperRead(t, order.reference, order.key)).json();
    expect(view.paymentMethods[0].noteNe).toBeNull();

    await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "paid" });
    view = (await shopperRead(t, order.reference, order.key)).json();
    expect(view.paymentMethods).toEqual([]);
    expect(view.steps.find((step: { status: string }) => step.status === "paid").at).toBe(NOW.toISOString());
  });

  it("after delivery shows each line's dates, and renews a line into a new order linked to it", async () => {
    let now = NOW;
    const t = await createTestApp({ seed: true, clock: () => now });
    const order = await placeOrder(t);
    await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "delivered", startDate: "2026-09-01" });
    const view = (await shopperRead(t, order.reference, order.key)).json();
    const line = view.lines[0];
    expect(line).toMatchObject({ startDate: "2026-09-01", expiryDate: "2026-12-01", daysLeft: 9, renewal: null });
    // Delivered straight from new: no "contacted" or "paid" step that will never come.
    expect(view.steps.map((step: { status: string; at: string | null }) => [step.status, step.at !== null])).toEqual([
      ["new", true],
      ["delivered", true],
    ]);

    now = new Date("2026-11-25T06:00:00.000Z");
    const due = (await shopperRead(t, order.reference, order.key)).json().lines[0];
    expect(due.daysLeft).toBe(6);
    expect(due.renewal).toMatchObject({ unitPrice: 880, plans: expect.arrayContaining([{ months: 3, unitPrice: 880 }]) });

    const netflix = await itemId(t, "Netflix Premium");
    const renewing = { reference: order.reference, key: order.key, lineId: due.id };
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: netflix, months: 3, devices: 2 }], channel: "whatsapp", renews: { ...renewing, key: "nope" } },
      remoteAddress: anAddress(),
    });
    expect(wrong.statusCode).toBe(404);
    const renewal = await placeOrder(t, { renews: renewing });
    const after = (await shopperRead(t, order.reference, order.key)).json().lines[0];
    expect(after).toMatchObject({ renewedBy: renewal.reference, renewal: null });
    const twice = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: netflix, months: 3, devices: 2 }], channel: "whatsapp", renews: renewing },
      remoteAddress: anAddress(),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already renewed/);
  });

  it("frees the line a cancelled renewal was to renew: Renew again, due in renewals and on the customer's page", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const phone = "+977 980-0000042";
    const order = await placeOrder(t, { name: "Sita", phone });
    await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "delivered", startDate: "2026-08-25" });
    const line = (await shopperRead(t, order.reference, order.key)).json().lines[0];
    const renewing = { reference: order.reference, key: order.key, lineId: line.id };
    const read = async (url: string) => {
      const response = await admin(t, "GET", url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const dueLines = async () => ({
      renewals: (await read("/api/admin/renewals?days=30")).items.map((r: { lineId: string }) => r.lineId),
      customer: (await read(`/api/admin/customers/${encodeURIComponent(phone)}`)).customer.renewalsDue.map((r: { name: string }) => r.name),
    });

    const renewal = await placeOrder(t, { renews: renewing, name: "Sita", phone });
    expect(await dueLines()).toEqual({ renewals: [], customer: [] });

    const cancelled = await admin(t, "POST", `/api/admin/orders/${renewal.reference}/status`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await shopperRead(t, order.reference, order.key)).json().lines[0]).toMatchObject({ renewedBy: null, renewal: { unitPrice: 880 } });
    expect(await dueLines()).toEqual({ renewals: [line.id], customer: ["Netflix Premium"] });
    const old = (await admin(t, "GET", `/api/admin/orders/${order.reference}`)).json().order;
    expect(old.lines[0].renewalReference).toBeNull();

    // Renewed again, by the shopper this time for good.
    const again = await placeOrder(t, { renews: renewing, name: "Sita", phone });
    expect((await shopperRead(t, order.reference, order.key)).json().lines[0]).toMatchObject({ renewedBy: again.reference, renewal: null });
  });
});

describe("renewing a line from its order page", () => {
  it("offers the item's plans and the order's own name and phone, and renews as one line of that item, for the same customer", async () => {
    const t = await createTestApp({ seed: true, clock: () => new Date("2026-11-25T06:00:00.000Z") });
    const phone = "980-0000077";
    const order = await placeOrder(t, { name: "Sita", phone, language: "en" });
    await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "delivered", startDate: "2026-09-01" });
    const view = (await shopperRead(t, order.reference, order.key)).json();
    expect(view.customer).toEqual({ name: "Sita", phone: "9800000077" });
    const netflix = await itemId(t, "Netflix Premium");
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    const sold = allPrices.find((item: { _id: string }) => item._id === netflix).plans as Record<string, number>;
    expect(view.lines[0].renewal).toEqual({
      itemId: netflix,
      unitPrice: 880,
      plans: Object.entries(sold)
        .map(([months, unitPrice]) => ({ months: Number(months), unitPrice }))
        .sort((a, b) => a.months - b.months),
    });
    const renewing = { reference: order.reference, key: order.key, lineId: view.lines[0].id };

    // Another item, or more than the one line, is not a renewal of it.
    const spotify = await itemId(t, "YouTube Premium");
    for (const items of [
      [{ _id: spotify, months: 1, devices: 1 }],
      [
        { _id: netflix, months: 1, devices: 1 },
        { _id: netflix, months: 3, devices: 1 },
      ],
    ]) {
      const refused = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: { items, channel: "whatsapp", renews: renewing },
        remoteAddress: anAddress(),
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual([{ field: "renews", message: "A renewal of Netflix Premium is one line of Netflix Premium" }]);
    }
    expect((await shopperRead(t, order.reference, order.key)).json().lines[0].renewedBy).toBeNull();

    // One month on one device this time: the message says what it renews and until when.
    const renewal = await placeOrder(t, {
      items: [{ _id: netflix, months: 1, devices: 1 }],
      renews: renewing,
      name: "Sita",
      phone: "+977 9800000077",
    });
    expect(renewal.message.split("\n").slice(0, 4)).toEqual([
      "Hello! I would like to renew:",
      `Item: Netflix Premium, Quantity: 1, Price: ${sold["1"]} NPR, Plan: 1 month`,
      `Total: ${sold["1"]} NPR`,
      `Renewal of ${order.reference}, line 1 (Netflix Premium), which ends on 2026-12-01: renewed, it runs to 2027-01-01.`,
    ]);
    expect(renewal.message.split("\n").at(-2)).toBe(`Order ref: ${renewal.reference}`);

    // The same customer (the phone however written): both orders on their page.
    const customer = await admin(t, "GET", `/api/admin/customers/${encodeURIComponent("+9779800000077")}`);
    expect(customer.statusCode, customer.body).toBe(200);
    expect(
      customer
        .json()
        .customer.orders.map((o: { reference: string }) => o.reference)
        .sort(),
    ).toEqual([order.reference, renewal.reference].sort());
  });

  it("says the renewal in Nepali for a Nepali checkout", async () => {
    const t = await createTestApp({ seed: true, clock: () => new Date("2026-11-25T06:00:00.000Z") });
    const order = await placeOrder(t);
    await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "delivered", startDate: "2026-09-01" });
    const line = (await shopperRead(t, order.reference, order.key)).json().lines[0];
    const renewal = await placeOrder(t, { renews: { reference: order.reference, key: order.key, lineId: line.id }, language: "ne" });
    const message = renewal.message.split("\n");
    expect(message[0]).toBe("नमस्ते! मलाई यो नवीकरण गर्नु छ:");
    expect(message[3]).toMatch(
      new RegExp(
        `^नवीकरण: ${order.reference} को लाइन 1 \\(Netflix Premium\\), जुन .*\\(1 Dec 2026\\) मा सकिन्छ; नवीकरणपछि .*\\(1 Mar 2027\\) सम्म चल्छ।$`,
      ),
    );
  });
});
