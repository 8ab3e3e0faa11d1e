import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { addDays, shopToday } from "../../domain/ledger/settings";
import { buildApp, type App } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { testDialect } from "../helpers/database";
import { startFakeTelegram, type FakeMessage, type FakeTelegram, type FakeUser } from "../fakes/telegram";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";

/*
 * Shoppers who ask for updates on Telegram (ADR 0107): the order page's deep link, /start, the later
 * orders, the notices (paid, delivered, renewal reminders, a password changed), Stop, a blocked bot, the bot down.
 */

let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startFakeTelegram();
});
afterAll(async () => {
  await telegram.close();
});

let nextUser = 1;
const aShopper = (language_code = "en"): FakeUser => ({ id: 6660000 + nextUser++, first_name: "Gita", username: "gita", language_code });

const FAST = { NOTICES_TICK_MS: "50", NOTICES_SCAN_MS: "200", NOTICES_RETRY_MS: "50", TELEGRAM_POLL_SECONDS: "1", PUBLIC_URL: "http://shop.test" };

let nextAddress = 1;
const anAddress = () => `198.52.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

async function admin(t: TestApp, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

/** A shop whose seller connected a bot (no admin chat: the shopper's chat is the one watched). */
async function botShop(env: Record<string, string> = {}) {
  const t = await createTestApp({ seed: true, env: { ...telegram.env, ...FAST, ...env } });
  const token = telegram.createBot(`shop_${nextAddress++}_bot`);
  const saved = await admin(t, "PUT", "/api/admin/telegram/token", { token });
  expect(saved.statusCode, saved.body).toBe(200);
  t.app.worker.start();
  return { t, token };
}

async function place(t: TestApp, options: { phone?: string; language?: "en" | "ne" } = {}) {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  const _id = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: {
      items: [{ _id, months: 1, devices: 1 }],
      channel: "telegram",
      name: "Gita",
      phone: options.phone ?? "9800000042",
      language: options.language ?? "en",
    },
    remoteAddress: anAddress(),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const body = placed.json();
  const url = new URL(body.orderUrl, "http://x");
  return { reference: body.reference as string, key: url.searchParams.get("key")!, path: `${url.pathname}${url.search}` };
}

const askLink = (t: TestApp, order: { reference: string; key: string }) =>
  t.app.inject({ method: "POST", url: `/api/orders/${order.reference}/telegram`, payload: { key: order.key }, remoteAddress: anAddress() });

/** The deep link's token, asked for as the order page does. */
async function startToken(t: TestApp, order: { reference: string; key: string }) {
  const answer = await askLink(t, order);
  expect(answer.statusCode, answer.body).toBe(200);
  return new URL(answer.json().link).searchParams.get("start")!;
}

const chat = (token: string, user: FakeUser) => telegram.messages(token, user.id);

async function messageWith(token: string, user: FakeUser, words: string | RegExp): Promise<FakeMessage> {
  const matches = (m: FakeMessage) => (typeof words === "string" ? m.text.includes(words) : words.test(m.text));
  await expect.poll(() => chat(token, user).some(matches), { timeout: 10_000 }).toBe(true);
  return chat(token, user).find(matches)!;
}

async function press(token: string, user: FakeUser, message: FakeMessage, data: string) {
  const id = telegram.press(token, user, user.id, message.message_id, data);
  await expect.poll(() => telegram.answers.some((a) => a.id === id), { timeout: 10_000 }).toBe(true);
  return telegram.answers.find((a) => a.id === id)!;
}

const buttonsOf = (message: FakeMessage) => (message.reply_markup?.inline_keyboard ?? []).flat();
const setStatus = (t: TestApp, reference: string, status: string) => admin(t, "POST", `/api/admin/orders/${reference}/status`, { status });
const orderOf = async (t: TestApp, reference: string) => (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order;

/** The shopper opens the deep link in Telegram: /start with its token; waits for the bot's answer. */
async function follow(t: TestApp, token: string, user: FakeUser, order: { reference: string; key: string }) {
  telegram.say(token, user, `/start ${await startToken(t, order)}`);
  return messageWith(token, user, `order ${order.reference}`);
}

describe("the order page's deep link", () => {
  it("is offered only with a bot; one use, the order's key checked; /start ties the chat as a shopper's, nothing else kept", async () => {
    const t = await createTestApp({ seed: true, env: { ...telegram.env, ...FAST } });
    const order = await place(t);
    // No bot: nothing to offer.
    expect((await askLink(t, order)).statusCode).toBe(409);
    const token = telegram.createBot(`shop_${nextAddress++}_bot`);
    expect((await admin(t, "PUT", "/api/admin/telegram/token", { token })).statusCode).toBe(200);
    t.app.worker.start();

    expect((await askLink(t, { ...order, key: "A".repeat(24) })).statusCode).toBe(404);
    expectValidationError(
      await t.app.inject({ method: "POST", url: `/api/orders/${order.reference}/telegram`, payload: {}, remoteAddress: anAddress() }),
      "key",
    );
    const answer = await askLink(t, order);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const { link, expiresAt } = answer.json();
    const botName = (await admin(t, "GET", "/api/admin/telegram")).json().settings.bot.username;
    expect(link).toMatch(new RegExp(`^https://t\\.me/${botName}\\?start=[A-Za-z0-9_-]{24}$`));
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(25 * 60_000);
    const started = new URL(link).searchParams.get("start")!;
    // Only the token's hash is stored.
    const stored = await t.database.db.selectFrom("telegram_links").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(started);

    const shopper = aShopper();
    telegram.say(token, shopper, `/start ${started}`);
    const welcome = await messageWith(token, shopper, `You will get updates about order ${order.reference} here`);
    // That order alone: no "my later orders too" under an order's link (ADR 0116).
    expect(buttonsOf(welcome).map((b) => b.text)).toEqual(["Stop updates"]);
    const chats = await t.database.db.selectFrom("telegram_chats").selectAll().execute();
    expect(chats).toEqual([expect.objectContaining({ chat_id: String(shopper.id), role: "shopper", admin_id: null, user_id: "", title: "" })]);
    // A shopper's chat is not an admin's: not on Settings → Notifications.
    expect((await admin(t, "GET", "/api/admin/telegram")).json().settings.chats).toEqual([]);
    // The admin sees that this order's shopper gets updates.
    expect((await orderOf(t, order.reference)).telegramUpdates).toBe(true);

    // The same token again, from another chat: used.
    const other = aShopper();
    telegram.say(token, other, `/start ${started}`);
    await messageWith(token, other, "This link has been used or has expired");
    // A forged one: the same answer.
    telegram.say(token, other, `/start ${"x".repeat(24)}`);
    await expect.poll(() => chat(token, other).filter((m) => m.text.includes("has been used or has expired")).length).toBe(2);
    expect(await t.database.db.selectFrom("telegram_chats").select("chat_id").execute()).toHaveLength(1);
  });

  it("an admin's chat never takes the shopper's role", async () => {
    const { t, token } = await botShop();
    const seller: FakeUser = { id: 5551234, first_name: "Sita", language_code: "en" };
    const { code } = (await admin(t, "POST", "/api/admin/telegram/connect")).json();
    telegram.say(token, seller, `/start ${code}`);
    await messageWith(token, seller, "Connected.");
    const order = await place(t);
    telegram.say(token, seller, `/start ${await startToken(t, order)}`);
    await messageWith(token, seller, "This chat gets the seller's notices");
    expect(await t.database.db.selectFrom("telegram_chats").select("role").execute()).toEqual([{ role: "admin" }]);
  });
});

describe("the shopper's notices", () => {
  it("payment confirmed and delivered, with the order's link and never a credential; other orders of the same phone never", async () => {
    const { t, token } = await botShop();
    const shopper = aShopper();
    const order = await place(t);
    await follow(t, token, shopper, order);

    expect((await setStatus(t, order.reference, "paid")).statusCode).toBe(200);
    const paid = await messageWith(token, shopper, `Your payment for order <b>${order.reference}</b> is confirmed`);
    expect(paid.text).toContain(`<a href="http://shop.test${order.path.replace(/&/g, "&amp;")}">Open your order</a>`);
    expect(buttonsOf(paid)).toEqual([{ text: "Stop updates", callback_data: "stop" }]);
    expect((await setStatus(t, order.reference, "delivered")).statusCode).toBe(200);
    const delivered = await messageWith(token, shopper, `Order <b>${order.reference}</b> is delivered`);
    expect(delivered.text).toContain("http://shop.test/order/");

    // A later order of the same phone is not heard about: an order's link follows that order alone.
    const later = await place(t, { phone: "+977 980-0000042" });
    await setStatus(t, later.reference, "paid");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(chat(token, shopper).some((m) => m.text.includes(later.reference))).toBe(false);
    expect((await orderOf(t, later.reference)).telegramUpdates).toBe(false);
    // Each once, whatever the number of scans and ticks.
    expect(chat(token, shopper).filter((m) => m.text.includes(`order <b>${order.reference}</b> is confirmed`))).toHaveLength(1);
  });

  it("a stranger who checks out with the victim's phone, however written, hears nothing of the victim's orders (issue 43)", async () => {
    const { t, token } = await botShop();
    const before = await place(t, { phone: "9812777001" });
    const stranger = aShopper();
    const own = await place(t, { phone: "+977 981-2777001" });
    const welcome = await follow(t, token, stranger, own);
    // The welcome of an order's link offers no later orders; the press a welcome sent before this change carried
    // (its callback data naming the chat's own tie to the order) ties nothing and says where to go instead.
    expect(buttonsOf(welcome).map((b) => b.text)).toEqual(["Stop updates"]);
    const tie = await t.database.db.selectFrom("telegram_follows").select("id").executeTakeFirstOrThrow();
    const pressed = await press(token, stranger, welcome, `later:${tie.id}`);
    expect(pressed).toMatchObject({ show_alert: true, text: expect.stringContaining("open your page of subscriptions") });
    expect(await t.database.db.selectFrom("telegram_follows").select("phone").where("phone", "is not", null).execute()).toEqual([]);

    const after = await place(t, { phone: "98127-77001" });
    for (const victims of [before, after]) {
      await setStatus(t, victims.reference, "paid");
      await setStatus(t, victims.reference, "delivered");
    }
    await setStatus(t, own.reference, "paid");
    await messageWith(token, stranger, `Your payment for order <b>${own.reference}</b> is confirmed`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seen = chat(token, stranger)
      .map((m) => m.text)
      .join("\n");
    expect(seen).not.toContain(before.reference);
    expect(seen).not.toContain(after.reference);
    expect(seen).not.toContain(before.key);
    expect(seen).not.toContain(after.key);
    expect((await orderOf(t, before.reference)).telegramUpdates).toBe(false);
  });

  it("all of a customer's orders, later ones too, from their customer link's page: linked to that page, never to another order's key", async () => {
    const { t, token } = await botShop();
    const first = await place(t, { phone: "9812777001" });
    const made = await admin(t, "POST", "/api/admin/customers/9812777001/link");
    expect(made.statusCode, made.body).toBe(201);
    const customerKey = made.json().link.path.split("/").pop() as string;
    const askAll = (key: string) => t.app.inject({ method: "POST", url: `/api/my/${key}/telegram`, remoteAddress: anAddress() });

    // A wrong key is the same 404 as a wrong order link; the phone alone asks for nothing.
    expect((await askAll("A".repeat(24))).statusCode).toBe(404);
    const answer = await askAll(customerKey);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const started = new URL(answer.json().link).searchParams.get("start")!;
    const shopper = aShopper();
    telegram.say(token, shopper, `/start ${started}`);
    const welcome = await messageWith(token, shopper, "You will get updates about all your orders here");
    expect(buttonsOf(welcome).map((b) => b.text)).toEqual(["Stop updates"]);
    expect((await admin(t, "GET", "/api/admin/customers/9812777001")).json().customer.telegramUpdates).toBe(true);

    // The order before and one after, however the phone was written: each heard, with the customer's page.
    const later = await place(t, { phone: "+977 981-2777001" });
    for (const order of [first, later]) {
      await setStatus(t, order.reference, "paid");
      const paid = await messageWith(token, shopper, `Your payment for order <b>${order.reference}</b> is confirmed`);
      expect(paid.text).toContain(`<a href="http://shop.test/my/${customerKey}">Open your orders</a>`);
      expect(paid.text).not.toContain(order.key);
      expect(paid.text).not.toContain("?key=");
    }

    // A new customer link (the phone changed hands, say) ends the follow made from the old one.
    expect((await admin(t, "POST", "/api/admin/customers/9812777001/link")).statusCode).toBe(201);
    expect((await admin(t, "GET", "/api/admin/customers/9812777001")).json().customer.telegramUpdates).toBe(false);
    const third = await place(t, { phone: "9812777001" });
    await setStatus(t, third.reference, "paid");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(chat(token, shopper).some((m) => m.text.includes(third.reference))).toBe(false);
  });

  it("in Nepali for a Nepali order, with the /ne/ link", async () => {
    const { t, token } = await botShop();
    const shopper = aShopper("en");
    const order = await place(t, { language: "ne" });
    telegram.say(token, shopper, `/start ${await startToken(t, order)}`);
    await messageWith(token, shopper, `अर्डर ${order.reference} का सूचना यहाँ आउनेछन्`);
    await setStatus(t, order.reference, "paid");
    const paid = await messageWith(token, shopper, "को भुक्तानी पक्का भयो");
    expect(paid.text).toContain('href="http://shop.test/ne/order/');
    expect(buttonsOf(paid)[0]!.text).toBe("सूचना रोक्नुहोस्");
  });

  it("renewal reminders 3 days and 1 day before the end, each once, with a Renew link to that line's renewal", async () => {
    const { t, token } = await botShop();
    const shopper = aShopper();
    const order = await place(t);
    await follow(t, token, shopper, order);
    await setStatus(t, order.reference, "paid");
    await setStatus(t, order.reference, "delivered");
    await messageWith(token, shopper, "is delivered");
    const today = shopToday(new Date());
    const line = await t.database.db.selectFrom("order_lines").select("id").executeTakeFirstOrThrow();
    await t.database.db
      .updateTable("order_lines")
      .set({ expiry_date: addDays(today, 3) })
      .where("id", "=", line.id)
      .execute();

    const three = await messageWith(token, shopper, "ends in 3 days");
    expect(three.text).toContain(`Your <b>Netflix Premium</b> ends in 3 days (${addDays(today, 3)})`);
    expect(buttonsOf(three).map((b) => b.text)).toEqual(["Renew", "Stop updates"]);
    // The link opens that line's renewal, chosen already (issue 46).
    expect(buttonsOf(three)[0]!.url).toMatch(new RegExp(`^http://shop\\.test/order/.+\\?key=[^&]+&renew=${line.id}$`));

    await t.database.db
      .updateTable("order_lines")
      .set({ expiry_date: addDays(today, 1) })
      .where("id", "=", line.id)
      .execute();
    await messageWith(token, shopper, "ends tomorrow");
    // Scans go on every 200 ms, and scans of their own: still one of each.
    await Promise.all([t.app.services.telegramOutbox.scan(), t.app.services.telegramOutbox.scan()]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(chat(token, shopper).filter((m) => /ends (in 3 days|tomorrow)/.test(m.text))).toHaveLength(2);
  });

  it("says what changed, a PIN or the account, by what the shopper bought and never the seller's label for the account", async () => {
    const { t, token } = await botShop();
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    const netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
    const account = async (login: string) => {
      const created = await admin(t, "POST", "/api/admin/accounts", {
        service: "NF family 3 (Ram's card)",
        itemIds: [netflix],
        login,
        password: "the-password-1",
        seats: [{ profileName: "Profile 1", pin: "1111" }],
        cost: 1500,
        billingCycle: "none",
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().account;
    };
    const first = await account("first@example.com");
    const shopper = aShopper();
    const order = await place(t);
    await follow(t, token, shopper, order);
    await setStatus(t, order.reference, "delivered");
    const lineId = (await orderOf(t, order.reference)).lines[0].id;
    expect((await admin(t, "PUT", `/api/admin/lines/${lineId}/seat`, { seatId: first.seats[0].id })).statusCode).toBe(200);

    const pin = await admin(t, "POST", `/api/admin/accounts/${first._id}/secret-change`, { what: "pin", seatId: first.seats[0].id, value: "2222" });
    expect(pin.statusCode, pin.body).toBe(200);
    const toldOfPin = await messageWith(token, shopper, "changed the PIN of your <b>Netflix Premium</b> profile");
    expect(toldOfPin.text).toContain(order.reference);

    await account("second@example.com");
    const { proposals } = (await admin(t, "POST", `/api/admin/accounts/${first._id}/move-proposals`, {})).json();
    const moves = proposals.map((p: { lineId: string; fromSeatId: string; to: { seatId: string } }) => ({
      lineId: p.lineId,
      fromSeatId: p.fromSeatId,
      seatId: p.to.seatId,
    }));
    const moved = await admin(t, "POST", `/api/admin/accounts/${first._id}/moves`, { moves });
    expect(moved.statusCode, moved.body).toBe(200);
    await messageWith(token, shopper, "moved your <b>Netflix Premium</b> profile to another account");

    const texts = chat(token, shopper).map((m) => m.text);
    expect(texts.join("\n")).not.toMatch(/NF family|Ram&#39;s card|changed the password|2222|1111/);
  });

  it("tells the seat's holder that the account's password changed, never the password", async () => {
    const { t, token } = await botShop();
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    const netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
    const created = await admin(t, "POST", "/api/admin/accounts", {
      service: "Netflix Premium",
      itemIds: [netflix],
      login: "seller@example.com",
      password: "old-password-1",
      seats: [{ profileName: "Profile 1" }],
      renewalDate: addDays(shopToday(new Date()), 60),
      cost: 1500,
      billingCycle: "monthly",
    });
    expect(created.statusCode, created.body).toBe(201);
    const account = created.json().account;
    const shopper = aShopper();
    const order = await place(t);
    await follow(t, token, shopper, order);
    await setStatus(t, order.reference, "paid");
    await setStatus(t, order.reference, "delivered");
    const lineId = (await orderOf(t, order.reference)).lines[0].id;
    expect((await admin(t, "PUT", `/api/admin/lines/${lineId}/seat`, {})).statusCode).toBe(200);

    const edit = (password: string) =>
      admin(t, "PUT", `/api/admin/accounts/${account._id}`, {
        ...account,
        password,
        seats: account.seats.map((s: { id: string; profileName: string }) => ({ id: s.id, profileName: s.profileName })),
      });
    // Saved with the same password (or none): nothing to tell.
    expect((await edit("old-password-1")).statusCode).toBe(200);
    expect((await edit("")).statusCode).toBe(200);
    expect((await edit("new-password-2")).statusCode).toBe(200);
    const told = await messageWith(token, shopper, "changed the password of your <b>Netflix Premium</b> account");
    expect(told.text).toContain(order.reference);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const texts = chat(token, shopper).map((m) => m.text);
    expect(texts.filter((text) => text.includes("changed the password"))).toHaveLength(1);
    expect(texts.join("\n")).not.toMatch(/password-[12]|seller@example\.com/);
    // The service other screens call: one notice per holder's chat.
    expect(await t.app.services.outbox.tellHoldersPasswordChanged(account._id)).toBe(1);
    // A new password recorded on the account's own screen (ADR 0109) tells the holder as well.
    const recorded = await admin(t, "POST", `/api/admin/accounts/${account._id}/secret-change`, { what: "password", value: "new-password-3" });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const toldOfPasswords = () => chat(token, shopper).filter((m) => m.text.includes("changed the password")).length;
    await expect.poll(toldOfPasswords, { timeout: 10_000 }).toBe(3);
    expect(
      chat(token, shopper)
        .map((m) => m.text)
        .join("\n"),
    ).not.toContain("new-password-3");
  });
});

describe("Stop, a blocked bot, the bot down", () => {
  it("/stop and the Stop button end every update of the chat, with a confirmation", async () => {
    const { t, token } = await botShop();
    const byCommand = aShopper();
    const first = await place(t);
    await follow(t, token, byCommand, first);
    telegram.say(token, byCommand, "/stop");
    await messageWith(token, byCommand, "Stopped: this chat gets no more updates from the shop.");
    expect(await t.database.db.selectFrom("telegram_chats").selectAll().execute()).toEqual([]);
    expect((await orderOf(t, first.reference)).telegramUpdates).toBe(false);

    const byButton = aShopper();
    const second = await place(t);
    await follow(t, token, byButton, second);
    await setStatus(t, second.reference, "paid");
    const paid = await messageWith(token, byButton, "is confirmed");
    expect((await press(token, byButton, paid, "stop")).text).toBe("Stopped: this chat gets no more updates from the shop.");
    await messageWith(token, byButton, "Stopped:");
    await setStatus(t, second.reference, "delivered");
    await setStatus(t, first.reference, "paid");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(chat(token, byButton).some((m) => m.text.includes("is delivered"))).toBe(false);
    expect(chat(token, byCommand).some((m) => m.text.includes("is confirmed"))).toBe(false);
    expect(await t.database.db.selectFrom("telegram_follows").selectAll().execute()).toEqual([]);
  });

  it("a chat that blocked the bot is untied, not tried again", async () => {
    const { t, token } = await botShop();
    const shopper = aShopper();
    const order = await place(t);
    await follow(t, token, shopper, order);
    telegram.block(token, shopper.id);
    await setStatus(t, order.reference, "paid");
    await expect.poll(async () => (await t.database.db.selectFrom("telegram_chats").selectAll().execute()).length, { timeout: 10_000 }).toBe(0);
    expect(await t.database.db.selectFrom("notices").selectAll().execute()).toEqual([]);
    const sends = telegram.calls.filter((c) => c.method === "sendMessage").length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(telegram.calls.filter((c) => c.method === "sendMessage").length).toBe(sends);
  });

  it("the bot down never fails the order; the notice is tried again and sent once", async () => {
    const { t, token } = await botShop();
    const shopper = aShopper();
    const order = await place(t);
    await follow(t, token, shopper, order);
    telegram.control({ fail: "500" });
    try {
      expect((await setStatus(t, order.reference, "paid")).statusCode).toBe(200);
      await expect
        .poll(async () => (await t.database.db.selectFrom("notices").select("attempts").executeTakeFirst())?.attempts ?? 0)
        .toBeGreaterThan(1);
    } finally {
      telegram.control({ fail: null });
    }
    await messageWith(token, shopper, "is confirmed");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(chat(token, shopper).filter((m) => m.text.includes("is confirmed"))).toHaveLength(1);
  });
});

describe.skipIf(testDialect !== "postgres")("two instances on one PostgreSQL database", () => {
  it("send each renewal reminder once", async () => {
    const { t, token } = await botShop();
    const database = openDatabase({ kind: "postgres", url: t.databaseUrl });
    const config = loadConfig({ DATABASE_URL: t.databaseUrl, MEDIA_DIR: t.mediaDir, LOG_LEVEL: "silent", ...telegram.env, ...FAST });
    const b: App = await buildApp({ config, database });
    b.addHook("onClose", () => database.close());
    onTestFinished(() => b.close());
    b.worker.start();
    const shopper = aShopper();
    const order = await place(t);
    await follow(t, token, shopper, order);
    await setStatus(t, order.reference, "paid");
    await setStatus(t, order.reference, "delivered");
    const today = shopToday(new Date());
    await t.database.db
      .updateTable("order_lines")
      .set({ expiry_date: addDays(today, 3) })
      .execute();
    // Both instances scan at once, again and again, besides their workers.
    for (let i = 0; i < 5; i++) await Promise.all([t.app.services.telegramOutbox.scan(), b.services.telegramOutbox.scan()]);
    await messageWith(token, shopper, "ends in 3 days");
    await t.app.worker.stop();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(chat(token, shopper).filter((m) => m.text.includes("ends in 3 days"))).toHaveLength(1);
  });
});
