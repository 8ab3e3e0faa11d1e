import { describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/app";
import { NOW, checkout, admin, ids } from "../helpers/shop";

describe("referrals", () => {
  it("credit the referrer's store credit once a new customer's first order is paid, and the seller uses it on their next order", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const { netflix } = await ids(t);
    const items = [{ _id: netflix, months: 1, devices: 1 }];
    const settings = await admin(t, "PUT", "/api/admin/referrals/settings", { creditAmount: 150 });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await admin(t, "PUT", "/api/admin/referrals/settings", { creditAmount: -1 })).statusCode).toBe(400);

    // Customer A gets a code with their customer link.
    const first = (await checkout(t, { items, channel: "whatsapp", phone: "9804444444" })).json();
    const link = await admin(t, "POST", `/api/admin/customers/${encodeURIComponent("+9779804444444")}/link`);
    expect(link.statusCode, link.body).toBe(201);
    const { code } = (await admin(t, "GET", `/api/admin/referrals/${encodeURIComponent("+9779804444444")}`)).json();
    expect(code).toMatch(/^R-[2-9A-Z]{6}$/);
    void first;

    // B, new, orders with A's code; A's own code on A's next order earns nothing, nor does a returning customer.
    const referred = (await checkout(t, { items, channel: "whatsapp", phone: "9805555555", referral: code.toLowerCase() })).json();
    await checkout(t, { items, channel: "whatsapp", phone: "9804444444", referral: code });
    const credit = async () => (await admin(t, "GET", `/api/admin/referrals/${encodeURIComponent("9804444444")}`)).json();
    const balance = async () => (await admin(t, "GET", `/api/admin/customers/${encodeURIComponent("9804444444")}/credit`)).json().balance;
    expect(await credit()).toMatchObject({ earned: 0 });
    expect(await balance()).toBe(0);

    expect((await admin(t, "POST", `/api/admin/orders/${referred.reference}/status`, { status: "paid" })).statusCode).toBe(200);
    expect((await admin(t, "POST", `/api/admin/orders/${referred.reference}/status`, { status: "delivered" })).statusCode).toBe(200);
    expect(await credit()).toMatchObject({ earned: 150, credits: [{ reference: referred.reference, amount: 150 }] });
    expect(await balance()).toBe(150);

    const next = (await checkout(t, { items, channel: "whatsapp", phone: "+9779804444444" })).json();
    const applied = await admin(t, "POST", `/api/admin/orders/${next.reference}/credit`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().order).toMatchObject({ balancePaid: 150, total: 150 });
    expect((await admin(t, "POST", `/api/admin/orders/${next.reference}/credit`)).json().message).toBe(
      "Store credit already paid part of this order",
    );
    expect(await credit()).toMatchObject({ earned: 150 });
    expect(await balance()).toBe(0);
    const none = await admin(t, "POST", `/api/admin/orders/${referred.reference}/credit`);
    expect(none.statusCode).toBe(409);
  });

  it("take the credit back when the referred order, paid, is cancelled (refunded)", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const { netflix } = await ids(t);
    const items = [{ _id: netflix, months: 1, devices: 1 }];
    await checkout(t, { items, channel: "whatsapp", phone: "9804444444" });
    expect((await admin(t, "POST", `/api/admin/customers/${encodeURIComponent("+9779804444444")}/link`)).statusCode).toBe(201);
    const credit = async () => (await admin(t, "GET", `/api/admin/referrals/${encodeURIComponent("9804444444")}`)).json();
    const { code } = await credit();
    const balance = async () => (await admin(t, "GET", `/api/admin/customers/${encodeURIComponent("9804444444")}/credit`)).json().balance;

    // Two new customers come with A's code; both pay, then the seller cancels (refunds) the first.
    const refunded = (await checkout(t, { items, channel: "whatsapp", phone: "9805555555", referral: code })).json();
    const kept = (await checkout(t, { items, channel: "telegram", phone: "9806666666", referral: code })).json();
    for (const order of [refunded, kept]) {
      expect((await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "paid" })).statusCode).toBe(200);
    }
    expect(await credit()).toMatchObject({ earned: 200 });
    expect(await balance()).toBe(200);
    const cancelled = await admin(t, "POST", `/api/admin/orders/${refunded.reference}/status`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await credit()).toMatchObject({ earned: 100, credits: [{ reference: kept.reference, amount: 100 }] });
    expect(await balance()).toBe(100);
    expect(await t.database.db.selectFrom("referral_credits").select("order_id").execute()).toHaveLength(1);

    // A cancel refused (the order is cancelled already) takes nothing more; the credit left is the customer's to spend.
    expect((await admin(t, "POST", `/api/admin/orders/${refunded.reference}/status`, { status: "cancelled" })).statusCode).toBe(409);
    const next = (await checkout(t, { items, channel: "whatsapp", phone: "9804444444" })).json();
    expect((await admin(t, "POST", `/api/admin/orders/${next.reference}/credit`)).json().order).toMatchObject({ balancePaid: 100 });
  });
});
