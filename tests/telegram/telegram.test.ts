import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { addDays, shopToday } from "../../domain/ledger/settings";
import { buildApp, type App } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { Clock } from "../../server/db/clock";
import { openDatabase } from "../../server/db/database";
import { testDialect } from "../helpers/database";
import { FAKE_CREDENTIALS, startFakeGateways, type FakeGateways } from "../fakes/gateways";
import { HUGE_BYTES } from "../fakes/flood";
import { startFakeTelegram, type FakeMessage, type FakeTelegram, type FakeUser } from "../fakes/telegram";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";

let telegram: FakeTelegram;
let gateways: FakeGateways;
beforeAll(async () => {
  [telegram, gateways] = await Promise.all([startFakeTelegram(), startFakeGateways()]);
});
afterAll(async () => {
  await Promise.all([telegram.close(), gateways.close()]);
});

/** The seller on Telegram, and someone who is not. */
const SELLER: FakeUser = { id: 5550001, first_name: "Sita", username: "sita_sells", language_code: "en" };
const STRANGER: FakeUser = { id: 5550999, first_name: "Mallory" };

/** The worker's intervals, short: the suite waits for what it does with poll-until, never a fixed sleep. */
const FAST = { NOTICES_TICK_MS: "50", NOTICES_SCAN_MS: "200", NOTICES_RETRY_MS: "50", TELEGRAM_POLL_SECONDS: "1", PUBLIC_URL: "http://shop.test" };

let nextAddress = 1;
const anAddress = () => `198.51.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

/** A clock the test moves. */
function movableClock(start = new Date()) {
  let now = start.getTime();
  const clock: Clock = () => new Date(now);
  return { clock, set: (at: Date) => void (now = at.getTime()), advance: (ms: number) => void (now += ms) };
}

/** A shop with a bot whose token is saved and the seller's chat connected by the code the screen shows. */
async function botShop(options: { clock?: Clock; env?: Record<string, string>; connect?: boolean } = {}) {
  const t = await createTestApp({
    seed: true,
    ...(options.clock ? { clock: options.clock } : {}),
    env: { ...telegram.env, ...gateways.env, ...FAST, ...options.env },
  });
  const token = telegram.createBot(`pasal_${nextAddress++}_bot`);
  const saved = await admin(t, "PUT", "/api/admin/telegram/token", { token });
  expect(saved.statusCode, saved.body).toBe(200);
  t.app.worker.start();
  if (options.connect !== false) {
    const { code } = (await admin(t, "POST", "/api/admin/telegram/connect")).json();
    telegram.say(token, SELLER, `/start ${code}`);
    await expect.poll(async () => (await settings(t)).chats.length).toBe(1);
  }
  return { t, token };
}

/** How often the bot has tried to send the notice of this order. */
const attemptsOf = async (t: TestApp, reference: string) =>
  (await t.database.db.selectFrom("notices").select("attempts").where("payload", "like", `%${reference}%`).executeTakeFirst())?.attempts ?? 0;

const settings = async (t: TestApp) => (await admin(t, "GET", "/api/admin/telegram")).json().settings;
const chat = (token: string, user = SELLER) => telegram.messages(token, user.id);
const textsOf = (token: string) => chat(token).map((m) => m.text);

/** Waits for the bot's message in the seller's chat whose text has `words`. */
async function messageWith(token: string, words: string | RegExp): Promise<FakeMessage> {
  const matches = (m: FakeMessage) => (typeof words === "string" ? m.text.includes(words) : words.test(m.text));
  await expect.poll(() => chat(token).some(matches), { timeout: 10_000 }).toBe(true);
  return chat(token).find(matches)!;
}

const buttonsOf = (message: FakeMessage) => (message.reply_markup?.inline_keyboard ?? []).flat();
const button = (message: FakeMessage, text: string) => {
  const found = buttonsOf(message).find((b) => b.text === text);
  expect(found, `no "${text}" button on: ${message.text}`).toBeDefined();
  return found!.callback_data!;
};

async function itemId(t: TestApp, name: string): Promise<string> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === name)._id;
}

async function place(t: TestApp, name = "<Sita & Co>", items = ["Netflix Premium"]) {
  const ids = await Promise.all(items.map((item) => itemId(t, item)));
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: ids.map((_id) => ({ _id, months: 1, devices: 1 })), channel: "whatsapp", name, phone: "9800000001" },
    remoteAddress: anAddress(),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const body = placed.json();
  return { reference: body.reference as string, key: new URL(body.orderUrl, "http://x").searchParams.get("key")!, total: body.total as number };
}

const claimPaid = (t: TestApp, order: { reference: string; key: string }) =>
  t.app.inject({
    method: "POST",
    url: `/api/orders/${order.reference}/paid`,
    payload: { key: order.key, transactionId: "TXN-42" },
    remoteAddress: anAddress(),
  });

const orderOf = async (t: TestApp, reference: string) => (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order;

/** A Netflix account with free seats, so a paid Netflix line has a seat to be proposed. */
async function netflixAccount(t: TestApp, seats = 2) {
  const netflix = await itemId(t, "Netflix Premium");
  const created = await admin(t, "POST", "/api/admin/accounts", {
    service: "Netflix Premium",
    itemIds: [netflix],
    login: "seller@example.com",
    password: "account-password-1",
    seats: Array.from({ length: seats }, (_, i) => ({ profileName: `Profile ${i + 1}`, pin: `10${i}0` })),
    renewalDate: addDays(shopToday(new Date()), 60),
    cost: 1500,
    billingCycle: "monthly",
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().account;
}

/** The seller presses a button of a message in their chat; waits until the bot answered the press. */
async function press(t: TestApp, token: string, message: FakeMessage, data: string, user = SELLER, chatId = SELLER.id) {
  // The bot knows which notice a message carries once it has read Telegram's answer to the send. The fake shows
  // the message a moment before that; no person presses that fast.
  const recorded = () => t.database.db.selectFrom("notices").select("id").where("message_id", "=", String(message.message_id)).executeTakeFirst();
  await expect.poll(async () => (await recorded()) !== undefined, { timeout: 10_000 }).toBe(true);
  const id = telegram.press(token, user, chatId, message.message_id, data);
  await expect.poll(() => telegram.answers.some((a) => a.id === id), { timeout: 10_000 }).toBe(true);
  return telegram.answers.find((a) => a.id === id)!;
}

describe("Settings → Notifications: the bot's token", () => {
  it("is checked with Telegram, stored sealed, never answered, and shown only by a logged Reveal", async () => {
    const t = await createTestApp({ env: { ...telegram.env, ...FAST } });
    expectValidationError(await admin(t, "PUT", "/api/admin/telegram/token", { token: "not a token" }), "token", "not a bot token");
    const unknown = await admin(t, "PUT", "/api/admin/telegram/token", { token: `12345678:${"A".repeat(35)}` });
    expectValidationError(unknown, "token", "Telegram does not know this token");
    expect((await admin(t, "POST", "/api/admin/telegram/connect")).statusCode).toBe(409);

    const token = telegram.createBot("pasal_settings_bot", "Pasal shop");
    const saved = await admin(t, "PUT", "/api/admin/telegram/token", { token });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({ bot: { username: "pasal_settings_bot", name: "Pasal shop" }, mode: "polling", chats: [] });
    expect(saved.body).not.toContain(token.split(":")[1]);
    const stored = await t.database.db.selectFrom("telegram_bot").select("token_sealed").executeTakeFirstOrThrow();
    expect(stored.token_sealed).not.toContain(token.split(":")[1]);

    const revealed = await admin(t, "POST", "/api/admin/telegram/reveal");
    expect(revealed.json().value).toBe(token);
    expect((await settings(t)).reveals).toEqual([{ adminEmail: expect.stringContaining("@"), at: expect.any(String) }]);

    // Telegram down: a clear 502, and the token stored before stays.
    telegram.control({ fail: "500" });
    try {
      const down = await admin(t, "PUT", "/api/admin/telegram/token", { token: telegram.createBot("pasal_other_bot") });
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toMatch(/Telegram did not answer/);
    } finally {
      telegram.control({ fail: null });
    }
    expect((await settings(t)).bot.username).toBe("pasal_settings_bot");
    expect((await admin(t, "DELETE", "/api/admin/telegram")).statusCode).toBe(200);
    expect((await settings(t)).bot).toBeNull();
  });
});

describe("connecting a chat", () => {
  it("ties the chat the code is sent from to the admin; a wrong code, a used code and /stop", async () => {
    const { t, token } = await botShop();
    const [connected] = (await settings(t)).chats;
    expect(connected).toMatchObject({ title: "@sita_sells", mine: true, language: "en", adminEmail: expect.stringContaining("@") });
    await expect.poll(() => textsOf(token).at(-1) ?? "").toMatch(/^Connected\./);

    // A code works once; a stranger guessing gets nothing.
    const { code, link } = (await admin(t, "POST", "/api/admin/telegram/connect")).json();
    expect(link).toMatch(new RegExp(`^https://t\\.me/pasal_\\d+_bot\\?start=${code}$`));
    telegram.say(token, STRANGER, "ABCDEFGH");
    await expect.poll(() => chat(token, STRANGER).at(-1)?.text ?? "").toMatch(/not known or has expired/);
    telegram.say(token, STRANGER, code);
    await expect.poll(() => chat(token, STRANGER).length).toBe(2);
    telegram.say(token, STRANGER, code);
    await expect.poll(() => chat(token, STRANGER).length).toBe(3);
    expect(chat(token, STRANGER).at(-1)!.text).toMatch(/not known or has expired/);
    expect((await settings(t)).chats).toHaveLength(2);

    const chatPrefs = { language: "ne", quietStart: "22:00", quietEnd: null, digestAt: null };
    expectValidationError(await admin(t, "PUT", `/api/admin/telegram/chats/${connected._id}`, chatPrefs), "quietEnd", "both ends");
    const prefs = await admin(t, "PUT", `/api/admin/telegram/chats/${connected._id}`, { ...chatPrefs, quietEnd: "07:00" });
    expect(prefs.statusCode, prefs.body).toBe(200);

    telegram.say(token, STRANGER, "/stop");
    await expect.poll(async () => (await settings(t)).chats.length).toBe(1);
    expect((await admin(t, "DELETE", `/api/admin/telegram/chats/${connected._id}`)).statusCode).toBe(200);
    expect((await settings(t)).chats).toEqual([]);
  });
});

describe("the notices", () => {
  it("a new order and the customer saying paid: reference, lines, total, channel, customer, a link to the order", async () => {
    const { t, token } = await botShop();
    const order = await place(t, "<Sita & Co>", ["Netflix Premium", "Spotify Premium"]);
    const placed = await messageWith(token, `New order ${order.reference}`);
    expect(placed.parse_mode).toBe("HTML");
    expect(placed.text).toContain("&lt;Sita &amp; Co&gt; · 9800000001");
    expect(placed.text).toMatch(/• Netflix Premium · 1 month · 1 device · NPR [\d,]+/);
    expect(placed.text).toContain("• Spotify Premium");
    expect(placed.text).toContain("via WhatsApp");
    expect(placed.text).toContain(`<a href="http://shop.test/admin/orders?q=${order.reference}">Open in the admin</a>`);
    expect(buttonsOf(placed).map((b) => b.text)).toEqual(["Mark paid"]);

    expect((await claimPaid(t, order)).statusCode).toBe(200);
    const claimed = await messageWith(token, `Customer says paid: ${order.reference}`);
    expect(claimed.text).toContain("<code>TXN-42</code>");
    expect(buttonsOf(claimed).map((b) => b.text)).toEqual(["Mark paid"]);
  });

  it("a payment Khalti proved, and one that does not match, in Nepali when the admin chose it", async () => {
    const { t, token } = await botShop();
    const [mine] = (await settings(t)).chats;
    await admin(t, "PUT", `/api/admin/telegram/chats/${mine._id}`, { language: "ne", quietStart: null, quietEnd: null, digestAt: null });
    const c = FAKE_CREDENTIALS.khalti;
    expect(
      (await admin(t, "PUT", "/api/admin/payment-gateways/khalti", { enabled: true, merchantCode: "", username: "", secret: c.secret })).statusCode,
    ).toBe(200);
    for (const outcome of ["completed", "less"] as const) {
      const order = await place(t, "Ram");
      const start = await t.app.inject({
        method: "POST",
        url: `/api/orders/${order.reference}/pay/khalti`,
        payload: { key: order.key },
        remoteAddress: anAddress(),
      });
      expect(start.statusCode, start.body).toBe(200);
      const pidx = new URL(start.json().start.url).searchParams.get("pidx")!;
      const back = new URL((await gateways.pay("khalti", pidx, outcome))!);
      expect((await t.app.inject({ method: "GET", url: back.pathname + back.search, remoteAddress: anAddress() })).statusCode).toBe(303);
      const message = await messageWith(token, outcome === "completed" ? `पुष्टि भयो: ${order.reference}` : `जाँच्नुपर्ने भुक्तानी: ${order.reference}`);
      if (outcome === "completed") expect(message.text).toMatch(/^<b>Khalti बाट भुक्तानी भयो र पुष्टि भयो: /);
      else expect(message.text).toMatch(/NPR \d+ was paid/);
      expect(message.text).toContain("एडमिनमा खोल्नुहोस्");
    }
  });

  it("stock running out, a provider bill in 3 days, a renewal due tomorrow: each told once", async () => {
    const { t, token } = await botShop();
    const account = await netflixAccount(t, 1);
    const today = shopToday(new Date());
    const saved = await admin(t, "PUT", `/api/admin/accounts/${account._id}`, {
      ...account,
      password: "",
      seats: account.seats.map((s: { profileName: string }) => ({ profileName: s.profileName })),
      renewalDate: addDays(today, 3),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A delivered line that ends tomorrow, on the account's one seat: stock at 0 and a renewal due.
    const order = await place(t, "Hari");
    await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "paid" });
    await admin(t, "POST", `/api/admin/orders/${order.reference}/status`, { status: "delivered", startDate: addDays(today, -30) });
    const lineId = (await orderOf(t, order.reference)).lines[0].id;
    expect((await admin(t, "PUT", `/api/admin/lines/${lineId}/seat`, {})).statusCode).toBe(200);
    const expiry = (await orderOf(t, order.reference)).lines[0].expiryDate;
    expect([addDays(today, 0), addDays(today, 1)]).toContain(expiry);

    expect((await messageWith(token, "Netflix Premium is out of stock")).text).toContain("At or below 3 free seats and keys");
    expect((await messageWith(token, "Provider bill due in 3 days: Netflix Premium")).text).toContain("<code>seller@example.com</code>");
    const due = await messageWith(token, `Renewal due tomorrow, no reminder sent: Netflix Premium (${order.reference})`);
    expect(buttonsOf(due).map((b) => b.text)).toEqual(["Remind"]);

    // Scans go on every 200 ms: still one of each.
    const count = chat(token).length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(chat(token).length).toBe(count);

    // Remind answers the reminder to forward and the line remembers it.
    const answered = await press(t, token, due, button(due, "Remind"));
    expect(answered.text).toBe("Done.");
    const reminder = await messageWith(token, "Forward this to the customer:");
    expect(reminder.text).toMatch(/Your Netflix Premium \(1 month\) ends on/);
    expect(buttonsOf(reminder)[0]).toMatchObject({ text: "Send on WhatsApp", url: expect.stringMatching(/^https:\/\/wa\.me\/9779800000001\?text=/) });
    const renewals = (await admin(t, "GET", "/api/admin/renewals?days=7")).json().items;
    expect(renewals[0].remindedAt).toEqual(expect.any(String));
    // The Renewals screen's Remind on WhatsApp records it through the same service; a line not delivered has none.
    const again = await admin(t, "POST", `/api/admin/renewals/${lineId}/remind`);
    expect(again.json().renewal).toMatchObject({ lineId, remindedAt: expect.any(String), message: expect.stringContaining("Netflix Premium") });
    const undelivered = (await orderOf(t, (await place(t, "Later")).reference)).lines[0].id;
    expect((await admin(t, "POST", `/api/admin/renewals/${undelivered}/remind`)).statusCode).toBe(409);
    await expect
      .poll(() => chat(token).find((m) => m.message_id === due.message_id)!.text)
      .toMatch(/✓ Shop Owner reminded the customer \(\d\d:\d\d\)$/);
  });
});

describe("the buttons", () => {
  it("Mark paid then Deliver in Telegram take the order from 'I have paid' to delivered, without the admin", async () => {
    const { t, token } = await botShop();
    await netflixAccount(t);
    const order = await place(t, "Gita");
    expect((await claimPaid(t, order)).statusCode).toBe(200);
    const claimed = await messageWith(token, `Customer says paid: ${order.reference}`);

    expect((await press(t, token, claimed, button(claimed, "Mark paid"))).text).toBe("Done.");
    expect((await orderOf(t, order.reference)).status).toBe("paid");
    // The message says who did it, and now offers Deliver: a seat is proposed for the line.
    await expect.poll(() => chat(token).find((m) => m.message_id === claimed.message_id)!.text).toMatch(/✓ Shop Owner marked it paid/);
    const edited = chat(token).find((m) => m.message_id === claimed.message_id)!;
    expect(buttonsOf(edited).map((b) => b.text)).toEqual(["Deliver"]);

    expect((await press(t, token, edited, button(edited, "Deliver"))).text).toBe("Done.");
    const delivered = await orderOf(t, order.reference);
    expect(delivered.status).toBe("delivered");
    const forward = await messageWith(token, "Forward this to the customer:");
    expect(forward.text).toContain("account-password-1");
    expect(buttonsOf(forward).map((b) => b.text)).toEqual(["Send on WhatsApp", "Send on Telegram"]);
    await expect.poll(() => chat(token).find((m) => m.message_id === claimed.message_id)!.text).toMatch(/✓ Shop Owner delivered it/);
    expect(buttonsOf(chat(token).find((m) => m.message_id === claimed.message_id)!)).toEqual([]);
    // The password read for the message is in the account's reveal log, under the admin who pressed.
    const reveals = await t.database.db.selectFrom("secret_reveals").select(["what", "admin_email"]).execute();
    expect(reveals).toContainEqual({ what: expect.stringMatching(/^delivery message for seat 1/), admin_email: expect.stringContaining("@") });

    // The new-order message's Mark paid is stale now: the same 409 as the screen's, and the message catches up.
    const placed = await messageWith(token, `New order ${order.reference}`);
    const stale = await press(t, token, placed, button(placed, "Mark paid"));
    expect(stale).toMatchObject({ show_alert: true, text: "A delivered order cannot change status" });
    await expect.poll(() => buttonsOf(chat(token).find((m) => m.message_id === placed.message_id)!)).toEqual([]);
  });

  it("a double press acts once; a press from a chat or user not connected does nothing", async () => {
    const { t, token } = await botShop();
    const order = await place(t, "Gita");
    const placed = await messageWith(token, `New order ${order.reference}`);
    const data = button(placed, "Mark paid");

    const forged = await press(t, token, placed, data, STRANGER, STRANGER.id);
    expect(forged).toMatchObject({ show_alert: true, text: "This chat is not connected to Pasal: nothing was done." });
    const otherUser = await press(t, token, placed, data, STRANGER, SELLER.id);
    expect(otherUser.text).toMatch(/not connected/);
    const madeUp = await press(t, token, placed, "paid:AAAAAAAAAAAAAAAA");
    expect(madeUp.text).toMatch(/not connected/);
    expect((await orderOf(t, order.reference)).status).toBe("new");

    const first = telegram.press(token, SELLER, SELLER.id, placed.message_id, data);
    const second = telegram.press(token, SELLER, SELLER.id, placed.message_id, data);
    await expect.poll(() => telegram.answers.filter((a) => a.id === first || a.id === second).length).toBe(2);
    const texts = telegram.answers.filter((a) => a.id === first || a.id === second).map((a) => a.text);
    expect(texts.sort()).toEqual(["Already done by Shop Owner.", "Done."]);
    const updated = await orderOf(t, order.reference);
    expect(updated.status).toBe("paid");
    expect(await t.database.db.selectFrom("notice_presses").selectAll().execute()).toHaveLength(1);
  });
});

describe("quiet hours and the daily digest", () => {
  it("holds notices during quiet hours and sends them as one message when they end; a digest comes once a day", async () => {
    // 06:45 in Nepal (01:00 UTC). The clock moves by minutes, within the admin session's idle time.
    const time = movableClock(new Date("2026-11-20T01:00:00Z"));
    const { t, token } = await botShop({ clock: time.clock });
    const [mine] = (await settings(t)).chats;
    const quiet = await admin(t, "PUT", `/api/admin/telegram/chats/${mine._id}`, {
      language: "en",
      quietStart: "22:00",
      quietEnd: "07:00",
      digestAt: null,
    });
    expect(quiet.statusCode).toBe(200);
    const sentBefore = chat(token).length;
    const first = await place(t, "Night owl");
    const second = await place(t, "Early bird");
    await expect
      .poll(async () => (await t.database.db.selectFrom("notices").select("status").execute()).map((n) => n.status))
      .toEqual(["held", "held"]);
    expect(chat(token).length).toBe(sentBefore);

    // 07:00 in Nepal: one message with both.
    time.set(new Date("2026-11-20T01:15:30Z"));
    const digest = await messageWith(token, "While your quiet hours lasted");
    expect(digest.text).toContain(`New order ${first.reference}`);
    expect(digest.text).toContain(`New order ${second.reference}`);
    expect(chat(token).length).toBe(sentBefore + 1);

    // A daily digest at 07:20 instead of single messages.
    const digestPrefs = await admin(t, "PUT", `/api/admin/telegram/chats/${mine._id}`, {
      language: "en",
      quietStart: null,
      quietEnd: null,
      digestAt: "07:20",
    });
    expect(digestPrefs.statusCode, digestPrefs.body).toBe(200);
    const third = await place(t, "Day shopper");
    await expect.poll(async () => (await t.database.db.selectFrom("notices").select("status").where("status", "=", "held").execute()).length).toBe(1);
    time.set(new Date("2026-11-20T01:35:30Z"));
    expect((await messageWith(token, "Your daily digest")).text).toContain(`New order ${third.reference}`);
  });
});

describe("the bot being down", () => {
  it("never fails an order; its notice is tried again and sent once Telegram is back, and never twice", async () => {
    const { t, token } = await botShop();
    for (const fail of ["500", "drop"] as const) {
      telegram.control({ fail });
      let order;
      try {
        order = await place(t, `Down ${fail}`);
        await expect.poll(() => attemptsOf(t, order!.reference)).toBeGreaterThan(1);
      } finally {
        telegram.control({ fail: null });
      }
      await messageWith(token, `New order ${order.reference}`);
      const row = () => t.database.db.selectFrom("notices").selectAll().where("payload", "like", `%${order!.reference}%`).executeTakeFirstOrThrow();
      await expect.poll(async () => (await row()).status).toBe("sent");
      expect((await row()).message_id).toBe(String(chat(token).find((m) => m.text.includes(order!.reference))!.message_id));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(chat(token).filter((m) => m.text.includes(order.reference))).toHaveLength(1);
    }
  });
});

describe("an answer too large", () => {
  it("to the token's check is read no further than the cap: a clear 502, nothing stored, a warning", async () => {
    const warnings: string[] = [];
    const t = await createTestApp({
      env: { ...telegram.env, ...FAST, LOG_LEVEL: "warn" },
      logStream: { write: (line) => void warnings.push(JSON.parse(line).msg) },
    });
    telegram.control({ flood: "huge" });
    const began = Date.now();
    let saved;
    try {
      saved = await admin(t, "PUT", "/api/admin/telegram/token", { token: telegram.createBot("pasal_flooded_bot") });
    } finally {
      telegram.control({ flood: null });
    }
    expect(Date.now() - began).toBeLessThan(5000);
    expect(saved.statusCode).toBe(502);
    expect(saved.json().message).toMatch(/Telegram did not answer/);
    const record = telegram.floods.at(-1)!;
    await expect.poll(() => record.hungUp).toBe(true);
    expect(record.sent).toBeLessThan(HUGE_BYTES / 5);
    expect((await settings(t)).bot).toBeNull();
    expect(warnings.some((msg) => /^telegram: getMe failed: .*sent more than 512 KB/.test(msg))).toBe(true);
  });

  it("to a send fails it as Telegram being down: tried again, sent once it answers as it should", async () => {
    const { t, token } = await botShop();
    telegram.control({ flood: "huge" });
    let order;
    try {
      order = await place(t, "Flooded");
      await expect.poll(() => attemptsOf(t, order!.reference)).toBeGreaterThan(1);
    } finally {
      telegram.control({ flood: null });
    }
    expect(telegram.floods.every((record) => record.sent < HUGE_BYTES / 5)).toBe(true);
    await messageWith(token, `New order ${order.reference}`);
    const row = () => t.database.db.selectFrom("notices").selectAll().where("payload", "like", `%${order!.reference}%`).executeTakeFirstOrThrow();
    await expect.poll(async () => (await row()).status).toBe("sent");
    expect(chat(token).filter((m) => m.text.includes(order.reference))).toHaveLength(1);
  });
});

describe("updates by webhook when the shop's URL is https", () => {
  it("tells Telegram the webhook with a secret, and takes only updates that bring it", async () => {
    const { t, token } = await botShop({ env: { PUBLIC_URL: "https://shop.example" }, connect: false });
    await expect.poll(() => telegram.webhookOf(token)?.url).toBe("https://shop.example/api/telegram/webhook");
    const secret = telegram.webhookOf(token)!.secret!;
    const { code } = (await admin(t, "POST", "/api/admin/telegram/connect")).json();
    const update = {
      update_id: 900,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: SELLER.id, type: "private", first_name: "Sita" },
        from: { ...SELLER, is_bot: false },
        text: `/start ${code}`,
      },
    };
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/telegram/webhook",
      payload: update,
      headers: { "x-telegram-bot-api-secret-token": "guess" },
    });
    expect(refused.statusCode).toBe(401);
    expect((await settings(t)).chats).toEqual([]);
    telegram.say(token, SELLER, "hello");
    const taken = await t.app.inject({
      method: "POST",
      url: "/api/telegram/webhook",
      payload: update,
      headers: { "x-telegram-bot-api-secret-token": secret },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await settings(t)).chats).toHaveLength(1);
  });
});

describe.skipIf(testDialect !== "postgres")("two instances on one PostgreSQL database", () => {
  /** Another instance of the same shop: its own process state and connections, the same database. */
  async function secondInstance(t: TestApp): Promise<App> {
    const database = openDatabase({ kind: "postgres", url: t.databaseUrl });
    const config = loadConfig({ DATABASE_URL: t.databaseUrl, MEDIA_DIR: t.mediaDir, LOG_LEVEL: "silent", ...telegram.env, ...FAST });
    const app = await buildApp({ config, database });
    app.addHook("onClose", () => database.close());
    return app;
  }

  it("only one polls Telegram and sends; when it stops, the other takes over, and nothing is sent twice", async () => {
    const { t, token } = await botShop();
    const b = await secondInstance(t);
    let bOpen = true;
    onTestFinished(async () => {
      if (bOpen) await b.close();
    });
    b.worker.start();
    const a = t.app;
    await expect.poll(() => a.worker.isPolling() || b.worker.isPolling()).toBe(true);
    // Both tick 20 times a second for a while: one of them holds the lock and polls, never both.
    for (let i = 0; i < 20; i++) {
      expect([a.worker.isLeader(), b.worker.isLeader()].filter(Boolean)).toHaveLength(1);
      expect(a.worker.isPolling() && b.worker.isPolling()).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const first = await place(t, "Both instances");
    await messageWith(token, `New order ${first.reference}`);

    const [leader, other] = a.worker.isLeader() ? [a, b] : [b, a];
    await leader.worker.stop();
    await expect.poll(() => other.worker.isPolling(), { timeout: 10_000 }).toBe(true);
    const second = await place(t, "After the handover");
    await messageWith(token, `New order ${second.reference}`);
    // Updates reach the new poller: a press on the first order's message acts.
    const placed = await messageWith(token, `New order ${first.reference}`);
    expect((await press(t, token, placed, button(placed, "Mark paid"))).text).toBe("Done.");
    expect(telegram.conflicts(token)).toBe(0);
    for (const reference of [first.reference, second.reference]) {
      expect(chat(token).filter((m) => m.text.includes(`New order ${reference}`))).toHaveLength(1);
    }
    if (leader === b) {
      await b.close();
      bOpen = false;
    }
  });
});
