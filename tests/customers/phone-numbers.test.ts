import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";

/*
 * Phone numbers (ADR 0116): a phone identifies a customer in the seller's books, written one way however
 * it was typed (the trunk 0 too), and never authenticates a shopper. One test per place a phone is compared; the
 * Telegram follows are in telegram/shoppers.test.ts, the customer link's page in customer-links/customer-links.test.ts.
 */

const NOW = new Date("2026-11-22T06:00:00.000Z");
let nextAddress = 1;
const address = () => `203.0.114.${nextAddress++ % 250}`;
const checkout = (t: TestApp, payload: object) => t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: address() });
async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}
async function netflixLine(t: TestApp) {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return [{ _id: allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id as string, months: 1, devices: 1 }];
}

/** The ways of writing 981-6000777 that were a customer of their own before ADR 0116 (one mobile, one form): the trunk 0 kept. */
const TRUNK_ZERO = ["09816000777", "+977 09816000777", "97709816000777", "0097709816000777", "098-1600-0777"];

describe("one mobile, one customer (issue 43)", () => {
  it("the blocklist refuses every spelling of a blocked mobile, the trunk 0 too", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const items = await netflixLine(t);
    expect((await admin(t, "POST", "/api/admin/blocklist", { phone: "9816000777", reason: "chargebacks" })).statusCode).toBe(201);
    expect((await admin(t, "POST", "/api/admin/blocklist", { phone: "09816000777" })).statusCode).toBe(409);
    for (const phone of TRUNK_ZERO) expect((await checkout(t, { items, channel: "whatsapp", phone })).statusCode, phone).toBe(403);
    expect((await admin(t, "GET", "/api/admin/orders")).json().items).toEqual([]);
  });

  it("a coupon once per phone is used once by one mobile, however written", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const items = await netflixLine(t);
    expect((await admin(t, "POST", "/api/admin/coupons", { code: "ONCE", kind: "percent", amount: 10, maxUsesPerPhone: 1 })).statusCode).toBe(201);
    expect((await checkout(t, { items, channel: "whatsapp", phone: "9816000777", coupon: "ONCE" })).statusCode).toBe(201);
    for (const phone of TRUNK_ZERO) {
      const again = await checkout(t, { items, channel: "whatsapp", phone, coupon: "ONCE" });
      expect(again.statusCode, phone).toBe(400);
      expect(again.json().message).toBe("Your number has already used coupon ONCE");
    }
  });

  it("a referrer's own mobile with its trunk 0 earns no credit; a referral credit is never applied by a checkout", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const items = await netflixLine(t);
    await checkout(t, { items, channel: "whatsapp", phone: "9816000777" });
    expect((await admin(t, "POST", "/api/admin/customers/9816000777/link")).statusCode).toBe(201);
    const { code } = (await admin(t, "GET", "/api/admin/referrals/9816000777")).json();
    for (const phone of ["09816000777", "+977 09816000777"]) {
      const self = (await checkout(t, { items, channel: "whatsapp", phone, referral: code })).json();
      expect((await admin(t, "POST", `/api/admin/orders/${self.reference}/status`, { status: "paid" })).statusCode).toBe(200);
    }
    expect((await admin(t, "GET", "/api/admin/referrals/9816000777")).json()).toMatchObject({ earned: 0 });
    const rows = await t.database.db.selectFrom("orders").select("referred_by").execute();
    expect(rows.every((row) => row.referred_by === null)).toBe(true);

    // A friend's paid order earns the credit; a stranger who then types the referrer's phone gets none of it by
    // checking out: store credit is spent only by the seller or from the customer's link (ADR 0116, 0127).
    const friend = (await checkout(t, { items, channel: "whatsapp", phone: "9817000888", referral: code })).json();
    await admin(t, "POST", `/api/admin/orders/${friend.reference}/status`, { status: "paid" });
    const stranger = (await checkout(t, { items, channel: "whatsapp", phone: "+977 981-6000777" })).json();
    expect(stranger).toMatchObject({ discount: 0 });
    expect((await admin(t, "GET", `/api/admin/orders/${stranger.reference}`)).json().order).toMatchObject({ creditApplied: 0 });
    expect((await admin(t, "GET", "/api/admin/referrals/9816000777")).json()).toMatchObject({ earned: 100 });
    expect((await admin(t, "GET", "/api/admin/customers/9816000777/credit")).json().balance).toBe(100);
  });

  it("the seller's customer page joins every spelling; a phone typed at checkout opens no customer page or order of it", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const items = await netflixLine(t);
    const victim = (await checkout(t, { items, channel: "whatsapp", phone: "9816000777" })).json();
    const stranger = (await checkout(t, { items, channel: "whatsapp", phone: "09816000777" })).json();
    const page = (await admin(t, "GET", "/api/admin/customers/098-1600-0777")).json();
    expect(page.customer.phone).toBe("+9779816000777");
    expect(page.customer.orders.map((order: { reference: string }) => order.reference).sort()).toEqual([victim.reference, stranger.reference].sort());
    // The stranger's own answer and order page carry their order alone: no customer link, nothing of the victim's.
    const key = new URL(stranger.orderUrl, "http://x").searchParams.get("key");
    const own = await t.app.inject({ method: "GET", url: `/api/orders/${stranger.reference}?key=${key}` });
    expect(own.statusCode).toBe(200);
    for (const body of [JSON.stringify(stranger), own.body]) {
      expect(body).not.toContain(victim.reference);
      expect(body).not.toContain("/my/");
    }
    // Nor does the phone open the victim's order.
    expect((await t.app.inject({ method: "GET", url: `/api/orders/${victim.reference}?key=9816000777` })).statusCode).toBe(404);
  });

  it("a renewal keeps who it is for by the renewed order's key, never by a phone", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const items = await netflixLine(t);
    const victim = (await checkout(t, { items, channel: "whatsapp", phone: "9816000777" })).json();
    await admin(t, "POST", `/api/admin/orders/${victim.reference}/status`, { status: "paid" });
    await admin(t, "POST", `/api/admin/orders/${victim.reference}/status`, { status: "delivered" });
    const line = await t.database.db.selectFrom("order_lines").select("id").executeTakeFirstOrThrow();
    const renewal = await checkout(t, {
      items,
      channel: "whatsapp",
      phone: "09816000777",
      renews: { reference: victim.reference, key: "A".repeat(24), lineId: line.id },
    });
    expect(renewal.statusCode).toBe(404);
    const renewed = await t.database.db.selectFrom("order_lines").select("renewal_order_id").where("id", "=", line.id).executeTakeFirstOrThrow();
    expect(renewed.renewal_order_id).toBeNull();
  });
});
