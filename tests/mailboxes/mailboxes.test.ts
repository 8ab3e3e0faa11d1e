import { afterAll, beforeAll, expect, it } from "vitest";
import type { Clock } from "../../server/db/clock";
import { startFakeTelegram, type FakeTelegram, type FakeUser } from "../fakes/telegram";
import { READINGS_PER_HOUR } from "../../domain/household-mail/household-mail";
import { addDays, shopToday } from "../../domain/ledger/settings";
import { codesNotForLine } from "../../domain/shared/messages";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";
import { describeWithDovecot, startDovecot, type TestMailServer } from "../helpers/dovecot";

// Provider accounts' mailboxes (issue 45, ADR 0126), against a real Dovecot: the seller's settings, and a holder's
// "Get my code" read from the mailbox of the account their seat is on.

const TRAVEL_TOKEN = "BgiQlOvcAxKPAdcZtDdCbKUwnMsNq0sd9fbPj4s0KLJQy7U3w2QnE8mAX2n8-R5aXfPIOj-NYkKp8F1fJ3cR";
let nextAddress = 1;
let server: TestMailServer;
let nextUser = 0;
/** A Dovecot user of its own for each account a test makes: the file's tests share the server, not the mail. */
const freshUser = () => server.users[nextUser++]!;

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

async function itemId(t: TestApp, name: string): Promise<string> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === name)._id;
}

/** A Netflix account with one seat, and its mailbox on a Dovecot user of its own. */
async function netflixAccount(t: TestApp, login: string, { mailbox = true } = {}) {
  const created = await admin(t, "POST", "/api/admin/accounts", {
    service: "Netflix family",
    itemIds: [await itemId(t, "Netflix Premium")],
    login,
    password: "account-password",
    seats: [{ profileName: "Kid" }],
    billingCycle: "monthly",
    renewalDate: addDays(shopToday(new Date()), 60),
    cost: 1500,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id: string = created.json().account._id;
  const user = freshUser();
  if (mailbox) {
    const saved = await admin(t, "PUT", `/api/admin/accounts/${id}/mailbox`, settings(user));
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return { id, user: user.user };
}

const settings = (user: { user: string; password: string }) => ({
  host: server.host,
  port: server.port,
  security: "none",
  user: user.user,
  password: user.password,
  folder: "INBOX",
  authservId: "mx.mail.test",
});

/** A delivered order of one Netflix line, given the free seat the ledger proposes. */
async function holder(t: TestApp, phone = "9800000001") {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: {
      items: [{ _id: await itemId(t, "Netflix Premium"), months: 1, devices: 1 }],
      channel: "whatsapp",
      name: "Sita",
      phone,
      language: "en",
    },
    remoteAddress: `198.51.100.${nextAddress++ & 255}`,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { reference, orderUrl } = placed.json();
  const key = new URL(orderUrl, "http://x").searchParams.get("key")!;
  const done = await admin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "delivered" });
  const lineId: string = done.json().order.lines[0].id;
  const seat = await admin(t, "PUT", `/api/admin/lines/${lineId}/seat`, {});
  expect(seat.statusCode, seat.body).toBe(200);
  return { reference: reference as string, key, lineId };
}

const getCode = (t: TestApp, order: { reference: string; key: string; lineId: string }, extra: object = {}, language = "en") =>
  t.app.inject({
    method: "POST",
    url: `/api/orders/${order.reference}/provider-code`,
    payload: { key: order.key, lineId: order.lineId, kind: "travel-code", ...extra },
    headers: { "accept-language": language },
    remoteAddress: "203.0.113.7",
  });

/** Every row of every table, as text: what a look into the database would find. */
async function everythingStored(t: TestApp): Promise<string> {
  const tables = await t.database.db.introspection.getTables();
  const rows = await Promise.all(
    tables.map((table) =>
      t.database.db
        .selectFrom(table.name as "orders")
        .selectAll()
        .execute(),
    ),
  );
  return JSON.stringify(rows);
}

describeWithDovecot("a provider account's mailbox (issue 45)", () => {
  beforeAll(async () => {
    server = await startDovecot(12);
  });
  afterAll(() => server?.stop());

  it("is saved with its app password sealed, shown without it, tested, revealed into the log and removed", async () => {
    const t = await createTestApp({ seed: true });
    const { id } = await netflixAccount(t, "seller1@mail.test", { mailbox: false });
    const user = freshUser();
    expect((await admin(t, "GET", `/api/admin/accounts/${id}/mailbox`)).json()).toEqual({ success: true, mailbox: null });

    expectValidationError(
      await admin(t, "PUT", `/api/admin/accounts/${id}/mailbox`, { ...settings(user), password: "" }),
      "password",
      /app password/,
    );
    expectValidationError(
      await admin(t, "PUT", `/api/admin/accounts/${id}/mailbox`, { ...settings(user), host: "https://imap.gmail.com" }),
      "host",
      /name only/,
    );
    expectValidationError(await admin(t, "PUT", `/api/admin/accounts/${id}/mailbox`, { ...settings(user), port: 70000 }), "port", /1 to 65535/);
    expect((await admin(t, "PUT", "/api/admin/accounts/nope/mailbox", settings(user))).statusCode).toBe(404);
    // Plain IMAP to another machine would send the app password in the clear.
    expectValidationError(
      await admin(t, "PUT", `/api/admin/accounts/${id}/mailbox`, { ...settings(user), host: "imap.example.com" }),
      "security",
      /Choose TLS or STARTTLS/,
    );

    const saved = await admin(t, "PUT", `/api/admin/accounts/${id}/mailbox`, settings(user));
    expect(saved.json()).toMatchObject({
      message: "Mailbox of Netflix family (seller1@mail.test) saved",
      mailbox: { user: user.user, failure: null },
    });
    expect(saved.body).not.toContain(user.password);
    expect(await everythingStored(t)).not.toContain(user.password);

    // Test connection: the stored app password where none is typed; a wrong one typed says so.
    const tested = await admin(t, "POST", `/api/admin/accounts/${id}/mailbox/test`, { ...settings(user), password: "" });
    expect(tested.json()).toEqual({ success: true, result: { ok: true, messages: 0 } });
    const insecure = await admin(t, "POST", `/api/admin/accounts/${id}/mailbox/test`, { ...settings(user), host: "imap.example.com" });
    expect(insecure.json().result).toMatchObject({ ok: false, failure: "plain", message: /Choose TLS or STARTTLS/ });

    // Saving again with no password typed keeps the stored one.
    expect((await admin(t, "PUT", `/api/admin/accounts/${id}/mailbox`, { ...settings(user), password: "", folder: "INBOX" })).statusCode).toBe(200);
    const revealed = await admin(t, "POST", `/api/admin/accounts/${id}/mailbox/reveal`);
    expect(revealed.json()).toEqual({ success: true, value: user.password });
    const log = (await admin(t, "GET", "/api/admin/audit?kind=password")).json();
    expect(log.items[0]).toMatchObject({ what: "mailbox app password", label: "Netflix family (seller1@mail.test)" });

    expect((await admin(t, "DELETE", `/api/admin/accounts/${id}/mailbox`)).json().message).toMatch(/removed/);
    expect((await admin(t, "DELETE", `/api/admin/accounts/${id}/mailbox`)).statusCode).toBe(404);
  });

  it("hands a holder the newest working link of their seat's account, writes the ask to the log, and stores no code", async () => {
    const logs: string[] = [];
    const t = await createTestApp({ seed: true, env: { LOG_LEVEL: "info" }, logStream: { write: (line: string) => void logs.push(line) } });
    const mine = await netflixAccount(t, "seller2@mail.test");
    const order = await holder(t);
    const other = await netflixAccount(t, "seller3@mail.test");

    // Nothing yet: the page waits a minute for the mail.
    const waiting = await getCode(t, order);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.headers["cache-control"]).toBe("no-store");
    const { askId, reading, waitUntil } = waiting.json();
    expect(reading).toBeNull();
    expect(Date.parse(waitUntil) - Date.now()).toBeGreaterThan(55_000);

    // The other account's mail is not this holder's; a forged one to their own mailbox relays nothing.
    await server.deliver(other.user, "en-travel-code.eml");
    await server.deliver(mine.user, "forged-dkim-fail.eml");
    expect((await getCode(t, order, { askId })).json().reading).toBeNull();

    await server.deliver(mine.user, "en-travel-code.eml", new Date(Date.now() - 20 * 60_000));
    await server.deliver(mine.user, "es-travel-code.eml");
    const found = (await getCode(t, order, { askId })).json();
    expect(found).toMatchObject({
      askId,
      kind: "travel-code",
      reading: { kind: "travel-code", value: expect.stringContaining(`nftoken=${TRAVEL_TOKEN}es&`) },
    });
    expect(Date.parse(found.reading.expiresAt) - Date.parse(found.reading.receivedAt)).toBe(15 * 60_000);

    await server.deliver(mine.user, "en-sign-in-code.eml");
    expect((await getCode(t, order, { kind: "sign-in-code" })).json().reading.value).toBe("4821");

    // Two asks, two lines in the log, by the holder's address and the kind; the waits were not counted.
    const log = (await admin(t, "GET", "/api/admin/audit?kind=code")).json();
    expect(log.items.map((row: { what: string; who: string }) => [row.what, row.who])).toEqual([
      ["Netflix sign-in code", "shopper at 203.0.113.7"],
      ["Netflix temporary access code", "shopper at 203.0.113.7"],
    ]);
    const stored = await everythingStored(t);
    // The code as a value (quoted): the bare digits may be part of an id or a time.
    for (const secret of [TRAVEL_TOKEN, '"4821"', "Enter this code to sign in", "account-password", "app-password"]) {
      expect(stored).not.toContain(secret);
      expect(logs.join("\n")).not.toContain(secret);
    }
  });

  it("gives nothing to a wrong key, another order's line, a line without a seat on a mailbox, or a seat given up", async () => {
    const t = await createTestApp({ seed: true });
    const { id } = await netflixAccount(t, "seller4@mail.test", { mailbox: false });
    const withoutMailbox = await holder(t, "9800000002");
    expect((await getCode(t, withoutMailbox)).json()).toMatchObject({ success: false, message: codesNotForLine.en() });
    expect((await getCode(t, withoutMailbox, {}, "ne")).json().message).toBe(codesNotForLine.ne());
    expect(await t.app.services.mailboxes.codeLines(withoutMailbox.reference)).toEqual([]);

    const mailbox = freshUser();
    expect((await admin(t, "PUT", `/api/admin/accounts/${id}/mailbox`, settings(mailbox))).statusCode).toBe(200);
    expect((await getCode(t, withoutMailbox)).statusCode).toBe(200);
    expect(await t.app.services.mailboxes.codeLines(withoutMailbox.reference)).toEqual([withoutMailbox.lineId]);
    expect(await t.app.services.mailboxes.codeLinesAmong([withoutMailbox.lineId, "no-such-line"])).toEqual([withoutMailbox.lineId]);
    expect((await getCode(t, { ...withoutMailbox, key: "wrong-key" })).statusCode).toBe(404);
    expectValidationError(await getCode(t, withoutMailbox, { kind: "password-changed" }), "kind", /Choose what Netflix asks for/);

    const second = await netflixAccount(t, "seller5@mail.test");
    const another = await holder(t, "9800000003");
    expect((await getCode(t, { ...withoutMailbox, lineId: another.lineId })).statusCode).toBe(409);

    // The seat given up (the seller freed it): the line's codes end with it.
    expect((await admin(t, "DELETE", `/api/admin/lines/${another.lineId}/seat`)).statusCode).toBe(200);
    expect((await getCode(t, another)).json().message).toBe(codesNotForLine.en());
    // Back on a seat, of the account with its own mailbox, it gets codes again.
    expect((await admin(t, "PUT", `/api/admin/lines/${another.lineId}/seat`, {})).statusCode).toBe(200);
    expect((await getCode(t, another)).statusCode).toBe(200);
    expect(second.id).toBeTruthy();
    // Its term over, the line gets no more codes.
    await t.database.db
      .updateTable("order_lines")
      .set({ expiry_date: addDays(shopToday(new Date()), -1) })
      .where("id", "=", another.lineId)
      .execute();
    expect((await getCode(t, another)).json().message).toBe(codesNotForLine.en());
    expect(await t.app.services.mailboxes.codeLines(another.reference)).toEqual([]);
  });

  it(`counts ${READINGS_PER_HOUR} asks an hour a line; the wait of an ask is not another`, async () => {
    const t = await createTestApp({ seed: true });
    await netflixAccount(t, "seller6@mail.test");
    const order = await holder(t);
    const first = (await getCode(t, order)).json();
    for (let poll = 0; poll < 6; poll++) expect((await getCode(t, order, { askId: first.askId })).statusCode).toBe(200);
    for (let ask = 1; ask < READINGS_PER_HOUR; ask++) expect((await getCode(t, order)).statusCode).toBe(200);
    const refused = await getCode(t, order);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/You asked for 5 codes in the last hour\. Try again in 60 minutes/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    expect((await getCode(t, order, {}, "ne")).json().message).toMatch(/पछिल्लो एक घण्टामा ५ पटक कोड माग्नुभयो/);
  });
});

describeWithDovecot("the mailbox watcher tells the seller (issue 45)", () => {
  let telegram: FakeTelegram;
  beforeAll(async () => {
    server = await startDovecot(12);
    nextUser = 0;
    telegram = await startFakeTelegram();
  });
  afterAll(async () => {
    await telegram?.close();
    await server?.stop();
  });

  it("of a password change and a code nobody asked for, once each, not of a code a holder asked for", async () => {
    // The shop's clock runs ahead when the test says: a code is judged once its 15 minutes are over.
    let ahead = 0;
    const clock: Clock = () => new Date(Date.now() + ahead);
    const env = { ...telegram.env, NOTICES_TICK_MS: "50", NOTICES_RETRY_MS: "50", TELEGRAM_POLL_SECONDS: "1", PUBLIC_URL: "http://shop.test" };
    const t = await createTestApp({ seed: true, env, clock });
    const token = telegram.createBot(`mailboxes_${Date.now() % 1e6}_bot`);
    expect((await admin(t, "PUT", "/api/admin/telegram/token", { token })).statusCode).toBe(200);
    t.app.worker.start();
    const seller: FakeUser = { id: 5560001, first_name: "Sita", language_code: "en" };
    const { code } = (await admin(t, "POST", "/api/admin/telegram/connect")).json();
    telegram.say(token, seller, `/start ${code}`);
    await expect.poll(() => telegram.messages(token, seller.id).some((m) => m.text.includes("Connected."))).toBe(true);

    const asked = await netflixAccount(t, "asked@mail.test");
    const order = await holder(t);
    const unasked = await netflixAccount(t, "unasked@mail.test");
    const failing = await netflixAccount(t, "failing@mail.test");
    const user = server.users.find((entry) => entry.user === failing.user)!;
    expect((await admin(t, "PUT", `/api/admin/accounts/${failing.id}/mailbox`, { ...settings(user), folder: "Netflix" })).statusCode).toBe(200);
    expect((await getCode(t, order)).statusCode).toBe(200);
    await server.deliver(asked.user, "en-travel-code.eml", new Date(Date.now() - 60_000));
    await server.deliver(unasked.user, "en-household-update.eml", new Date(Date.now() - 60_000));
    await server.deliver(unasked.user, "en-password-changed.eml", new Date(Date.now() - 90_000));
    await server.deliver(unasked.user, "forged-dkim-fail.eml", new Date(Date.now() - 60_000));

    // Now: the password change is told at once; the codes are still in their 15 minutes.
    await t.app.services.mailboxes.watch();
    const toSeller = () => telegram.messages(token, seller.id).map((m) => m.text);
    await expect.poll(() => toSeller().filter((text) => text.includes("Password changed: Netflix family"))).toHaveLength(1);
    expect(toSeller().find((text) => text.includes("Password changed"))).toMatch(/Open account/);
    expect(toSeller().some((text) => text.includes("A code nobody asked for"))).toBe(false);
    // A mailbox that fails shows it on its account at once, and in the bot only once it keeps failing.
    expect((await admin(t, "GET", `/api/admin/accounts/${failing.id}/mailbox`)).json().mailbox).toMatchObject({
      failure: /no folder of that name/,
      alert: null,
    });

    // A quarter of an hour on: the household link nobody asked for is told; the travel code a holder asked for is not.
    // Two instances' runs at once (the scheduler lets one run a period; were both to run) tell each thing once.
    ahead = 15 * 60_000;
    await Promise.all([t.app.services.mailboxes.watch(), t.app.services.mailboxes.watch()]);
    await expect.poll(() => toSeller().filter((text) => text.includes("A code nobody asked for: Netflix family"))).toHaveLength(1);
    const mailbox = (await admin(t, "GET", `/api/admin/accounts/${unasked.id}/mailbox`)).json().mailbox;
    expect(mailbox.alert).toMatchObject({ kind: "unasked-code", text: /nobody here asked for/ });
    expect((await admin(t, "GET", `/api/admin/accounts/${asked.id}/mailbox`)).json().mailbox.alert).toBeNull();
    // Read twice, told once.
    expect(toSeller().filter((text) => text.includes("Password changed"))).toHaveLength(1);
    await expect.poll(() => toSeller().filter((text) => text.includes("Mailbox not readable: Netflix family"))).toHaveLength(1);
    expect((await admin(t, "GET", `/api/admin/accounts/${failing.id}/mailbox`)).json().mailbox.alert).toMatchObject({ kind: "mailbox-failing" });
    // The seller saw it.
    expect((await admin(t, "POST", `/api/admin/accounts/${unasked.id}/mailbox/dismiss`)).json().message).toMatch(/alert dismissed/);
    expect((await admin(t, "GET", `/api/admin/accounts/${unasked.id}/mailbox`)).json().mailbox.alert).toBeNull();
    const stored = await everythingStored(t);
    expect(stored).not.toContain(TRAVEL_TOKEN);
  });
});
