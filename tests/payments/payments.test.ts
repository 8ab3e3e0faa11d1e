import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { HUGE_BYTES } from "../fakes/flood";
import { FAKE_CREDENTIALS, startFakeGateways, type FakeGateways } from "../fakes/gateways";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";

let fakes: FakeGateways;
beforeAll(async () => {
  fakes = await startFakeGateways();
});
afterAll(async () => {
  await fakes.close();
});

let nextAddress = 1;
const anAddress = () => `198.51.100.${nextAddress++ % 250}`;

async function admin(t: TestApp, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

async function shop(env: Record<string, string> = {}, logStream?: { write: (line: string) => void }) {
  const t = await createTestApp({ seed: true, env: { ...fakes.env, PUBLIC_URL: "https://shop.example", ...env }, logStream });
  const c = FAKE_CREDENTIALS;
  for (const [gateway, body] of [
    ["khalti", { enabled: true, merchantCode: "", username: "", secret: c.khalti.secret }],
    ["esewa", { enabled: true, merchantCode: c.esewa.productCode, username: "", secret: c.esewa.secret }],
    [
      "fonepay",
      { enabled: true, merchantCode: c.fonepay.merchantCode, username: c.fonepay.username, secret: c.fonepay.secret, password: c.fonepay.password },
    ],
  ] as const) {
    const saved = await admin(t, "PUT", `/api/admin/payment-gateways/${gateway}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return t;
}

async function placeOrder(t: TestApp, { months = 1, devices = 1 } = {}) {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  const netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
  const response = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: netflix, months, devices }], channel: "whatsapp", name: "Sita", phone: "9800000001" },
    remoteAddress: anAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  const key = new URL(body.orderUrl, "http://x").searchParams.get("key")!;
  return { reference: body.reference as string, total: body.total as number, key, orderUrl: body.orderUrl as string };
}

async function start(t: TestApp, order: { reference: string; key: string }, gateway: string) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/orders/${order.reference}/pay/${gateway}`,
    payload: { key: order.key },
    remoteAddress: anAddress(),
  });
  return response;
}

async function started(t: TestApp, order: { reference: string; key: string }, gateway: string) {
  const response = await start(t, order, gateway);
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === "pasal_payment")!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe("Lax");
  return { ...response.json().start, cookie: `${cookie.name}=${cookie.value}` };
}

/** Follows the gateway's redirect back into our server, as the shopper's browser would. */
async function comeBack(t: TestApp, location: string, cookie?: string) {
  const url = new URL(location);
  const response = await t.app.inject({
    method: "GET",
    url: url.pathname + url.search,
    headers: cookie ? { cookie } : {},
    remoteAddress: anAddress(),
  });
  expect(response.statusCode, response.body).toBe(303);
  return response.headers.location as string;
}

const adminOrder = async (t: TestApp, reference: string) => (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order;
const toCheck = async (t: TestApp) => (await admin(t, "GET", "/api/admin/payments/to-check")).json().items;

describe("Khalti", () => {
  it("a completed payment, looked up, marks the order paid via Khalti with its transaction id, once", async () => {
    const t = await shop();
    const order = await placeOrder(t);
    const s = await started(t, order, "khalti");
    expect(s.kind).toBe("redirect");
    expect(s.url).toContain(`${fakes.url}/khalti/pay?pidx=`);
    const pidx = new URL(s.url).searchParams.get("pidx")!;
    const back = (await fakes.pay("khalti", pidx, "completed"))!;
    // The return names our payment attempt, never the order key.
    expect(back).toContain(`https://shop.example/api/payments/${s.paymentId}/return?`);
    expect(back).not.toContain(order.key);

    expect(await comeBack(t, back, s.cookie)).toBe(new URL(order.orderUrl).pathname + new URL(order.orderUrl).search);
    const paid = await adminOrder(t, order.reference);
    expect(paid.status).toBe("paid");
    expect(paid.paidVia).toMatchObject({ gateway: "khalti", amount: order.total });
    expect(paid.paidVia.transactionId).toBeTruthy();
    const version = paid.version;

    // Opened twice, checked again: nothing more happens.
    expect(await comeBack(t, back)).toBe(`/payment/${s.paymentId}`);
    expect((await t.app.inject({ method: "GET", url: `/api/payments/${s.paymentId}` })).json().payment.status).toBe("paid");
    expect((await adminOrder(t, order.reference)).version).toBe(version);
    const shopper = (await t.app.inject({ method: "GET", url: `/api/orders/${order.reference}?key=${order.key}` })).json();
    expect(shopper.paidVia.gateway).toBe("khalti");
    expect(await toCheck(t)).toEqual([]);
  });

  it("a payment start tells Khalti the order and its amount, and nothing of the shopper", async () => {
    const t = await shop();
    const order = await placeOrder(t);
    await started(t, order, "khalti");
    const sent = fakes.khaltiStarts.at(-1)!;
    expect(Object.keys(sent).sort()).toEqual(["amount", "purchase_order_id", "purchase_order_name", "return_url", "website_url"]);
    expect(sent).toMatchObject({ amount: order.total * 100, purchase_order_id: order.reference });
    expect(JSON.stringify(sent)).not.toMatch(/Sita|9800000001/);
  });

  it("an order a coupon made free offers no gateway and starts no payment", async () => {
    const t = await shop();
    expect((await admin(t, "POST", "/api/admin/coupons", { code: "FREE100", kind: "percent", amount: 100 })).statusCode).toBe(201);
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    const netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp", phone: "9800000002", coupon: "FREE100" },
      remoteAddress: anAddress(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect(order.total).toBe(0);
    const key = new URL(order.orderUrl, "http://x").searchParams.get("key")!;
    const calls = fakes.calls.length;
    for (const gateway of ["khalti", "esewa", "fonepay"] as const) {
      const response = await start(t, { reference: order.reference, key }, gateway);
      expect(response.statusCode, gateway).toBe(409);
      expect(response.json().message).toBe("This order has nothing to pay: its coupon or credit covers it all");
    }
    expect(fakes.calls.length).toBe(calls);
  });

  it("a Completed query string with a Pending lookup changes nothing", async () => {
    const t = await shop();
    const order = await placeOrder(t);
    const s = await started(t, order, "khalti");
    const back = (await fakes.pay("khalti", new URL(s.url).searchParams.get("pidx")!, "pending"))!;
    expect(new URL(back).searchParams.get("status")).toBe("Completed");
    await comeBack(t, back, s.cookie);
    expect((await adminOrder(t, order.reference)).status).toBe("new");
    expect((await t.app.inject({ method: "GET", url: `/api/payments/${s.paymentId}` })).json().payment.status).toBe("pending");
  });

  it("Rs. 1 less than the total marks nothing paid and goes to the payments to check", async () => {
    const t = await shop();
    // NPR 1,760: both amounts are written as every amount is, with the thousands' comma.
    const order = await placeOrder(t, { months: 3, devices: 2 });
    const s = await started(t, order, "khalti");
    await comeBack(t, (await fakes.pay("khalti", new URL(s.url).searchParams.get("pidx")!, "less"))!, s.cookie);
    expect((await adminOrder(t, order.reference)).status).toBe("new");
    const [check] = await toCheck(t);
    expect(check).toMatchObject({ gateway: "khalti", reference: order.reference, status: "check" });
    expect(check.detail).toContain("Khalti says NPR 1,759 was paid; the order is NPR 1,760");
    expect((await admin(t, "POST", `/api/admin/payments/${check._id}/resolve`)).statusCode).toBe(200);
    expect(await toCheck(t)).toEqual([]);
  });

  it("Rs. 1 more than the total marks the order paid and makes the rest the customer's store credit, once", async () => {
    const t = await shop();
    const order = await placeOrder(t, { months: 3, devices: 2 });
    const s = await started(t, order, "khalti");
    const back = (await fakes.pay("khalti", new URL(s.url).searchParams.get("pidx")!, "more"))!;
    await comeBack(t, back, s.cookie);
    await comeBack(t, back, s.cookie);
    expect((await adminOrder(t, order.reference)).status).toMatch(/^(paid|delivered)$/);
    expect(await toCheck(t)).toEqual([]);
    const credit = (await admin(t, "GET", "/api/admin/customers/9800000001/credit")).json();
    expect(credit.balance).toBe(1);
    expect(credit.movements).toMatchObject([{ kind: "overpayment", amount: 1, balanceAfter: 1 }]);
    expect((await t.app.inject({ method: "GET", url: `/api/payments/${s.paymentId}` })).json().payment.status).toBe("paid");
  });

  it("a cancelled or expired payment is shown as such", async () => {
    const t = await shop();
    for (const outcome of ["canceled", "expired"] as const) {
      const order = await placeOrder(t);
      const s = await started(t, order, "khalti");
      await comeBack(t, (await fakes.pay("khalti", new URL(s.url).searchParams.get("pidx")!, outcome))!, s.cookie);
      expect((await t.app.inject({ method: "GET", url: `/api/payments/${s.paymentId}` })).json().payment.status).toBe(outcome);
      expect((await adminOrder(t, order.reference)).status).toBe("new");
    }
  });

  it("a callback after the seller marked the order paid notes the proof without a second transition", async () => {
    const t = await shop();
    const order = await placeOrder(t);
    const s = await started(t, order, "khalti");
    const back = (await fakes.pay("khalti", new URL(s.url).searchParams.get("pidx")!, "completed"))!;
    expect((await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "paid" })).statusCode).toBe(200);
    const before = await adminOrder(t, order.reference);
    await comeBack(t, back, s.cookie);
    const after = await adminOrder(t, order.reference);
    expect(after.status).toBe("paid");
    expect(after.paidVia.gateway).toBe("khalti");
    expect(after.version).toBe(before.version + 1);
  });

  it("checks of one payment at once, and a second payment of the same order, record one paid transition", async () => {
    const t = await shop();
    const order = await placeOrder(t);
    const first = await started(t, order, "khalti");
    const second = await started(t, order, "khalti");
    const firstBack = (await fakes.pay("khalti", new URL(first.url).searchParams.get("pidx")!, "completed"))!;
    const secondBack = (await fakes.pay("khalti", new URL(second.url).searchParams.get("pidx")!, "completed"))!;
    await Promise.all([comeBack(t, firstBack), comeBack(t, firstBack), t.app.inject({ method: "GET", url: `/api/payments/${first.paymentId}` })]);
    await comeBack(t, secondBack);
    const rows = await t.database.db.selectFrom("payments").select(["id", "status"]).execute();
    expect(rows.filter((r) => r.status === "paid")).toHaveLength(1);
    const checks = await toCheck(t);
    expect(checks).toHaveLength(1);
    expect(checks[0].detail).toContain("second payment");
    expect((await adminOrder(t, order.reference)).status).toBe("paid");
  });

  it("two instances on one database, each with its own connections, checking the same payment at once: one transition", async () => {
    const t = await shop();
    const config = loadConfig({
      DATABASE_URL: t.databaseUrl,
      MEDIA_DIR: t.mediaDir,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "https://shop.example",
      ...fakes.env,
    });
    const database = openDatabase(config.database);
    const other = await buildApp({ config, database });
    try {
      const order = await placeOrder(t);
      const s = await started(t, order, "khalti");
      const back = new URL((await fakes.pay("khalti", new URL(s.url).searchParams.get("pidx")!, "completed"))!);
      const path = back.pathname + back.search;
      const answers = await Promise.all([
        t.app.inject({ method: "GET", url: path }),
        other.inject({ method: "GET", url: path }),
        t.app.inject({ method: "GET", url: `/api/payments/${s.paymentId}` }),
        other.inject({ method: "GET", url: `/api/payments/${s.paymentId}` }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([303, 303, 200, 200]);
      const rows = await t.database.db.selectFrom("payments").select("status").execute();
      expect(rows).toEqual([{ status: "paid" }]);
      const paid = await adminOrder(t, order.reference);
      expect(paid.status).toBe("paid");
      // Placed (1), paid (2): one transition, whoever won.
      expect(paid.version).toBe(2);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it("a gateway that is slow or failing decides nothing; a start that fails says so", async () => {
    const t = await shop({ GATEWAY_TIMEOUT_MS: "500" });
    const order = await placeOrder(t);
    const s = await started(t, order, "khalti");
    await fakes.pay("khalti", new URL(s.url).searchParams.get("pidx")!, "completed");
    fakes.control({ fail: true });
    try {
      await comeBack(t, `https://shop.example/api/payments/${s.paymentId}/return`, s.cookie);
      expect((await adminOrder(t, order.reference)).status).toBe("new");
      expect((await start(t, order, "khalti")).statusCode).toBe(502);
      fakes.control({ fail: false, delayMs: 1500 });
      await comeBack(t, `https://shop.example/api/payments/${s.paymentId}/return`, s.cookie);
      expect((await adminOrder(t, order.reference)).status).toBe("new");
    } finally {
      fakes.control({ fail: false, delayMs: 0 });
    }
    // Retried once the gateway answers again.
    await comeBack(t, `https://shop.example/api/payments/${s.paymentId}/return`, s.cookie);
    expect((await adminOrder(t, order.reference)).status).toBe("paid");
  });
});

describe("answers too large or too slow", () => {
  it("from Khalti's lookup, eSewa's status or Fonepay's status: read no further than the cap, nothing decided, a warning", async () => {
    const warnings: string[] = [];
    const t = await shop({ GATEWAY_TIMEOUT_MS: "1500", LOG_LEVEL: "warn" }, { write: (line) => void warnings.push(JSON.parse(line).msg) });
    const order = await placeOrder(t);
    const khalti = await started(t, order, "khalti");
    await fakes.pay("khalti", new URL(khalti.url).searchParams.get("pidx")!, "completed");
    const esewa = await started(t, order, "esewa");
    await fetch(esewa.action, { method: "POST", body: new URLSearchParams(esewa.fields) });
    await fakes.pay("esewa", esewa.fields.transaction_uuid, "completed");
    const fonepay = await started(t, order, "fonepay");
    await fakes.pay("fonepay", fonepay.qr.split("|")[1], "completed");
    const check = async (paymentId: string) =>
      (await t.app.inject({ method: "GET", url: `/api/payments/${paymentId}`, remoteAddress: anAddress() })).json().payment.status;

    try {
      for (const [gateway, paymentId] of [
        ["khalti", khalti.paymentId],
        ["esewa", esewa.paymentId],
        ["fonepay", fonepay.paymentId],
      ]) {
        for (const flood of ["huge", "endless"] as const) {
          fakes.control({ flood });
          const began = Date.now();
          expect(await check(paymentId), `${gateway} ${flood}`).not.toBe("paid");
          const took = Date.now() - began;
          const record = fakes.floods.at(-1)!;
          // The client hung up: a huge body after its first few hundred KB (what the sockets' buffers held
          // besides), an endless one at the time limit.
          await expect.poll(() => record.hungUp, { message: `${gateway} ${flood}: ${JSON.stringify(record)}` }).toBe(true);
          if (flood === "huge") {
            expect(record.sent, gateway).toBeLessThan(HUGE_BYTES / 5);
            expect(took, gateway).toBeLessThan(1500);
          } else expect(took, gateway).toBeLessThan(5000);
          expect((await adminOrder(t, order.reference)).status).toBe("new");
        }
      }
    } finally {
      fakes.control({ flood: null });
    }
    expect(warnings.filter((msg) => /^payment check: .* sent more than 256 KB/.test(msg))).toHaveLength(3);
    expect(warnings.filter((msg) => /^payment check: no answer from .*: timed out/.test(msg))).toHaveLength(3);

    // Nothing was half-written: once the gateway answers as it should, the payment it proves counts, once.
    expect(await check(khalti.paymentId)).toBe("paid");
    expect((await adminOrder(t, order.reference)).paidVia).toMatchObject({ gateway: "khalti", amount: order.total });
  });

  it("to a start: a clear 502, the attempt marked not started, a warning without a stack trace", async () => {
    const lines: Array<{ level: number; msg: string; err?: unknown }> = [];
    const t = await shop({ GATEWAY_TIMEOUT_MS: "1500", LOG_LEVEL: "warn" }, { write: (line) => void lines.push(JSON.parse(line)) });
    const order = await placeOrder(t);
    fakes.control({ flood: "huge" });
    try {
      const response = await start(t, order, "khalti");
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe("Khalti did not answer. Try again in a minute, or pay another way below.");
    } finally {
      fakes.control({ flood: null });
    }
    // pino's levels: 40 a warning, 50 an error.
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.filter((line) => line.level === 40 && /^payment start: .* sent more than 256 KB/.test(line.msg))).toHaveLength(1);
    expect(lines.some((line) => line.err !== undefined)).toBe(false);
    expect(fakes.floods.at(-1)!.sent).toBeLessThan(HUGE_BYTES / 5);
    const payment = await t.database.db.selectFrom("payments").select(["status", "gateway_ref"]).executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: "failed", gateway_ref: null });
  });
});

describe("eSewa", () => {
  it("posts a signed form; a signed return confirmed by the status check marks the order paid", async () => {
    const t = await shop();
    const order = await placeOrder(t);
    const s = await started(t, order, "esewa");
    expect(s.kind).toBe("form");
    expect(s.action).toBe(fakes.env.ESEWA_FORM_URL);
    expect(s.fields).toMatchObject({
      total_amount: String(order.total),
      product_code: "EPAYTEST",
      signed_field_names: "total_amount,transaction_uuid,product_code",
    });
    const posted = await fetch(s.action, { method: "POST", body: new URLSearchParams(s.fields) });
    expect(posted.status).toBe(200);
    const back = (await fakes.pay("esewa", s.fields.transaction_uuid, "completed"))!;
    expect(await comeBack(t, back, s.cookie)).toContain(`/order/${order.reference}?key=`);
    expect((await adminOrder(t, order.reference)).paidVia).toMatchObject({ gateway: "esewa", amount: order.total });
  });

  it("a forged return and a replayed one change nothing, and are not even checked", async () => {
    const t = await shop();
    const order = await placeOrder(t);
    const s = await started(t, order, "esewa");
    await fetch(s.action, { method: "POST", body: new URLSearchParams(s.fields) });
    const forged = (await fakes.pay("esewa", s.fields.transaction_uuid, "forged"))!;
    const calls = fakes.calls.length;
    await comeBack(t, forged, s.cookie);
    // Signed properly, but for another payment: replayed.
    const replayed = `https://shop.example/api/payments/${s.paymentId}/return?data=${encodeURIComponent(
      fakes.esewaData({
        transaction_code: "000AAA",
        status: "COMPLETE",
        total_amount: `${order.total}.0`,
        transaction_uuid: "PSL-OTHER-1",
        product_code: "EPAYTEST",
      }),
    )}`;
    await comeBack(t, replayed, s.cookie);
    expect(fakes.calls.length).toBe(calls);
    expect((await adminOrder(t, order.reference)).status).toBe("new");
  });

  it("Rs. 1 less goes to the payments to check; a failure return is checked and marks nothing", async () => {
    const t = await shop();
    const order = await placeOrder(t);
    const s = await started(t, order, "esewa");
    await fetch(s.action, { method: "POST", body: new URLSearchParams(s.fields) });
    await comeBack(t, (await fakes.pay("esewa", s.fields.transaction_uuid, "less"))!, s.cookie);
    expect((await adminOrder(t, order.reference)).status).toBe("new");
    expect((await toCheck(t))[0].reference).toBe(order.reference);

    const other = await placeOrder(t);
    const s2 = await started(t, other, "esewa");
    await fetch(s2.action, { method: "POST", body: new URLSearchParams(s2.fields) });
    await comeBack(t, (await fakes.pay("esewa", s2.fields.transaction_uuid, "canceled"))!, s2.cookie);
    expect((await t.app.inject({ method: "GET", url: `/api/payments/${s2.paymentId}` })).json().payment.status).toBe("canceled");
  });
});

describe("Fonepay", () => {
  it("shows a QR for the exact amount; polling the status marks the order paid once paid", async () => {
    const t = await shop();
    const order = await placeOrder(t);
    const s = await started(t, order, "fonepay");
    expect(s.kind).toBe("qr");
    const [, prn, amount] = s.qr.split("|");
    expect(amount).toBe(String(order.total));
    const poll = async () => (await t.app.inject({ method: "GET", url: `/api/payments/${s.paymentId}` })).json().payment.status;
    expect(await poll()).toBe("pending");
    await fetch(`${fakes.url}/fonepay/pay`, { method: "POST", body: new URLSearchParams({ prn, outcome: "completed" }) });
    expect(await poll()).toBe("paid");
    expect((await adminOrder(t, order.reference)).paidVia).toMatchObject({ gateway: "fonepay", amount: order.total });
  });

  it("each QR has its own PRN; Rs. 1 less goes to the payments to check", async () => {
    const t = await shop();
    const order = await placeOrder(t);
    const a = await started(t, order, "fonepay");
    const b = await started(t, order, "fonepay");
    const prn = b.qr.split("|")[1];
    expect(prn).not.toBe(a.qr.split("|")[1]);
    await fakes.pay("fonepay", prn, "less");
    expect((await t.app.inject({ method: "GET", url: `/api/payments/${b.paymentId}` })).json().payment.status).toBe("check");
    expect((await adminOrder(t, order.reference)).status).toBe("new");
  });
});

describe("settings and the order", () => {
  it("secrets are write-only, revealed only by a logged Reveal, and never in an answer", async () => {
    const t = await shop();
    const list = await admin(t, "GET", "/api/admin/payment-gateways");
    expect(list.body).not.toContain(FAKE_CREDENTIALS.khalti.secret);
    expect(list.body).not.toContain(FAKE_CREDENTIALS.fonepay.password);
    expect(list.json().items.find((g: { gateway: string }) => g.gateway === "fonepay")).toMatchObject({
      enabled: true,
      hasSecret: true,
      hasPassword: true,
    });
    const stored = await t.database.db
      .selectFrom("payment_gateways")
      .select("secret_sealed")
      .where("gateway", "=", "khalti")
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(FAKE_CREDENTIALS.khalti.secret);

    // Saving without the secret keeps it.
    expect((await admin(t, "PUT", "/api/admin/payment-gateways/khalti", { enabled: true, merchantCode: "", username: "" })).statusCode).toBe(200);
    const revealed = await admin(t, "POST", "/api/admin/payment-gateways/khalti/reveal", { what: "secret" });
    expect(revealed.json().value).toBe(FAKE_CREDENTIALS.khalti.secret);
    const after = (await admin(t, "GET", "/api/admin/payment-gateways")).json().items.find((g: { gateway: string }) => g.gateway === "khalti");
    expect(after.reveals).toEqual([expect.objectContaining({ what: "secret key" })]);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/payment-gateways" })).statusCode).toBe(401);
  });

  it("a gateway is turned on only with what it needs; a gateway that is off cannot be started", async () => {
    const t = await createTestApp({ seed: true, env: fakes.env });
    expectValidationError(await admin(t, "PUT", "/api/admin/payment-gateways/esewa", { enabled: true, merchantCode: "", username: "" }), "secret");
    const order = await placeOrder(t);
    expect((await start(t, order, "khalti")).statusCode).toBe(409);
    // A wrong key is the same 404 as ever.
    expect((await start(t, { ...order, key: "x".repeat(24) }, "khalti")).statusCode).toBe(404);
  });

  it("a paid or cancelled order cannot be paid again, and the manual claim still works", async () => {
    const t = await shop();
    const order = await placeOrder(t);
    const claim = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order.reference}/paid`,
      payload: { key: order.key },
      remoteAddress: anAddress(),
    });
    expect(claim.statusCode).toBe(200);
    await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "cancelled" });
    expect((await start(t, order, "esewa")).statusCode).toBe(409);
  });
});
