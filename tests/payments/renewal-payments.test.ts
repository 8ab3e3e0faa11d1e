import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, shopToday } from "../../domain/ledger/settings";
import type { Clock } from "../../server/db/clock";
import { FAKE_CREDENTIALS, startFakeGateways, type FakeGateways } from "../fakes/gateways";
import { asTestAdmin, createTestApp, expectValidationError, type TestApp } from "../helpers/app";

/*
 * Issue 46, point 1: the renewal reminder's link opens the line's renewal, and paying it online makes the renewal
 * order, proved by the gateway, delivered by itself on the same seat, with the seller's bot told "renewed and paid".
 */

let fakes: FakeGateways;
beforeAll(async () => {
  fakes = await startFakeGateways();
});
afterAll(async () => {
  await fakes.close();
});

let nextAddress = 1;
const anAddress = () => `198.51.100.${nextAddress++ % 250}`;
const PUBLIC_URL = "https://shop.example";

const admin = (t: TestApp, method: "GET" | "POST" | "PUT", url: string, payload?: object) => asTestAdmin(t, method, url, payload);

/** A shop whose three gateways are on, Netflix delivered automatically from an account of two seats, on a clock the test moves. */
async function renewingShop(seats = 2) {
  let now = Date.now();
  const clock: Clock = () => new Date(now);
  const t = await createTestApp({ seed: true, clock, env: { ...fakes.env, PUBLIC_URL } });
  const c = FAKE_CREDENTIALS;
  for (const [gateway, body] of [
    ["khalti", { enabled: true, merchantCode: "", username: "", secret: c.khalti.secret }],
    ["esewa", { enabled: true, merchantCode: c.esewa.productCode, username: "", secret: c.esewa.secret }],
    [
      "fonepay",
      { enabled: true, merchantCode: c.fonepay.merchantCode, username: c.fonepay.username, secret: c.fonepay.secret, password: c.fonepay.password },
    ],
  ] as const) {
    expect((await admin(t, "PUT", `/api/admin/payment-gateways/${gateway}`, body)).statusCode).toBe(200);
  }
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  const netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium");
  const { _id, Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink } = netflix;
  const saved = await admin(t, "PUT", `/api/prices/${_id}`, {
    Name,
    Id,
    ImageId,
    Category,
    Info,
    plans,
    Note,
    Status,
    SpecialLink,
    AutoDeliver: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const added = await admin(t, "POST", "/api/admin/accounts", {
    service: "Netflix Premium",
    itemIds: [_id],
    login: "seller@example.com",
    password: "account-password-1",
    seats: Array.from({ length: seats }, (_, i) => ({ profileName: `Profile ${i + 1}`, pin: `${i + 1}000` })),
    renewalDate: addDays(shopToday(clock()), 365),
    cost: 1500,
    billingCycle: "monthly",
  });
  expect(added.statusCode, added.body).toBe(201);
  // A seller's chat with the bot: the notices it would be sent are in the outbox (no worker runs here).
  const at = clock().toISOString();
  await t.database.db
    .insertInto("telegram_chats")
    .values({ id: "seller-chat", chat_id: "42", user_id: "7", title: "", role: "admin", admin_id: null, created_at: at, updated_at: at })
    .execute();
  return { t, clock, netflix: _id as string, advanceDays: (days: number) => void (now += days * 86_400_000) };
}

/** A delivered one-month Netflix line of Sita's, 28 days later: it ends in two or three days. */
async function deliveredLine(
  shop: Awaited<ReturnType<typeof renewingShop>>,
  { language = "en", phone = "9800000001", advance = true }: { language?: "en" | "ne"; phone?: string; advance?: boolean } = {},
) {
  const { t, netflix } = shop;
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "telegram", name: "Sita", phone, language },
    remoteAddress: anAddress(),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const reference = placed.json().reference as string;
  const paid = await admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "paid" });
  expect(paid.json().order.status).toBe("delivered");
  if (advance) shop.advanceDays(28);
  return paid.json().order.lines[0] as { id: string; startDate: string; expiryDate: string };
}

async function seatOf(t: TestApp, lineId: string) {
  const row = await t.database.db.selectFrom("seat_assignments").select(["seat_id", "end_reason"]).where("line_id", "=", lineId).executeTakeFirst();
  return row;
}

/** Pays the started payment on the gateway's fake and comes back as the shopper's browser: where it lands. */
async function payOn(gateway: "khalti" | "esewa" | "fonepay", start: Record<string, unknown>): Promise<string | null> {
  switch (gateway) {
    case "khalti":
      return fakes.pay("khalti", new URL(start.url as string).searchParams.get("pidx")!, "completed");
    case "esewa": {
      const fields = start.fields as Record<string, string>;
      await fetch(start.action as string, { method: "POST", body: new URLSearchParams(fields) });
      return fakes.pay("esewa", fields.transaction_uuid!, "completed");
    }
    case "fonepay":
      await fakes.pay("fonepay", (start.qr as string).split("|")[1]!, "completed");
      return null;
  }
}

describe("a renewal paid from the reminder's link (issue 46)", () => {
  it("through Khalti, eSewa and Fonepay: the link opens the line's renewal; paid, it is delivered on the same seat and the seller's bot hears it", async () => {
    const gateways = ["khalti", "esewa", "fonepay"] as const;
    // Three customers' lines, one renewed through each gateway.
    const shop = await renewingShop(3);
    const { t } = shop;
    const olds = [];
    for (const [i] of gateways.entries()) olds.push(await deliveredLine(shop, { phone: `980000001${i}`, advance: false }));
    shop.advanceDays(28);
    const answer = await admin(t, "GET", "/api/admin/renewals?days=7");
    expect(answer.statusCode, answer.body).toBe(200);
    const due = answer.json().items as Array<{ message: string }>;
    expect(due).toHaveLength(3);
    for (const [i, gateway] of gateways.entries()) {
      const old = olds[i]!;
      const seat = await seatOf(t, old.id);

      // The seller's reminder carries the one-tap link: the order's own key, the line to renew, no secret.
      const message = due.find((item) => item.message.includes(`renew=${old.id}`))?.message ?? "";
      const link = /https:\/\/shop\.example\/order\/\S+/.exec(message)?.[0];
      expect(link, message).toBeTruthy();
      expect(message).toContain("Renew and pay here:");
      const url = new URL(link!);
      expect(url.searchParams.get("renew")).toBe(old.id);
      const reference = url.pathname.split("/").at(-1)!;
      const key = url.searchParams.get("key")!;
      const page = (await t.app.inject({ method: "GET", url: `/api/orders/${reference}?key=${key}`, remoteAddress: anAddress() })).json();
      const line = page.lines.find((l: { id: string }) => l.id === old.id);
      expect(line.renewal).toMatchObject({ unitPrice: expect.any(Number) });

      // Pay: the renewal is placed for that line alone, then paid online with its own key.
      const renewal = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: {
          items: [{ _id: shop.netflix, months: 1, devices: 1 }],
          channel: page.channel,
          name: page.customer.name,
          phone: page.customer.phone,
          renews: { reference, key, lineId: old.id },
        },
        remoteAddress: anAddress(),
      });
      expect(renewal.statusCode, renewal.body).toBe(201);
      const renewalUrl = new URL(renewal.json().orderUrl);
      const renewalKey = renewalUrl.searchParams.get("key")!;
      const renewalReference = renewal.json().reference as string;
      const started = await t.app.inject({
        method: "POST",
        url: `/api/orders/${renewalReference}/pay/${gateway}`,
        payload: { key: renewalKey },
        remoteAddress: anAddress(),
      });
      expect(started.statusCode, started.body).toBe(200);
      const cookie = started.cookies.find((c) => c.name === "pasal_payment")!;
      const back = await payOn(gateway, started.json().start);
      if (back) {
        const returned = new URL(back);
        const landed = await t.app.inject({
          method: "GET",
          url: returned.pathname + returned.search,
          headers: { cookie: `${cookie.name}=${cookie.value}` },
          remoteAddress: anAddress(),
        });
        // Back on the renewal's own page, which says "Paid — renewed to …".
        expect(landed.headers.location).toBe(renewalUrl.pathname + renewalUrl.search);
      } else {
        // The QR's page polls the status, which asks Fonepay.
        const polled = await t.app.inject({ method: "GET", url: `/api/payments/${started.json().start.paymentId}`, remoteAddress: anAddress() });
        expect(polled.json().payment.status).toBe("paid");
      }

      const delivered = (await admin(t, "GET", `/api/admin/orders/${renewalReference}`)).json().order;
      expect(delivered).toMatchObject({ status: "delivered", paidVia: { gateway } });
      // It runs on from where the old line ends, on the same seat; the old holding ended as renewed.
      expect(delivered.lines[0]).toMatchObject({ startDate: old.expiryDate, autoDelivered: true });
      expect((await seatOf(t, delivered.lines[0].id))?.seat_id).toBe(seat?.seat_id);
      expect((await seatOf(t, old.id))?.end_reason).toBe("renewed");
      const shopperView = (
        await t.app.inject({ method: "GET", url: `/api/orders/${renewalReference}?key=${renewalKey}`, remoteAddress: anAddress() })
      ).json();
      expect(shopperView.lines[0]).toMatchObject({ renews: { reference }, expiryDate: delivered.lines[0].expiryDate });

      const notices = await t.database.db.selectFrom("notices").select(["kind", "payload"]).where("kind", "=", "payment-verified").execute();
      expect(notices.map((n) => JSON.parse(n.payload))).toContainEqual(
        expect.objectContaining({ reference: renewalReference, gateway, renews: `${reference} (Netflix Premium)` }),
      );
    }
    // Nothing left for anyone to do: no renewal due, no payment to check.
    expect((await admin(t, "GET", "/api/admin/renewals?days=7")).json().items).toEqual([]);
    expect((await admin(t, "GET", "/api/admin/payments/to-check")).json().items).toEqual([]);
  });

  it("a Nepali order's reminder links to the Nepali page of the renewal", async () => {
    const shop = await renewingShop();
    await deliveredLine(shop, { language: "ne" });
    const [due] = (await admin(shop.t, "GET", "/api/admin/renewals?days=7")).json().items;
    expect(due.message).toMatch(/यहाँ नवीकरण गरेर तिर्नुहोस्: https:\/\/shop\.example\/ne\/order\/PSL-\S+&renew=/);
  });
});

describe("a top-up of store credit (issue 46)", () => {
  async function topUpShop() {
    const shop = await renewingShop();
    await deliveredLine(shop);
    const made = await admin(shop.t, "POST", "/api/admin/customers/9800000001/link");
    return { ...shop, key: made.json().link.path.split("/").at(-1) as string };
  }
  const startTopUp = (t: TestApp, key: string, gateway: string, amount: unknown) =>
    t.app.inject({ method: "POST", url: `/api/my/${key}/top-up/${gateway}`, payload: { amount }, remoteAddress: anAddress() });
  const balance = async (t: TestApp) => (await admin(t, "GET", "/api/admin/customers/9800000001/credit")).json();

  it("through Khalti, eSewa and Fonepay: proved by the gateway, each added once to the credit, and back to the customer's page", async () => {
    const { t, key } = await topUpShop();
    const gateways = ["khalti", "esewa", "fonepay"] as const;
    for (const gateway of gateways) {
      const started = await startTopUp(t, key, gateway, 1500);
      expect(started.statusCode, started.body).toBe(200);
      const cookie = started.cookies.find((c) => c.name === "pasal_payment")!;
      const back = await payOn(gateway, started.json().start);
      if (back) {
        const returned = new URL(back);
        const landed = await t.app.inject({
          method: "GET",
          url: returned.pathname + returned.search,
          headers: { cookie: `${cookie.name}=${cookie.value}` },
          remoteAddress: anAddress(),
        });
        expect(landed.headers.location).toBe(`/my/${key}`);
        // Opened again: nothing more.
        await t.app.inject({ method: "GET", url: returned.pathname + returned.search, remoteAddress: anAddress() });
      } else {
        for (let i = 0; i < 2; i++)
          await t.app.inject({ method: "GET", url: `/api/payments/${started.json().start.paymentId}`, remoteAddress: anAddress() });
      }
    }
    const credit = await balance(t);
    expect(credit.balance).toBe(4500);
    expect(credit.movements).toEqual(gateways.map(() => expect.objectContaining({ kind: "top-up", amount: 1500 })));
    const notices = await t.database.db.selectFrom("notices").select("payload").where("kind", "=", "payment-verified").execute();
    expect(notices).toHaveLength(gateways.length);
    expect(notices.map((n) => JSON.parse(n.payload))).toEqual(
      expect.arrayContaining(gateways.map((gateway) => expect.objectContaining({ reference: "Top-up of +9779800000001", gateway, amount: 1500 }))),
    );
  });

  it("outside the seller's limits, or without the customer's link, starts nothing; a forged or replayed return changes nothing", async () => {
    const { t, key } = await topUpShop();
    const small = await startTopUp(t, key, "khalti", 50);
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe("A top-up is from NPR 100 to NPR 20,000");
    expect((await startTopUp(t, key, "khalti", 20_001)).statusCode).toBe(400);
    expect((await startTopUp(t, "x".repeat(24), "khalti", 500)).statusCode).toBe(404);

    const started = (await startTopUp(t, key, "esewa", 500)).json().start;
    await fetch(started.action, { method: "POST", body: new URLSearchParams(started.fields) });
    const forged = new URL((await fakes.pay("esewa", started.fields.transaction_uuid, "forged"))!);
    await t.app.inject({ method: "GET", url: forged.pathname + forged.search, remoteAddress: anAddress() });
    expect((await balance(t)).balance).toBe(0);
    // A real payment's signed return, replayed against this attempt: signed for another one, ignored.
    const replayed = `/api/payments/${started.paymentId}/return?data=${encodeURIComponent(
      fakes.esewaData({
        transaction_code: "000AAA",
        status: "COMPLETE",
        total_amount: "500.0",
        transaction_uuid: "PSL-OTHER-abc",
        product_code: "EPAYTEST",
      }),
    )}`;
    await t.app.inject({ method: "GET", url: replayed, remoteAddress: anAddress() });
    expect((await balance(t)).balance).toBe(0);
    expect(await t.database.db.selectFrom("balance_movements").select("id").execute()).toEqual([]);
  });
});

describe("refunds and the books (issue 46)", () => {
  it("a line's days left, refunded on Khalti through its refund endpoint, or to store credit; once; the line ends and frees its seat", async () => {
    const shop = await renewingShop();
    const { t } = shop;
    // Sita's Netflix, paid with Khalti and delivered on a seat; 10 days into it.
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: shop.netflix, months: 1, devices: 1 }], channel: "whatsapp", name: "Sita", phone: "9800000001" },
      remoteAddress: anAddress(),
    });
    const reference = placed.json().reference as string;
    const key = new URL(placed.json().orderUrl).searchParams.get("key")!;
    const started = await t.app.inject({ method: "POST", url: `/api/orders/${reference}/pay/khalti`, payload: { key }, remoteAddress: anAddress() });
    await payOn("khalti", started.json().start);
    await t.app.inject({ method: "GET", url: `/api/payments/${started.json().start.paymentId}`, remoteAddress: anAddress() });
    const order = (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order;
    expect(order.status).toBe("delivered");
    const line = order.lines[0];
    shop.advanceDays(10);

    const preview = (await admin(t, "GET", `/api/admin/orders/${reference}/lines/${line.id}/refund`)).json();
    const days = Math.round((Date.parse(line.expiryDate) - Date.parse(line.startDate)) / 86_400_000);
    const expected = Math.floor((line.lineTotal * (days - 11)) / days);
    expect(preview).toMatchObject({ amount: expected, daysLeft: days - 11, days, destinations: ["credit", "khalti"] });

    const refunded = await admin(t, "POST", `/api/admin/orders/${reference}/lines/${line.id}/refund`, { to: "khalti" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().message).toBe(`NPR ${expected} refunded on Khalti; the line has ended`);
    expect(fakes.khaltiRefunds.at(-1)).toMatchObject({ amount: expected * 100 });
    // Once: a second refund, to either place, is refused and gives nothing.
    expect((await admin(t, "POST", `/api/admin/orders/${reference}/lines/${line.id}/refund`, { to: "credit" })).statusCode).toBe(409);
    const after = (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order.lines[0];
    expect(after).toMatchObject({ refunded: true });
    const seat = await t.database.db.selectFrom("seat_assignments").select(["end_reason"]).where("line_id", "=", line.id).executeTakeFirst();
    expect(seat?.end_reason).toBe("refunded");
    // Not due for renewal, not renewable from its page.
    expect((await admin(t, "GET", "/api/admin/renewals?days=60")).json().items).toEqual([]);
    const page = (await t.app.inject({ method: "GET", url: `/api/orders/${reference}?key=${key}`, remoteAddress: anAddress() })).json();
    expect(page.lines[0].renewal).toBeNull();
    expectValidationError(await admin(t, "POST", `/api/admin/orders/${reference}/lines/${line.id}/refund`, { to: "bank" }), "to", "store credit");
  });

  it("a month with a top-up, a renewal from credit, a partial refund to credit and a referral credit matches the hand calculation", async () => {
    const shop = await renewingShop();
    const { t } = shop;
    // Sita: a month of Netflix (NPR 300 at the seed's price) delivered by hand; her link; NPR 100 referral credit from a friend.
    const old = await deliveredLine(shop);
    const link = (await admin(t, "POST", "/api/admin/customers/9800000001/link")).json().link.path.split("/").at(-1) as string;
    const code = (await t.app.inject({ method: "GET", url: `/api/my/${link}`, remoteAddress: anAddress() })).json().referral.code;
    const friend = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: shop.netflix, months: 1, devices: 1 }], channel: "whatsapp", name: "Ram", phone: "9800000002", referral: code },
      remoteAddress: anAddress(),
    });
    await admin(t, "POST", `/api/admin/orders/${friend.json().reference}/status`, { status: "paid" });
    // A top-up of NPR 500 with Khalti.
    const topUp = await t.app.inject({ method: "POST", url: `/api/my/${link}/top-up/khalti`, payload: { amount: 500 }, remoteAddress: anAddress() });
    await payOn("khalti", topUp.json().start);
    await t.app.inject({ method: "GET", url: `/api/payments/${topUp.json().start.paymentId}`, remoteAddress: anAddress() });
    // Renewed automatically from credit (600 covers 300), then the renewal refunded in part to credit before it starts.
    await t.app.inject({ method: "POST", url: `/api/my/${link}/lines/${old.id}/auto-renew`, payload: { on: true }, remoteAddress: anAddress() });
    const { renewed } = await t.app.services.storeCredit.autoRenewDue();
    expect(renewed).toHaveLength(1);
    const renewal = (await admin(t, "GET", `/api/admin/orders/${renewed[0]}`)).json().order;
    const refund = await admin(t, "POST", `/api/admin/orders/${renewed[0]}/lines/${renewal.lines[0].id}/refund`, { to: "credit" });
    expect(refund.statusCode, refund.body).toBe(200);
    const refunded = refund.json().amount as number;

    // By hand, for the month the clock is in now:
    //   revenue: the friend's order 300 + the renewal 300 paid from credit (Sita's first order was paid 28 days ago,
    //   in this month or the one before: counted where it falls) ; refunds: the renewal's untouched days, all of it;
    //   credit given: the referral 100; top-ups: 500; owed: 100 + 500 − 300 + refund.
    const today = shopToday(shop.clock());
    const firstPaidMonth = old.startDate.slice(0, 7);
    const months = (await admin(t, "GET", "/api/admin/reports/money")).json().months as Array<Record<string, number | string>>;
    const now = months.find((m) => m.month === today.slice(0, 7))!;
    expect(refunded).toBe(300);
    expect(now).toMatchObject({
      revenue: 300 + 300 + (firstPaidMonth === today.slice(0, 7) ? 300 : 0),
      refunds: 300,
      creditGiven: 100,
      topUps: 500,
    });
    expect(now.margin).toBe((now.revenue as number) - 300 - (now.cost as number));
    // By service, the refund is a row of its own, so the rows add up to the month; the orders' CSV says what credit
    // paid of the renewal and what its line was refunded.
    const services = (await admin(t, "GET", `/api/admin/reports/services?month=${today.slice(0, 7)}`)).json().services;
    expect(services.at(-1)).toEqual({ service: "Refunds", revenue: -300, cost: 0, margin: -300 });
    const csv = (await admin(t, "GET", `/api/admin/reports/orders.csv`)).body.split("\r\n");
    const header = csv[0]!.split(",");
    const renewalRow = csv.find((row) => row.startsWith(`"${renewed[0]}"`))!.split(",");
    expect(renewalRow[header.indexOf("paid_from_credit_npr")]).toBe("300");
    expect(renewalRow[header.indexOf("line_refunded_npr")]).toBe("300");
    const dashboard = (await admin(t, "GET", "/api/admin/reports/dashboard")).json();
    expect(dashboard.figures.creditOwed).toBe(100 + 500 - 300 + 300);
    const statement = await admin(t, "GET", "/api/admin/customers/9800000001/credit");
    expect(statement.json().balance, statement.body).toBe(600);
  });
});
