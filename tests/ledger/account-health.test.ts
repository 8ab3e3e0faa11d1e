import { describe, expect, it } from "vitest";
import { addDays, shopToday } from "../../domain/ledger/settings";
import { createTestApp, expectValidationError, loginAs, TEST_ADMIN, type TestApp } from "../helpers/app";

// Provider accounts that stay healthy (ADR 0109): a changed password told to every holder, the old
// one kept 7 days, and holders moved off an account all at once or not at all.

let nextAddress = 1;

async function itemId(t: TestApp, name: string): Promise<string> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === name)._id;
}

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

const account = (itemIds: string[], seats: number, over: object = {}) => ({
  service: "Netflix family",
  itemIds,
  login: "banned@example.com",
  password: "old-password-1",
  seats: Array.from({ length: seats }, (_, i) => ({ profileName: `Profile ${i + 1}` })),
  billingCycle: "monthly",
  renewalDate: addDays(shopToday(new Date()), 60),
  cost: 1500,
  ...over,
});

type Account = { _id: string; seats: Array<{ id: string; position: number }>; seatsUsed: number };

async function addAccount(t: TestApp, body: object): Promise<Account> {
  const created = await admin(t, "POST", "/api/admin/accounts", body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json().account;
}

/** A delivered one-month line of `item` for a new customer, put on `seatId` (or the proposed seat). */
async function holder(t: TestApp, item: string, phone: string, seatId?: string, language: "en" | "ne" = "en"): Promise<string> {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: item, months: 1, devices: 1 }], channel: "whatsapp", name: `Customer ${phone.slice(-2)}`, phone, language },
    remoteAddress: `198.51.100.${nextAddress++ & 255}`,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const delivered = await admin(t, "POST", `/api/admin/orders/${placed.json().reference}/status`, { status: "delivered" });
  expect(delivered.statusCode, delivered.body).toBe(200);
  const lineId: string = delivered.json().order.lines[0].id;
  const seated = await admin(t, "PUT", `/api/admin/lines/${lineId}/seat`, seatId ? { seatId } : {});
  expect(seated.statusCode, seated.body).toBe(200);
  return lineId;
}

const accountOf = async (t: TestApp, id: string): Promise<Account> => (await admin(t, "GET", `/api/admin/accounts/${id}`)).json().account;

describe("the password changed (issue 32)", () => {
  it("lists every holder to tell, sends each their new details in their language, and marks who was told", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const created = await addAccount(t, account([netflix], 3));
    await holder(t, netflix, "9800000011", created.seats[0]!.id);
    await holder(t, netflix, "9800000012", created.seats[1]!.id, "ne");

    const changed = await admin(t, "POST", `/api/admin/accounts/${created._id}/secret-change`, { what: "password", value: "new-password-2" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ holders: 2, message: "Password saved: tell the 2 holders below" });

    const listed = (await admin(t, "GET", `/api/admin/accounts/${created._id}/notices`)).json();
    expect(listed.notices).toHaveLength(2);
    expect(
      listed.notices.every((n: { toldAt: string | null; reason: string; reachable: boolean }) => !n.toldAt && n.reason === "password" && n.reachable),
    ).toBe(true);
    expect(listed.previous).toMatchObject([{ what: "password", seatPosition: null, replacedBy: TEST_ADMIN.email }]);

    const nepali = listed.notices.find((n: { customerName: string }) => n.customerName === "Customer 12");
    const sent = await admin(t, "POST", `/api/admin/notices/${nepali.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    const { message, whatsappUrl } = sent.json();
    expect(message).toMatch(/^तपाईंको खाताको पासवर्ड परिवर्तन भएको छ।/);
    expect(message).toContain("new-password-2");
    expect(message).not.toContain("old-password-1");
    expect(whatsappUrl).toMatch(/^https:\/\/wa\.me\/9779800000012\?text=/);

    const after = (await admin(t, "GET", `/api/admin/accounts/${created._id}/notices`)).json().notices;
    expect(after.map((n: { customerName: string; toldBy: string | null }) => [n.customerName, n.toldBy])).toEqual([
      ["Customer 11", null],
      ["Customer 12", TEST_ADMIN.email],
    ]);

    // The stored password is the new one; the old one is read from the reveal log's history, and that is logged.
    const reveal = (body: object) => admin(t, "POST", `/api/admin/accounts/${created._id}/reveal`, body);
    expect((await reveal({ what: "password" })).json().value).toBe("new-password-2");
    expect((await reveal({ what: "previous", previousId: listed.previous[0].id })).json().value).toBe("old-password-1");
    const reveals = (await admin(t, "GET", `/api/admin/accounts/${created._id}`)).json().reveals.map((r: { what: string }) => r.what);
    expect(reveals[0]).toMatch(/^replaced password \(replaced \d{4}-\d{2}-\d{2}\)$/);
  });

  it("tells only the holder of a seat whose PIN changed", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const created = await addAccount(t, account([netflix], 2));
    await holder(t, netflix, "9800000021", created.seats[0]!.id);
    await holder(t, netflix, "9800000022", created.seats[1]!.id);
    const changed = await admin(t, "POST", `/api/admin/accounts/${created._id}/secret-change`, {
      what: "pin",
      seatId: created.seats[1]!.id,
      value: "4321",
    });
    expect(changed.json()).toMatchObject({ holders: 1 });
    const [notice] = (await admin(t, "GET", `/api/admin/accounts/${created._id}/notices`)).json().notices;
    expect(notice).toMatchObject({ customerName: "Customer 22", reason: "pin" });
    expect((await admin(t, "POST", `/api/admin/notices/${notice.id}/send`)).json().message).toContain("4321");
  });

  it("refuses a change that says nothing new, or names no seat, with a message; an unknown account is 404", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const created = await addAccount(t, account([netflix], 1));
    const change = (body: object, id = created._id) => admin(t, "POST", `/api/admin/accounts/${id}/secret-change`, body);
    expectValidationError(await change({ what: "password", value: "old-password-1" }), "value", "Same as the stored password");
    expectValidationError(await change({ what: "pin", value: "1234" }), "seatId", "Choose the seat whose PIN changed");
    expectValidationError(await change({ what: "password", value: " " }), "value");
    expect((await change({ what: "password", value: "x-1" }, "nope")).statusCode).toBe(404);
    expect((await admin(t, "POST", "/api/admin/notices/nope/send")).statusCode).toBe(404);
  });

  it("keeps the old password readable for 7 days, then the sweep deletes it", async () => {
    let offset = 0;
    const t = await createTestApp({ seed: true, clock: () => new Date(Date.now() + offset) });
    const netflix = await itemId(t, "Netflix Premium");
    const created = await addAccount(t, account([netflix], 1));
    await admin(t, "POST", `/api/admin/accounts/${created._id}/secret-change`, { what: "password", value: "new-password-2" });
    const [previous] = (await admin(t, "GET", `/api/admin/accounts/${created._id}/notices`)).json().previous;
    // A week on, the first session has ended: each look signs in afresh.
    const revealOld = async () =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/accounts/${created._id}/reveal`,
        payload: { what: "previous", previousId: previous.id },
        headers: { cookie: await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password) },
      });

    offset = 7 * 86_400_000 - 60_000;
    expect(await t.app.services.previousSecrets.sweep()).toBe(0);
    expect((await revealOld()).json().value).toBe("old-password-1");

    offset = 7 * 86_400_000 + 60_000;
    expect(await t.app.services.previousSecrets.sweep()).toBe(1);
    const gone = await revealOld();
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/kept 7 days/);
    expect(await t.database.db.selectFrom("previous_secrets").selectAll().execute()).toEqual([]);
  });
});

describe("moving seats (issue 32)", () => {
  async function bannedWithFour(t: TestApp) {
    const netflix = await itemId(t, "Netflix Premium");
    const banned = await addAccount(t, account([netflix], 4));
    const lines = [];
    for (const [index, seat] of banned.seats.entries()) lines.push(await holder(t, netflix, `98000000${31 + index}`, seat.id));
    const spare = await addAccount(t, account([netflix], 5, { login: "spare@example.com", password: "spare-password" }));
    return { netflix, banned, spare, lines };
  }

  it("moves all 4 holders to free seats of another account in one confirmation, and lists them to be told", async () => {
    const t = await createTestApp({ seed: true });
    const { banned, spare, lines } = await bannedWithFour(t);

    const proposed = await admin(t, "POST", `/api/admin/accounts/${banned._id}/move-proposals`, {});
    expect(proposed.statusCode, proposed.body).toBe(200);
    const { proposals } = proposed.json();
    expect(
      proposals.map((p: { lineId: string; fromPosition: number; to: { accountId: string; position: number } }) => [
        p.lineId,
        p.fromPosition,
        p.to.accountId,
        p.to.position,
      ]),
    ).toEqual(lines.map((lineId, index) => [lineId, index + 1, spare._id, index + 1]));
    // Proposing changes nothing.
    expect((await accountOf(t, banned._id)).seatsUsed).toBe(4);

    const moves = proposals.map((p: { lineId: string; fromSeatId: string; to: { seatId: string } }) => ({
      lineId: p.lineId,
      fromSeatId: p.fromSeatId,
      seatId: p.to.seatId,
    }));
    const moved = await admin(t, "POST", `/api/admin/accounts/${banned._id}/moves`, { moves });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ moved: 4, message: "4 holders moved: tell them their new details below" });
    expect((await accountOf(t, banned._id)).seatsUsed).toBe(0);
    expect((await accountOf(t, spare._id)).seatsUsed).toBe(4);

    // A history line on the old account (its seats' history, the audit) and on each line (its seat now).
    const old = (await admin(t, "GET", `/api/admin/accounts/${banned._id}`)).json();
    expect(old.history.map((h: { endReason: string }) => h.endReason)).toEqual(["moved", "moved", "moved", "moved"]);
    expect(
      old.reveals.filter((r: { what: string }) => / moved from seat \d to Netflix family \(spare@example\.com\), seat \d$/.test(r.what)),
    ).toHaveLength(4);
    expect((await admin(t, "GET", `/api/admin/lines/${lines[0]}/seat`)).json().held).toMatchObject({ accountId: spare._id, position: 1 });

    // Told from the account they left, where the seller is.
    const notices = (await admin(t, "GET", `/api/admin/accounts/${banned._id}/notices`)).json().notices;
    expect(notices.map((n: { reason: string }) => n.reason)).toEqual(["moved", "moved", "moved", "moved"]);
    const sent = (await admin(t, "POST", `/api/admin/notices/${notices[0].id}/send`)).json();
    expect(sent.message).toMatch(/^We have moved you to another account/);
    expect(sent.message).toContain("spare-password");
  });

  it("moves nothing when a proposed seat was taken meanwhile (409), and nothing when a holder already left", async () => {
    const t = await createTestApp({ seed: true });
    const { netflix, banned, spare } = await bannedWithFour(t);
    const { proposals } = (await admin(t, "POST", `/api/admin/accounts/${banned._id}/move-proposals`, {})).json();
    const moves = proposals.map((p: { lineId: string; fromSeatId: string; to: { seatId: string } }) => ({
      lineId: p.lineId,
      fromSeatId: p.fromSeatId,
      seatId: p.to.seatId,
    }));

    // Another order takes the fourth proposed seat before the seller confirms.
    await holder(t, netflix, "9800000049", moves[3].seatId);
    const refused = await admin(t, "POST", `/api/admin/accounts/${banned._id}/moves`, { moves });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/nothing was moved/);
    expect((await accountOf(t, banned._id)).seatsUsed).toBe(4);
    expect((await accountOf(t, spare._id)).seatsUsed).toBe(1);
    expect((await admin(t, "GET", `/api/admin/accounts/${banned._id}/notices`)).json().notices).toEqual([]);

    // A holder freed since: the confirmation names a seat it no longer holds.
    await admin(t, "DELETE", `/api/admin/lines/${moves[0].lineId}/seat`);
    const fresh = (await admin(t, "POST", `/api/admin/accounts/${banned._id}/move-proposals`, {})).json().proposals;
    expect(fresh).toHaveLength(3);
    const stale = await admin(t, "POST", `/api/admin/accounts/${banned._id}/moves`, { moves: moves.slice(0, 3) });
    expect(stale.statusCode).toBe(409);
    expect((await accountOf(t, banned._id)).seatsUsed).toBe(3);
  });

  it("proposes no seat when none fits, refuses a seat named twice, and one line asked for that is not here", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const lonely = await addAccount(t, account([netflix], 1));
    const lineId = await holder(t, netflix, "9800000051", lonely.seats[0]!.id);
    const { proposals } = (await admin(t, "POST", `/api/admin/accounts/${lonely._id}/move-proposals`, { lineIds: [lineId] })).json();
    expect(proposals).toMatchObject([{ lineId, to: null }]);
    const missing = await admin(t, "POST", `/api/admin/accounts/${lonely._id}/move-proposals`, { lineIds: ["nope"] });
    expect(missing.statusCode).toBe(409);
    const twice = { lineId, fromSeatId: lonely.seats[0]!.id, seatId: "s1" };
    expectValidationError(
      await admin(t, "POST", `/api/admin/accounts/${lonely._id}/moves`, { moves: [twice, { ...twice, lineId: "other" }] }),
      "moves",
      "Two holders cannot move to the same seat",
    );
    expectValidationError(await admin(t, "POST", `/api/admin/accounts/${lonely._id}/moves`, { moves: [] }), "moves");
  });
});

describe("bills to the provider (issue 32)", () => {
  it("lists the bills due this week or past, sets the week's bills against its renewals, and marks one paid once", async () => {
    const t = await createTestApp({ seed: true });
    const netflix = await itemId(t, "Netflix Premium");
    const today = shopToday(new Date());
    const soon = await addAccount(t, account([netflix], 2, { login: "soon@example.com", renewalDate: addDays(today, 2), cost: 1500 }));
    await addAccount(t, account([netflix], 1, { login: "late@example.com", renewalDate: addDays(today, 20), cost: 900 }));
    await addAccount(t, account([netflix], 1, { login: "once@example.com", billingCycle: "none", renewalDate: addDays(today, 1), cost: 300 }));
    const yearly = await addAccount(
      t,
      account([netflix], 1, { login: "yearly@example.com", billingCycle: "yearly", renewalDate: addDays(today, 6), cost: 12_000 }),
    );
    // A holder of a one-month line ending in a week's time: a renewal due this week, at today's price.
    const lineId = await holder(t, netflix, "9800000061", soon.seats[0]!.id);
    await t.database.db
      .updateTable("order_lines")
      .set({ expiry_date: addDays(today, 3) })
      .where("id", "=", lineId)
      .execute();

    const listed = await admin(t, "GET", "/api/admin/bills");
    expect(listed.statusCode, listed.body).toBe(200);
    const { bills, week } = listed.json();
    expect(bills.map((b: { login: string; daysLeft: number; seatsUsed: number }) => [b.login, b.daysLeft, b.seatsUsed])).toEqual([
      ["soon@example.com", 2, 1],
      ["yearly@example.com", 6, 0],
    ]);
    // Today's price of the same plan, as sold today.
    const price = (await t.database.db.selectFrom("order_lines").select("line_total").where("id", "=", lineId).executeTakeFirstOrThrow()).line_total;
    expect(week).toEqual({ from: today, to: addDays(today, 6), toProviders: 13_500, bills: 2, fromRenewals: price, renewals: 1 });

    const paid = await admin(t, "POST", `/api/admin/accounts/${yearly._id}/bill-paid`, { renewalDate: addDays(today, 6) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().renewalDate).toBe(`${Number(addDays(today, 6).slice(0, 4)) + 1}${addDays(today, 6).slice(4)}`);
    // The same bill twice (a second tab, another admin): refused, and the date moves once.
    const twice = await admin(t, "POST", `/api/admin/accounts/${yearly._id}/bill-paid`, { renewalDate: addDays(today, 6) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/no longer due/);
    expect((await admin(t, "GET", "/api/admin/bills")).json().week).toMatchObject({ toProviders: 1500, bills: 1 });
    expectValidationError(await admin(t, "POST", `/api/admin/accounts/${yearly._id}/bill-paid`, { renewalDate: "soon" }), "renewalDate");
    expect((await admin(t, "POST", "/api/admin/accounts/nope/bill-paid", { renewalDate: today })).statusCode).toBe(404);
  });
});

describe("profit per account (issue 32)", () => {
  it("matches a hand calculation: revenue spread over the days a seat held each line, cost the periods paid, a move splitting a line", async () => {
    let now = Date.parse("2026-03-10T06:00:00.000Z");
    const t = await createTestApp({ seed: true, clock: () => new Date(now) });
    const netflix = await itemId(t, "Netflix Premium");
    const billed = { renewalDate: "2026-04-10", billingCycle: "monthly" };
    const a = await addAccount(t, account([netflix], 2, { ...billed, login: "a@example.com", cost: 3000 }));
    const b = await addAccount(t, account([netflix], 2, { ...billed, login: "b@example.com", cost: 600 }));
    await holder(t, netflix, "9800000071", a.seats[0]!.id);
    const moved = await holder(t, netflix, "9800000072", a.seats[1]!.id);
    const line = await t.database.db.selectFrom("order_lines").selectAll().where("id", "=", moved).executeTakeFirstOrThrow();
    expect([line.start_date, line.expiry_date]).toEqual(["2026-03-10", "2026-04-10"]);
    const price = line.line_total;

    // Five days on, the second holder moves to B: A earned 5 of its line's 31 days, B earns the other 26.
    now += 5 * 86_400_000;
    const cookie = await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const moving = await t.app.inject({
      method: "PUT",
      url: `/api/admin/lines/${moved}/seat`,
      payload: { seatId: b.seats[0]!.id },
      headers: { cookie },
    });
    expect(moving.statusCode, moving.body).toBe(200);

    const answer = await t.app.inject({ method: "GET", url: "/api/admin/reports/accounts", headers: { cookie } });
    expect(answer.statusCode, answer.body).toBe(200);
    const byLogin = new Map(answer.json().accounts.map((row: { login: string }) => [row.login, row]));
    // A: one whole line and 5/31 of the other; in March 22 of each line's 31 days fall, less the 17 B had.
    // Its cost: the one month paid (3000), of which March holds 22 of 31 days. Seats: 6 + 5 seat-days over 15 days.
    const aRevenue = Math.round(price + (price * 5) / 31);
    expect(byLogin.get("a@example.com")).toEqual({
      accountId: a._id,
      service: "Netflix family",
      login: "a@example.com",
      status: "active",
      seats: 2,
      revenue: aRevenue,
      cost: 3000,
      profit: aRevenue - 3000,
      losing: aRevenue < 3000,
      months: [
        {
          month: "2026-03",
          revenue: Math.round((price * 27) / 31),
          cost: Math.round((3000 * 22) / 31),
          profit: Math.round((price * 27) / 31) - 2129,
          seatsFilled: 0.7,
        },
      ],
    });
    const bRevenue = Math.round((price * 26) / 31);
    expect(byLogin.get("b@example.com")).toMatchObject({
      revenue: bRevenue,
      cost: 600,
      profit: bRevenue - 600,
      losing: bRevenue < 600,
      months: [{ month: "2026-03", revenue: Math.round((price * 17) / 31), cost: 426, seatsFilled: 0.1 }],
    });
  });
});
