import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app";

// 06:00 UTC is 11:45 in Kathmandu: the shop's today is 22 November.
const NOW = new Date("2026-11-22T06:00:00.000Z");

let nextAddress = 1;
const address = () => `203.0.113.${nextAddress++ % 250}`;
const checkout = (t: TestApp, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: address(), headers });
const quote = (t: TestApp, payload: object) => t.app.inject({ method: "POST", url: "/api/orders/quote", payload, remoteAddress: address() });

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

async function ids(t: TestApp): Promise<{ netflix: string; spotify: string }> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  const find = (name: string) => allPrices.find((item: { Name: string }) => item.Name === name)._id as string;
  return { netflix: find("Netflix Premium"), spotify: find("Spotify Premium") };
}

async function addCoupon(t: TestApp, coupon: object) {
  const response = await admin(t, "POST", "/api/admin/coupons", coupon);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().item as { _id: string; code: string; version: number };
}

async function setOrderLimits(t: TestApp, limits: Record<string, number>) {
  const current = (await admin(t, "GET", "/api/admin/settings/order-limits")).json().data;
  expect((await admin(t, "PUT", "/api/admin/settings/order-limits", { ...current, ...limits })).statusCode).toBe(200);
}

const phone = (n: number) => `98${String(10_000_000 + n).padStart(8, "0")}`;

describe("coupons", () => {
  it("are added, listed, edited and disabled by the admin, with clear refusals", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const added = await addCoupon(t, { code: " dashain 10 ", kind: "percent", amount: 10, startsOn: "2026-11-01", endsOn: "2026-11-30" });
    expect(added.code).toBe("DASHAIN10");
    const clash = await admin(t, "POST", "/api/admin/coupons", { code: "Dashain10", kind: "fixed", amount: 5 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe("A coupon with the code DASHAIN10 already exists; choose another code");
    const bad = await admin(t, "POST", "/api/admin/coupons", { code: "X1Y", kind: "percent", amount: 150 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Percent off is at most 100");

    const disabled = await admin(t, "PUT", `/api/admin/coupons/${added._id}`, { code: "DASHAIN10", kind: "percent", amount: 10, enabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().item).toMatchObject({ enabled: false, startsOn: null, version: added.version + 1 });
    const stale = await t.app.inject({
      method: "PUT",
      url: `/api/admin/coupons/${added._id}`,
      payload: { code: "DASHAIN10", kind: "percent", amount: 20 },
      headers: { cookie: await t.adminCookie(), "if-match": String(added.version) },
    });
    expect(stale.statusCode).toBe(409);
    expect((await admin(t, "PUT", "/api/admin/coupons/nope", { code: "ABC", kind: "percent", amount: 1 })).statusCode).toBe(404);
    expect((await admin(t, "GET", "/api/admin/coupons")).json().items).toHaveLength(1);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/coupons" })).statusCode).toBe(401);
  });

  it("are priced by the quote and checkout alike, shown in the message, the order and its page", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const { netflix, spotify } = await ids(t);
    const coupon = await addCoupon(t, { code: "MUSIC15", kind: "percent", amount: 15, scope: "categories", targets: ["music"] });
    const items = [
      { _id: netflix, months: 3, devices: 2 },
      { _id: spotify, months: 1, devices: 1 },
    ];
    const quoted = await quote(t, { items, coupon: "music15" });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const spotifyPrice = quoted.json().lines[1].unitPrice as number;
    const discount = Math.round((spotifyPrice * 15) / 100);
    expect(quoted.json().coupon).toEqual({ code: "MUSIC15", discount });

    const placed = await checkout(t, { items, channel: "whatsapp", phone: phone(1), coupon: "music15" });
    expect(placed.statusCode, placed.body).toBe(201);
    const body = placed.json();
    expect(body).toMatchObject({ subtotal: 1760 + spotifyPrice, couponCode: "MUSIC15", discount, total: 1760 + spotifyPrice - discount });
    expect(body.message).toContain(`Coupon MUSIC15: -${discount} NPR\nTotal: ${(1760 + spotifyPrice - discount).toLocaleString("en-IN")} NPR`);

    const order = (await admin(t, "GET", `/api/admin/orders/${body.reference}`)).json().order;
    expect(order).toMatchObject({ couponCode: "MUSIC15", discount, creditApplied: 0, total: body.total });
    const key = new URL(body.orderUrl, "http://x").searchParams.get("key");
    const page = (await t.app.inject({ method: "GET", url: `/api/orders/${body.reference}?key=${key}` })).json();
    expect(page).toMatchObject({ couponCode: "MUSIC15", discount, total: body.total });

    const uses = (await admin(t, "GET", `/api/admin/coupons/${coupon._id}/uses`)).json();
    expect(uses.coupon).toMatchObject({ uses: 1, discountGiven: discount });
    expect(uses.uses).toEqual([expect.objectContaining({ reference: body.reference, discount, status: "new" })]);
  });

  it("tells the shopper why a coupon does not apply, in their language, and places nothing", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const { netflix } = await ids(t);
    await addCoupon(t, { code: "LATE", kind: "fixed", amount: 100, endsOn: "2026-11-21" });
    await addCoupon(t, { code: "SOON", kind: "fixed", amount: 100, startsOn: "2026-11-23" });
    await addCoupon(t, { code: "BIG", kind: "fixed", amount: 100, minTotal: 5000 });
    await addCoupon(t, { code: "VPNONLY", kind: "fixed", amount: 100, scope: "categories", targets: ["vpn"] });
    const items = [{ _id: netflix, months: 1, devices: 1 }];
    const reason = async (code: string, language = "en") => (await quote(t, { items, coupon: code, language })).json().coupon.problem;
    expect(await reason("late")).toBe("Coupon LATE has expired");
    expect(await reason("soon")).toBe("Coupon SOON has not started yet");
    expect(await reason("big")).toBe("Coupon BIG needs an order of at least NPR 5,000");
    expect(await reason("vpnonly")).toBe("Coupon VPNONLY is not for the items in your cart");
    expect(await reason("nothing")).toBe("Coupon NOTHING is not valid; check the code");
    expect(await reason("late", "ne")).toBe("कुपन LATE को म्याद सकियो");

    const refused = await checkout(t, { items, channel: "whatsapp", coupon: "big", language: "ne" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: "कुपन BIG कम्तीमा रु. ५,००० को अर्डरमा मात्र चल्छ", errors: [{ field: "coupon" }] });
    expect((await admin(t, "GET", "/api/admin/orders")).json().items).toEqual([]);
  });

  it("with a use limit of 1, redeemed by 20 checkouts at once, is used exactly once", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    await setOrderLimits(t, { ordersPerMinute: 1000 });
    const { netflix } = await ids(t);
    const coupon = await addCoupon(t, { code: "ONCE", kind: "fixed", amount: 50, maxUses: 1 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        checkout(t, { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp", phone: phone(100 + n), coupon: "ONCE" }),
      ),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed, answers.map((answer) => answer.body).join("\n")).toHaveLength(1);
    // Refused by the check (the use already taken and committed: 400) or by the count itself (taken meanwhile: 409).
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect([400, 409]).toContain(refused.statusCode);
      expect(refused.json().message).toBe("Coupon ONCE has been used up");
    }
    const uses = (await admin(t, "GET", `/api/admin/coupons/${coupon._id}/uses`)).json();
    expect(uses.coupon.uses).toBe(1);
    expect(uses.uses).toHaveLength(1);
    expect((await admin(t, "GET", "/api/admin/orders")).json().items).toHaveLength(1);
  });

  it("comes back when the order that used it is cancelled, and stays listed with that status", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const { netflix } = await ids(t);
    const coupon = await addCoupon(t, { code: "ONCEMORE", kind: "fixed", amount: 50, maxUses: 1, maxUsesPerPhone: 1 });
    const items = [{ _id: netflix, months: 1, devices: 1 }];
    const first = await checkout(t, { items, channel: "whatsapp", phone: "9804444444", coupon: "ONCEMORE" });
    expect(first.statusCode).toBe(201);
    expect((await checkout(t, { items, channel: "whatsapp", phone: "9805555555", coupon: "ONCEMORE" })).statusCode).toBe(400);
    expect((await admin(t, "POST", `/api/admin/orders/${first.json().reference}/status`, { status: "cancelled" })).statusCode).toBe(200);
    // The same phone may use it again, and the limit of 1 has room again.
    const again = await checkout(t, { items, channel: "whatsapp", phone: "9804444444", coupon: "ONCEMORE" });
    expect(again.statusCode, again.body).toBe(201);
    const uses = (await admin(t, "GET", `/api/admin/coupons/${coupon._id}/uses`)).json();
    expect(uses.coupon).toMatchObject({ uses: 1, discountGiven: 50 });
    expect(uses.uses.map((use: { status: string }) => use.status).sort()).toEqual(["cancelled", "new"]);
  });

  it("holds its limit per phone, however the phone is written", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const { netflix } = await ids(t);
    await addCoupon(t, { code: "ONEEACH", kind: "percent", amount: 10, maxUsesPerPhone: 1 });
    const items = [{ _id: netflix, months: 1, devices: 1 }];
    expect((await checkout(t, { items, channel: "whatsapp", phone: "9801111111", coupon: "ONEEACH" })).statusCode).toBe(201);
    const again = await checkout(t, { items, channel: "whatsapp", phone: "+977 980-1111111", coupon: "ONEEACH" });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("Your number has already used coupon ONEEACH");
    const anonymous = await checkout(t, { items, channel: "whatsapp", coupon: "ONEEACH" });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().message).toBe("Coupon ONEEACH needs your phone number; enter it to use the coupon");
    expect((await checkout(t, { items, channel: "whatsapp", phone: "9802222222", coupon: "ONEEACH" })).statusCode).toBe(201);
  });
});

describe("reports", () => {
  it("count revenue after the discount and the discount given, as a hand calculation does", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const { netflix } = await ids(t);
    await addCoupon(t, { code: "TENOFF", kind: "percent", amount: 10 });
    // 3 months × 2 devices = 1,760, 10% off = 176: paid 1,584. And one order without a coupon: 300.
    const withCoupon = (await checkout(t, { items: [{ _id: netflix, months: 3, devices: 2 }], channel: "whatsapp", coupon: "tenoff" })).json();
    const without = (await checkout(t, { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp" })).json();
    for (const { reference } of [withCoupon, without]) {
      expect((await admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "delivered" })).statusCode).toBe(200);
    }
    const months = (await admin(t, "GET", "/api/admin/reports/money")).json().months;
    expect(months.at(-1)).toMatchObject({ month: "2026-11", revenue: 1584 + 300, discount: 176 });
    // By service: the lines at their prices, then the discount as a row of its own; together the month's revenue.
    const services = (await admin(t, "GET", "/api/admin/reports/services?month=2026-11")).json().services;
    expect(services.at(-1)).toEqual({ service: "Coupons and referral credit", revenue: -176, cost: 0, margin: -176 });
    expect(services.find((row: { service: string }) => row.service === "Netflix Premium")).toMatchObject({ revenue: 1760 + 300 });
    expect(services.reduce((sum: number, row: { revenue: number }) => sum + row.revenue, 0)).toBe(1584 + 300);
    const csv = (await admin(t, "GET", "/api/admin/reports/services.csv?month=2026-11")).body;
    expect(csv.trim().split("\n").at(-1)).toBe(`"2026-11","Coupons and referral credit",-176,0,-176`);
  });
});

describe("the blocklist", () => {
  it("refuses a blocked phone's checkout in any form with the seller's contacts, and shows the attempt", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const { netflix } = await ids(t);
    const blocked = await admin(t, "POST", "/api/admin/blocklist", { phone: "+977 980-3333333", reason: "chargebacks" });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect((await admin(t, "POST", "/api/admin/blocklist", { phone: "9803333333" })).statusCode).toBe(409);
    const bad = await admin(t, "POST", "/api/admin/blocklist", { phone: "abc" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Phone: a number with at least 5 digits");

    const items = [{ _id: netflix, months: 1, devices: 1 }];
    const refused = await checkout(t, { items, channel: "telegram", phone: "009779803333333" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Orders from this number cannot be placed online\. Please contact the shop directly: /);
    const nepali = await checkout(t, { items, channel: "whatsapp", phone: "9803333333", language: "ne" });
    expect(nepali.statusCode).toBe(403);
    expect(nepali.json().message).toMatch(/^यो नम्बरबाट अनलाइन अर्डर लिन सकिँदैन।/);
    expect((await admin(t, "GET", "/api/admin/orders")).json().items).toEqual([]);

    const list = (await admin(t, "GET", "/api/admin/blocklist")).json();
    expect(list.items).toEqual([{ phone: "+9779803333333", reason: "chargebacks", createdAt: NOW.toISOString(), attempts: 2 }]);
    expect(list.attempts).toHaveLength(2);
    expect(list.attempts[0]).toMatchObject({ phone: "+9779803333333", total: 300 });

    const removed = await admin(t, "DELETE", `/api/admin/blocklist/${encodeURIComponent("980 3333333")}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await admin(t, "DELETE", `/api/admin/blocklist/9803333333`)).statusCode).toBe(404);
    expect((await checkout(t, { items, channel: "whatsapp", phone: "9803333333" })).statusCode).toBe(201);
  });
});

describe("referrals", () => {
  it("credit the referrer once a new customer's first order is paid, and the seller applies it to their next order", async () => {
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
    expect(await credit()).toMatchObject({ earned: 0, available: 0 });

    expect((await admin(t, "POST", `/api/admin/orders/${referred.reference}/status`, { status: "paid" })).statusCode).toBe(200);
    expect((await admin(t, "POST", `/api/admin/orders/${referred.reference}/status`, { status: "delivered" })).statusCode).toBe(200);
    expect(await credit()).toMatchObject({ earned: 150, used: 0, available: 150, credits: [{ reference: referred.reference, amount: 150 }] });

    const next = (await checkout(t, { items, channel: "whatsapp", phone: "+9779804444444" })).json();
    const applied = await admin(t, "POST", `/api/admin/orders/${next.reference}/credit`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().order).toMatchObject({ creditApplied: 150, total: 150 });
    expect((await admin(t, "POST", `/api/admin/orders/${next.reference}/credit`)).json().message).toBe("This order already has credit applied");
    expect(await credit()).toMatchObject({ earned: 150, used: 150, available: 0 });
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

    // Two new customers come with A's code; both pay, then the seller cancels (refunds) the first.
    const refunded = (await checkout(t, { items, channel: "whatsapp", phone: "9805555555", referral: code })).json();
    const kept = (await checkout(t, { items, channel: "telegram", phone: "9806666666", referral: code })).json();
    for (const order of [refunded, kept]) {
      expect((await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "paid" })).statusCode).toBe(200);
    }
    expect(await credit()).toMatchObject({ earned: 200, available: 200 });
    const cancelled = await admin(t, "POST", `/api/admin/orders/${refunded.reference}/status`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await credit()).toMatchObject({ earned: 100, used: 0, available: 100, credits: [{ reference: kept.reference, amount: 100 }] });
    expect(await t.database.db.selectFrom("referral_credits").select("order_id").execute()).toHaveLength(1);

    // A cancel refused (the order is cancelled already) takes nothing more; the credit left is the seller's to apply.
    expect((await admin(t, "POST", `/api/admin/orders/${refunded.reference}/status`, { status: "cancelled" })).statusCode).toBe(409);
    const next = (await checkout(t, { items, channel: "whatsapp", phone: "9804444444" })).json();
    expect((await admin(t, "POST", `/api/admin/orders/${next.reference}/credit`)).json().order).toMatchObject({ creditApplied: 100 });
  });
});
