import { describe, expect, it } from "vitest";
import { addDays, shopToday } from "../../domain/ledger/settings";
import { defaultOrderLimits } from "../../domain/order-limits/schemas";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";

let nextAddress = 1;

async function itemId(t: TestApp, name: string): Promise<string> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === name)._id;
}

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie(), ...headers } });
}

const account = (itemIds: string[], seats = 4, over: object = {}) => ({
  service: "Netflix Premium",
  itemIds,
  login: "seller@example.com",
  password: "account-password-1",
  seats: Array.from({ length: seats }, (_, i) => ({ profileName: `Profile ${i + 1}`, pin: `10${i}0` })),
  renewalDate: addDays(shopToday(new Date()), 60),
  cost: 1500,
  billingCycle: "monthly",
  ...over,
});

/** Delivered orders of one line each for `item`: their line ids. */
async function deliveredLines(t: TestApp, item: string, count: number, phone = "9800000001", language?: "en" | "ne"): Promise<string[]> {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: item, months: 1, devices: 1 }], channel: "whatsapp", name: `Customer ${i + 1}`, phone, language },
      remoteAddress: `198.51.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const delivered = await admin(t, "POST", `/api/admin/orders/${placed.json().reference}/status`, { status: "delivered" });
    expect(delivered.statusCode, delivered.body).toBe(200);
    lines.push(delivered.json().order.lines[0].id);
  }
  return lines;
}

describe("provider accounts", () => {
  it("are for admins only", async () => {
    const t = await createTestApp({ seed: true });
    for (const [method, url] of [
      ["GET", "/api/admin/accounts"],
      ["POST", "/api/admin/accounts"],
      ["POST", "/api/admin/accounts/x/reveal"],
      ["PUT", "/api/admin/lines/x/seat"],
      ["GET", "/api/admin/lines/x/seats"],
      ["POST", "/api/admin/lines/x/key"],
      ["GET", "/api/admin/lines/x/delivery"],
      ["POST", "/api/admin/keys/import"],
      ["GET", "/api/admin/settings/ledger"],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === "GET" ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("refuses bad input with a message per field", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    expectValidationError(await admin(t, "POST", "/api/admin/accounts", { ...account([netflix]), login: "" }), "login", "Login is required");
    expectValidationError(await admin(t, "POST", "/api/admin/accounts", { ...account([netflix]), seats: [] }), "seats", "at least one seat");
    expectValidationError(await admin(t, "POST", "/api/admin/accounts", { ...account([netflix]), cost: -1 }), "cost", "negative");
    expectValidationError(
      await admin(t, "POST", "/api/admin/accounts", { ...account([netflix]), renewalDate: "2026-02-30" }),
      "renewalDate",
      "does not exist",
    );
    expectValidationError(await admin(t, "POST", "/api/admin/accounts", { ...account([netflix]), status: "lost" }), "status");
    expectValidationError(await admin(t, "POST", "/api/admin/accounts", account(["no-such-item"])), "itemIds.0", "No such item");
    const { password: _, ...withoutPassword } = account([netflix]);
    expectValidationError(await admin(t, "POST", "/api/admin/accounts", withoutPassword), "password");
    expectValidationError(await admin(t, "POST", "/api/admin/accounts/x/reveal", { what: "everything" }), "what");
    expectValidationError(await admin(t, "POST", "/api/admin/keys/import", { itemId: netflix, text: "  \n" }), "text", "one a line");
    expect((await admin(t, "GET", "/api/admin/accounts")).json()).toMatchObject({ items: [], total: 0, summary: { accounts: 0, seats: 0 } });
  });

  it("are listed with seats used of total, and saved only over the version they were read at", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const created = await admin(t, "POST", "/api/admin/accounts", account([netflix]));
    expect(created.statusCode, created.body).toBe(201);
    const stored = created.json().account;
    expect(stored).toMatchObject({ seatsUsed: 0, version: 1, warnings: [] });
    expect(stored.seats.map((s: { position: number; hasPin: boolean }) => [s.position, s.hasPin])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, true],
    ]);

    // Edit: drop seat 4, rename seat 1, keep its PIN, clear seat 2's; the password stays when not given.
    const seats = [
      { id: stored.seats[0].id, profileName: "Mum" },
      { id: stored.seats[1].id, profileName: "Dad", pin: "" },
      { id: stored.seats[2].id, profileName: "Kid" },
      { profileName: "Guest" },
    ];
    const { password: _, ...edit } = { ...account([netflix]), seats, notes: "Paid by card" };
    const saved = await admin(t, "PUT", `/api/admin/accounts/${stored._id}`, edit, { "if-match": '"1"' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().account.seats.map((s: { profileName: string; hasPin: boolean }) => [s.profileName, s.hasPin])).toEqual([
      ["Mum", true],
      ["Dad", false],
      ["Kid", true],
      ["Guest", false],
    ]);
    expect(saved.json().account.version).toBe(2);
    const stale = await admin(t, "PUT", `/api/admin/accounts/${stored._id}`, edit, { "if-match": '"1"' });
    expect(stale.statusCode).toBe(409);
    const reveal = await admin(t, "POST", `/api/admin/accounts/${stored._id}/reveal`, { what: "password" });
    expect(reveal.json().value).toBe("account-password-1");
    expect((await admin(t, "GET", "/api/admin/accounts/nope")).statusCode).toBe(404);
  });
});

describe("the account list", () => {
  it("is paged, searched over accounts and the customers on their seats, and filtered by status and warnings", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const today = shopToday(new Date());
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const renewalDate = i < 3 ? addDays(today, i * 3) : addDays(today, 60);
      const created = await admin(t, "POST", "/api/admin/accounts", {
        ...account([netflix], 2, { service: `Netflix ${String(i).padStart(2, "0")}`, login: `login${i}@example.com`, renewalDate }),
        ...(i === 22 ? { status: "retired", renewalDate: addDays(today, 1) } : {}),
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().account._id);
    }
    // A customer on a seat of "Netflix 10", whose line runs past the day that account ends, not renewed; and
    // one on "Netflix 11", which is billed again before the line ends: no warning (ADR 0096).
    await admin(
      t,
      "PUT",
      `/api/admin/accounts/${ids[10]}`,
      account([netflix], 2, { service: "Netflix 10", renewalDate: addDays(today, 20), renews: false }),
    );
    await admin(t, "PUT", `/api/admin/accounts/${ids[11]}`, account([netflix], 2, { service: "Netflix 11", renewalDate: addDays(today, 20) }));
    const [renewing] = await deliveredLines(t, netflix, 1, "9812000011");
    const seatOf11 = (await admin(t, "GET", `/api/admin/accounts/${ids[11]}`)).json().account.seats[0].id;
    expect((await admin(t, "PUT", `/api/admin/lines/${renewing}/seat`, { seatId: seatOf11 })).statusCode).toBe(200);
    const [line] = await deliveredLines(t, netflix, 1, "9841234567");
    const seatOf10 = (await admin(t, "GET", `/api/admin/accounts/${ids[10]}`)).json().account.seats[0].id;
    expect((await admin(t, "PUT", `/api/admin/lines/${line}/seat`, { seatId: seatOf10 })).statusCode).toBe(200);
    const { reference } = await t.database.db
      .selectFrom("order_lines as l")
      .innerJoin("orders as o", "o.id", "l.order_id")
      .select("o.reference")
      .where("l.id", "=", line!)
      .executeTakeFirstOrThrow();

    const list = async (query: string) => {
      const answer = await admin(t, "GET", `/api/admin/accounts${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    const services = (page: { items: Array<{ service: string }> }) => page.items.map((a) => a.service);

    const first = await list("");
    expect(first).toMatchObject({ total: 23, page: 1, pages: 2, summary: { accounts: 23, seats: 46, seatsUsed: 2 } });
    expect(services(first)).toEqual(Array.from({ length: 20 }, (_, i) => `Netflix ${String(i).padStart(2, "0")}`));
    expect(services(await list("?page=2"))).toEqual(["Netflix 20", "Netflix 21", "Netflix 22"]);
    // Past the last page: the last page, not an empty one.
    expect(await list("?page=9")).toMatchObject({ page: 2, pages: 2 });

    expect(services(await list("?q=LOGIN7%40"))).toEqual(["Netflix 07"]);
    expect(services(await list(`?q=${reference.toLowerCase()}`))).toEqual(["Netflix 10"]);
    expect(services(await list("?q=984123"))).toEqual(["Netflix 10"]);
    expect(services(await list("?q=Customer%201"))).toEqual(["Netflix 10", "Netflix 11"]);
    // % and _ are letters to look for, not patterns.
    expect((await list("?q=%25")).total).toBe(0);
    expect((await list("?q=login_")).total).toBe(0);
    expect(services(await list("?status=retired"))).toEqual(["Netflix 22"]);
    expect(await list("?status=paused")).toMatchObject({ total: 0, items: [], page: 1, pages: 1 });

    // The warnings filter and count agree with the warnings each account carries.
    const everything = (await list("?limit=200")).items as Array<{ service: string; warnings: unknown[] }>;
    const warned = everything.filter((a) => a.warnings.length > 0).map((a) => a.service);
    expect(warned).toEqual(["Netflix 00", "Netflix 01", "Netflix 02", "Netflix 10"]);
    const attention = await list("?attention=true");
    expect(services(attention)).toEqual(warned);
    expect(attention.summary.needAttention).toBe(4);
    expect(services(await list("?attention=true&q=netflix%2001"))).toEqual(["Netflix 01"]);

    expectValidationError(await admin(t, "GET", "/api/admin/accounts?page=0"), "page");
    expectValidationError(await admin(t, "GET", "/api/admin/accounts?status=lost"), "status");
    expectValidationError(await admin(t, "GET", "/api/admin/accounts?attention=maybe"), "attention");
    expectValidationError(await admin(t, "GET", `/api/admin/accounts?q=${"x".repeat(61)}`), "q");
  });
});

describe("seats for delivered lines", () => {
  it("proposes the fullest fitting account, assigns, moves keeping history, and frees", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const first = (await admin(t, "POST", "/api/admin/accounts", account([netflix], 2))).json().account;
    const second = (await admin(t, "POST", "/api/admin/accounts", account([netflix], 2))).json().account;
    const [a, b, c] = await deliveredLines(t, netflix, 3);

    const proposal = (await admin(t, "GET", `/api/admin/lines/${a}/seat`)).json();
    expect(proposal).toMatchObject({ held: null, proposal: { accountId: first._id, position: 1 } });
    expect((await admin(t, "PUT", `/api/admin/lines/${a}/seat`, {})).statusCode).toBe(200);
    // The fuller account first: b goes beside a, not onto the empty second account.
    expect((await admin(t, "PUT", `/api/admin/lines/${b}/seat`, {})).json().seat).toMatchObject({ accountId: first._id, position: 2 });
    expect((await admin(t, "PUT", `/api/admin/lines/${c}/seat`, {})).json().seat).toMatchObject({ accountId: second._id, position: 1 });

    const list = (await admin(t, "GET", "/api/admin/accounts")).json().items;
    const firstListed = list.find((x: { _id: string }) => x._id === first._id);
    expect(firstListed.seatsUsed).toBe(2);
    expect(firstListed.seats[0].holder).toMatchObject({ customerName: "Customer 1", lineId: a });

    // The seats c may move to: the free ones, fitting first, the proposal among them.
    const choices = (await admin(t, "GET", `/api/admin/lines/${c}/seats`)).json().seats;
    expect(choices.map((x: { accountId: string; position: number; fits: boolean }) => [x.accountId, x.position, x.fits])).toEqual([
      [second._id, 2, true],
    ]);
    expect(choices[0]).toMatchObject({ service: "Netflix Premium", login: "seller@example.com", profileName: "Profile 2" });
    expect((await admin(t, "GET", "/api/admin/lines/nope/seats")).statusCode).toBe(404);

    // Taken seat: refused. A seat of an account that does not serve the item, or is paused: refused.
    expect((await admin(t, "PUT", `/api/admin/lines/${c}/seat`, { seatId: firstListed.seats[0].id })).statusCode).toBe(409);
    const spotify = await itemId(t, "Spotify Premium");
    const other = (await admin(t, "POST", "/api/admin/accounts", account([spotify], 1, { service: "Spotify Family" }))).json().account;
    const wrongItem = await admin(t, "PUT", `/api/admin/lines/${c}/seat`, { seatId: other.seats[0].id });
    expect(wrongItem.statusCode).toBe(409);
    expect(wrongItem.json().message).toBe("Seat 1 of Spotify Family cannot take this line: its account is not active or does not serve this item");
    await admin(t, "PUT", `/api/admin/accounts/${other._id}`, {
      ...account([spotify, netflix], 1, { service: "Spotify Family", status: "paused" }),
      seats: [{ id: other.seats[0].id }],
    });
    expect((await admin(t, "PUT", `/api/admin/lines/${c}/seat`, { seatId: other.seats[0].id })).statusCode).toBe(409);
    // Move c onto the second account's seat 2, then free it.
    const moved = await admin(t, "PUT", `/api/admin/lines/${c}/seat`, { seatId: second.seats[1].id });
    expect(moved.json().seat).toMatchObject({ accountId: second._id, position: 2 });
    const history = (await admin(t, "GET", `/api/admin/accounts/${second._id}`)).json().history;
    expect(history.map((h: { position: number; endReason: string | null }) => [h.position, h.endReason])).toEqual(
      expect.arrayContaining([
        [1, "moved"],
        [2, null],
      ]),
    );
    expect((await admin(t, "DELETE", `/api/admin/lines/${c}/seat`)).statusCode).toBe(200);
    expect((await admin(t, "DELETE", `/api/admin/lines/${c}/seat`)).statusCode).toBe(404);
    // An account with seats in use is not deleted.
    expect((await admin(t, "DELETE", `/api/admin/accounts/${first._id}`)).statusCode).toBe(409);
    expect((await admin(t, "DELETE", `/api/admin/accounts/${second._id}`)).statusCode).toBe(200);
  });

  it("gives the last free seat to exactly one of six lines asking at once", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    await admin(t, "POST", "/api/admin/accounts", account([netflix], 1));
    const lines = await deliveredLines(t, netflix, 6);
    const answers = await Promise.all(lines.map((line) => admin(t, "PUT", `/api/admin/lines/${line}/seat`, {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const holders = await t.database.db.selectFrom("seat_assignments").selectAll().where("ended_at", "is", null).execute();
    expect(holders).toHaveLength(1);
  });

  it("frees the seat of a line that ended and was not renewed within the grace period", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const created = (await admin(t, "POST", "/api/admin/accounts", account([netflix], 1))).json().account;
    const [line] = await deliveredLines(t, netflix, 1);
    await admin(t, "PUT", `/api/admin/lines/${line}/seat`, {});
    const order = (
      await t.database.db
        .selectFrom("order_lines as l")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select("o.reference")
        .where("l.id", "=", line!)
        .executeTakeFirstOrThrow()
    ).reference;
    const today = shopToday(new Date());
    const startSoThatItEnded = async (daysAgo: number) => {
      // A 1-month line started a month and `daysAgo` days ago ended `daysAgo` days ago.
      const start = addDays(new Date(Date.parse(`${today}T00:00:00Z`) - 0).toISOString().slice(0, 10), -daysAgo);
      const monthBefore = new Date(Date.parse(`${start}T00:00:00Z`));
      monthBefore.setUTCMonth(monthBefore.getUTCMonth() - 1);
      await admin(t, "PUT", `/api/admin/orders/${order}/lines/${line}/start`, { startDate: monthBefore.toISOString().slice(0, 10) });
    };
    await startSoThatItEnded(3);
    expect((await admin(t, "GET", `/api/admin/accounts/${created._id}`)).json().account.seatsUsed).toBe(1);
    await startSoThatItEnded(4);
    expect((await admin(t, "GET", `/api/admin/accounts/${created._id}`)).json().account.seatsUsed).toBe(0);
    const history = (await admin(t, "GET", `/api/admin/accounts/${created._id}`)).json().history;
    expect(history[0]).toMatchObject({ endReason: "expired" });
    // Over: offered no seat, and refused one or a key when asked.
    expect((await admin(t, "GET", `/api/admin/lines/${line}/seat`)).json()).toMatchObject({
      held: null,
      proposal: null,
      linked: true,
      endedOn: addDays(today, -4),
    });
    const reassigned = await admin(t, "PUT", `/api/admin/lines/${line}/seat`, {});
    expect(reassigned.statusCode).toBe(409);
    expect(reassigned.json().message).toMatch(/grace period is over/);
    await admin(t, "POST", "/api/admin/keys/import", { itemId: netflix, text: "LATE-KEY" });
    const keyed = await admin(t, "POST", `/api/admin/lines/${line}/key`);
    expect(keyed.statusCode).toBe(409);
    expect(keyed.json().message).toMatch(/grace period is over/);
  });

  it("writes the delivery message from the template, with links to the customer's chat", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    await admin(t, "POST", "/api/admin/accounts", account([netflix], 1));
    const [line] = await deliveredLines(t, netflix, 1, "9812345678");
    expect((await admin(t, "GET", `/api/admin/lines/${line}/delivery`)).statusCode).toBe(409);
    await admin(t, "PUT", `/api/admin/lines/${line}/seat`, {});
    const delivery = (await admin(t, "GET", `/api/admin/lines/${line}/delivery`)).json();
    expect(delivery.message).toContain("Login: seller@example.com");
    expect(delivery.message).toContain("Password: account-password-1");
    expect(delivery.message).toContain("Profile: Profile 1");
    expect(delivery.message).toContain("PIN: 1000");
    expect(delivery.message).not.toContain("Key:");
    expect(delivery.message).toMatch(/Order PSL-/);
    expect(delivery.whatsappUrl).toBe(`https://wa.me/9779812345678?text=${encodeURIComponent(delivery.message)}`);
    expect(delivery.telegramUrl).toMatch(/^https:\/\/t\.me\/\+9779812345678\?text=/);

    const settings = (await admin(t, "GET", "/api/admin/settings/ledger")).json();
    expect(settings.data.graceDays).toBe(3);
    expectValidationError(
      await admin(t, "PUT", "/api/admin/settings/ledger", { graceDays: 3, deliveryTemplate: "Hi {customer}, {passwrd}" }),
      "deliveryTemplate",
      "Unknown placeholder {passwrd}",
    );
    const saved = await admin(
      t,
      "PUT",
      "/api/admin/settings/ledger",
      { graceDays: 5, deliveryTemplate: "{service}: {login} / {password}" },
      { "if-match": `"${settings.version}"` },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin(t, "GET", `/api/admin/lines/${line}/delivery`)).json().message).toBe(
      "Netflix Premium (Netflix Premium): seller@example.com / account-password-1",
    );
  });
});

describe("the delivery message in the order's language", () => {
  it("writes to a shopper who ordered in Nepali in Nepali (built-in, or the admin's own), with the dates in BS and AD", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    await admin(t, "POST", "/api/admin/accounts", account([netflix], 2));
    const [nepali] = await deliveredLines(t, netflix, 1, "9812345678", "ne");
    const [english] = await deliveredLines(t, netflix, 1, "9812345679", "en");
    await admin(t, "PUT", `/api/admin/lines/${nepali}/seat`, {});
    await admin(t, "PUT", `/api/admin/lines/${english}/seat`, {});

    const delivery = (await admin(t, "GET", `/api/admin/lines/${nepali}/delivery`)).json();
    expect(delivery.message).toMatch(/^नमस्ते Customer 1! तपाईंको Netflix Premium \(Netflix Premium\) तयार छ।\n/);
    expect(delivery.message).toContain("\nलगइन: seller@example.com\nपासवर्ड: account-password-1\nप्रोफाइल: Profile 1\nPIN: 1000\n");
    expect(delivery.message).not.toContain("लाइसेन्स की");
    expect(delivery.message).toMatch(/\nअवधि: २०\S+ \S+ \S+ \(\d{1,2} \w{3} \d{4}\) देखि .+ सम्म।\n/);
    expect(delivery.message).toContain("साझा खाता");
    expect(delivery.message).toMatch(/\nअर्डर नम्बर \(Order ref\): PSL-[A-Z0-9]{5}\nधन्यवाद!$/);
    expect(delivery.whatsappUrl).toBe(`https://wa.me/9779812345678?text=${encodeURIComponent(delivery.message)}`);
    expect((await admin(t, "GET", `/api/admin/lines/${english}/delivery`)).json().message).toMatch(/^Hello Customer 1! Your Netflix Premium/);

    const settings = (await admin(t, "GET", "/api/admin/settings/ledger")).json();
    expect(settings.data.deliveryTemplateNe).toMatch(/^नमस्ते \{customer\}!/);
    expectValidationError(
      await admin(t, "PUT", "/api/admin/settings/ledger", { ...settings.data, deliveryTemplateNe: "{लगइन}" }),
      "deliveryTemplateNe",
      "Unknown placeholder {लगइन}",
    );
    const saved = await admin(t, "PUT", "/api/admin/settings/ledger", { ...settings.data, deliveryTemplateNe: "{service}: {login} ({reference})" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin(t, "GET", `/api/admin/lines/${nepali}/delivery`)).json().message).toMatch(
      /^Netflix Premium \(Netflix Premium\): seller@example.com \(PSL-[A-Z0-9]{5}\)$/,
    );
    expect((await admin(t, "GET", `/api/admin/lines/${english}/delivery`)).json().message).toMatch(/^Hello Customer 1!/);
    // Emptied, the Nepali message is the built-in one again, and the screen shows it.
    await admin(t, "PUT", "/api/admin/settings/ledger", { ...settings.data, deliveryTemplateNe: "" });
    expect((await admin(t, "GET", "/api/admin/settings/ledger")).json().data.deliveryTemplateNe).toBe(settings.data.deliveryTemplateNe);
    expect((await admin(t, "GET", `/api/admin/lines/${nepali}/delivery`)).json().message).toMatch(/^नमस्ते Customer 1!/);
  });
});

describe("licence keys", () => {
  it("imports one a line, reporting empty lines, repeats and keys already in stock", async () => {
    const t = await createTestApp({ seed: true });
    const item = await itemId(t, "Netflix Premium");
    const first = await admin(t, "POST", "/api/admin/keys/import", { itemId: item, text: "AAA-1\n\nBBB-2\nAAA-1\n" });
    expect(first.json()).toMatchObject({ imported: 2, emptyLines: [2], duplicateLines: [4], alreadyInStock: [] });
    // What each key cost the shop, for the reports: 0 unless given.
    const second = await admin(t, "POST", "/api/admin/keys/import", { itemId: item, text: "CCC-3\nBBB-2", cost: 120 });
    expect(second.json()).toMatchObject({ imported: 1, alreadyInStock: [2] });
    expect((await admin(t, "GET", "/api/admin/keys")).json().items).toEqual([{ itemId: item, inStock: 3, delivered: 0, neverExpires: false }]);
    expect((await t.database.db.selectFrom("licence_keys").select("cost").orderBy("cost").execute()).map((row) => row.cost)).toEqual([0, 0, 120]);
    expectValidationError(await admin(t, "POST", "/api/admin/keys/import", { itemId: "nope", text: "X" }), "itemId");
    expectValidationError(await admin(t, "POST", "/api/admin/keys/import", { itemId: item, text: "DDD-4", cost: -5 }), "cost", "negative");
    expectValidationError(await admin(t, "POST", "/api/admin/keys/import", { itemId: item, text: "DDD-4", cost: 1.5 }), "cost", "whole rupees");
  });

  it("never hands one key to two of 50 deliveries at once", async () => {
    const t = await createTestApp({ seed: true });
    const item = await itemId(t, "Netflix Premium");
    const keys = Array.from({ length: 55 }, (_, i) => `KEY-${i}`);
    expect((await admin(t, "POST", "/api/admin/keys/import", { itemId: item, text: keys.join("\n") })).json().imported).toBe(55);
    // More orders in a minute than the shop-wide ceiling takes by default (ADR 0101).
    await admin(t, "PUT", "/api/admin/settings/order-limits", { ...defaultOrderLimits, ordersPerMinute: 1000 });
    const lines = await deliveredLines(t, item, 50);
    const answers = await Promise.all(lines.map((line) => admin(t, "POST", `/api/admin/lines/${line}/key`)));
    expect(answers.map((a) => a.statusCode)).toEqual(lines.map(() => 201));
    const given = await t.database.db.selectFrom("licence_keys").select(["id", "line_id"]).where("line_id", "is not", null).execute();
    expect(given).toHaveLength(50);
    expect(new Set(given.map((k) => k.line_id)).size).toBe(50);
    // A second key for a one-device line is refused.
    expect((await admin(t, "POST", `/api/admin/lines/${lines[0]}/key`)).statusCode).toBe(409);
    expect((await admin(t, "GET", "/api/admin/keys")).json().items).toEqual([{ itemId: item, inStock: 5, delivered: 50, neverExpires: false }]);
    const message = (await admin(t, "GET", `/api/admin/lines/${lines[0]}/delivery`)).json().message;
    expect(message).toMatch(/Key: KEY-\d+/);
    expect(message).not.toContain("Password:");
  });
});

describe("availability", () => {
  it("follows free seats and keys, and says nothing of items sold from neither", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const spotify = await itemId(t, "Spotify Premium");
    expect(await t.app.services.availability.of(netflix)).toBeNull();
    await admin(t, "POST", "/api/admin/accounts", account([netflix], 4));
    expect(await t.app.services.availability.of(netflix)).toEqual({ state: "in-stock" });
    const lines = await deliveredLines(t, netflix, 4);
    await admin(t, "PUT", `/api/admin/lines/${lines[0]}/seat`, {});
    expect(await t.app.services.availability.of(netflix)).toEqual({ state: "few", left: 3 });
    for (const line of lines.slice(1)) await admin(t, "PUT", `/api/admin/lines/${line}/seat`, {});
    expect(await t.app.services.availability.of(netflix)).toEqual({ state: "out" });
    expect(await t.app.services.availability.of(spotify)).toBeNull();
  });
});

describe("selling beyond stock", () => {
  it("takes the order and marks it waiting for stock until stock arrives or an earlier order is cancelled", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    await admin(t, "POST", "/api/admin/accounts", account([netflix], 2));
    const references: string[] = [];
    for (let i = 0; i < 3; i++) {
      const placed = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp" },
        remoteAddress: `203.0.113.${nextAddress++ & 255}`,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      references.push(placed.json().reference);
    }
    const waiting = await Promise.all(
      references.map(async (reference) => (await admin(t, "GET", `/api/admin/orders/${reference}`)).json().order.lines[0].waitingForStock),
    );
    expect(waiting).toEqual([false, false, true]);
    expect(await t.app.services.availability.of(netflix)).toEqual({ state: "few", left: 2 });

    const waitingNow = async () =>
      (await admin(t, "GET", "/api/admin/orders?limit=10"))
        .json()
        .items.map((order: { reference: string; lines: Array<{ waitingForStock: boolean }> }) => [order.reference, order.lines[0]!.waitingForStock]);
    // Cancelling an earlier order leaves its seat to the one that waited; a fourth order then waits instead.
    expect((await admin(t, "POST", `/api/admin/orders/${references[0]}/status`, { status: "cancelled" })).statusCode).toBe(200);
    const fourth = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp" },
      remoteAddress: `203.0.113.${nextAddress++ & 255}`,
    });
    expect(await waitingNow()).toEqual([
      [fourth.json().reference, true],
      [references[2], false],
      [references[1], false],
      [references[0], false],
    ]);
    // Stock arriving clears the mark on the next read: a key of the item is enough.
    const imported = await admin(t, "POST", "/api/admin/keys/import", { itemId: netflix, text: "NFX-KEY-1" });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await waitingNow())[0]).toEqual([fourth.json().reference, false]);
  });
});

describe("renewals", () => {
  it("name the seat the line holds, so renewing keeps the customer on their profile", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    await admin(t, "POST", "/api/admin/accounts", account([netflix], 2, { service: "Netflix 4K" }));
    const [line] = await deliveredLines(t, netflix, 1);
    await admin(t, "PUT", `/api/admin/lines/${line}/seat`, {});
    const renewal = (await admin(t, "GET", "/api/admin/renewals?days=40")).json().items.find((r: { lineId: string }) => r.lineId === line);
    expect(renewal.message).toContain("Renewing keeps you on the same place: Netflix 4K, profile Profile 1.");
    expect(decodeURIComponent(renewal.whatsappUrl)).toContain("Netflix 4K, profile Profile 1");
    expect(renewal.message).not.toContain("1000");
  });
});

describe("stock thresholds", () => {
  it('set per item when the shop says "Only N left"', async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    await admin(t, "POST", "/api/admin/accounts", account([netflix], 5));
    expect(await t.app.services.availability.of(netflix)).toEqual({ state: "in-stock" });
    expect((await admin(t, "PUT", "/api/admin/stock-thresholds", { itemId: netflix, threshold: 5 })).statusCode).toBe(200);
    expect(await t.app.services.availability.of(netflix)).toEqual({ state: "few", left: 5 });
    expectValidationError(await admin(t, "PUT", "/api/admin/stock-thresholds", { itemId: netflix, threshold: -1 }), "threshold", "negative");
    expectValidationError(await admin(t, "PUT", "/api/admin/stock-thresholds", { itemId: "nope", threshold: 1 }), "itemId", "No such item");
    // An item sold from nothing shows nothing of the ledger on a delivered order.
    const spotify = await itemId(t, "Spotify Premium");
    const [line] = await deliveredLines(t, spotify, 1);
    expect((await admin(t, "GET", `/api/admin/lines/${line}/seat`)).json()).toMatchObject({ linked: false, held: null, proposal: null, keys: 0 });
  });
});
