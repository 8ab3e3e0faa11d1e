import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN, type TestApp } from "../helpers/app";

// The seller's bulk action on orders nobody means to pay ("Cancel as spam", ADR 0096).

let nextAddress = 1;
const anAddress = () => `198.51.101.${nextAddress++ % 250}`;

async function netflixId(t: TestApp): Promise<string> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
}

async function placeOrder(t: TestApp, netflix: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp" },
    remoteAddress: anAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { reference: response.json().reference as string };
}

async function admin(t: TestApp, method: "GET" | "POST", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

const orderOf = async (t: TestApp, reference: string) => (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order;

describe("the bulk action on spam orders", () => {
  it("cancels the chosen orders awaiting payment in one go, leaves the others saying why, and writes one audit line each", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await netflixId(t);
    const spam = [await placeOrder(t, netflix), await placeOrder(t, netflix)];
    const contacted = await placeOrder(t, netflix);
    await admin(t, "POST", `/api/admin/orders/${contacted.reference}/status`, { status: "contacted" });
    const paid = await placeOrder(t, netflix);
    await admin(t, "POST", `/api/admin/orders/${paid.reference}/status`, { status: "paid" });
    const delivered = await placeOrder(t, netflix);
    await admin(t, "POST", `/api/admin/orders/${delivered.reference}/status`, { status: "delivered" });
    const lineId = (await orderOf(t, delivered.reference)).lines[0].id;
    const renewal = (await admin(t, "POST", `/api/admin/renewals/${lineId}`)).json().order.reference as string;

    const answer = await admin(t, "POST", "/api/admin/orders/spam", {
      references: [
        spam[0]!.reference,
        spam[0]!.reference.toLowerCase(),
        spam[1]!.reference,
        contacted.reference,
        paid.reference,
        "PSL-22222",
        renewal,
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      message: "4 orders cancelled as spam; 2 left as they were",
      marked: [spam[0]!.reference, spam[1]!.reference, contacted.reference, renewal],
      skipped: [
        { reference: paid.reference, reason: "It is paid" },
        { reference: "PSL-22222", reason: "No such order" },
      ],
    });
    for (const reference of [spam[0]!.reference, spam[1]!.reference, contacted.reference, renewal]) {
      expect(await orderOf(t, reference)).toMatchObject({ status: "cancelled", cancelReason: "spam" });
    }
    expect(await orderOf(t, paid.reference)).toMatchObject({ status: "paid", cancelReason: null });
    expect((await orderOf(t, delivered.reference)).lines[0].renewalReference).toBeNull();

    // Nothing left to cancel: the same choice again cancels nothing.
    const again = await admin(t, "POST", "/api/admin/orders/spam", { references: [spam[0]!.reference] });
    expect(again.json()).toMatchObject({ message: "0 orders cancelled as spam; 1 left as it was", skipped: [{ reason: "It is cancelled" }] });

    // One audit line per order cancelled, naming the admin.
    const logged: Array<[string, object]> = [];
    const log = { info: (fields: object, message: string) => logged.push([message, fields]) } as unknown as FastifyBaseLogger;
    const more = [await placeOrder(t, netflix), await placeOrder(t, netflix)];
    const adminUser = (await t.app.services.auth.authenticate((await t.adminCookie()).split("=")[1]!))!;
    expect(adminUser.email).toBe(TEST_ADMIN.email);
    await t.app.services.orders.markSpam([...more.map((order) => order.reference), paid.reference], { admin: adminUser, log });
    expect(logged).toEqual(more.map((order) => ["order cancelled as spam", { admin: TEST_ADMIN.email, reference: order.reference }]));
  });

  it("asks for one to a hundred references", async () => {
    const t = await createTestApp();
    const empty = await admin(t, "POST", "/api/admin/orders/spam", { references: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Choose at least one order");
    const many = await admin(t, "POST", "/api/admin/orders/spam", { references: Array.from({ length: 101 }, (_, i) => `PSL-${i}`) });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe("At most 100 orders at once");
  });
});
