import { describe, expect, it } from "vitest";
import { CURRENT_PASSWORD_INCORRECT, LAST_ADMIN_MESSAGE } from "../../domain/auth/auth";
import { PASSWORD_CHANGE_FAILURES_PER_ACCOUNT } from "../../server/modules/auth/login-throttle";
import { createTestApp, expectValidationError, loginAs, TEST_ADMIN, type TestApp } from "../helpers/app";

const SECOND = { email: "helper@pasal.test", name: "Shop Helper", password: "helper password 1" };

const me = (t: TestApp, cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });
const changePassword = (t: TestApp, cookie: string, payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/auth/password", headers: { cookie }, payload: payload as object });
const addAdmin = (t: TestApp, cookie: string, payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/admin/admins", headers: { cookie }, payload: payload as object });
const removeAdmin = (t: TestApp, cookie: string, email: string) =>
  t.app.inject({ method: "DELETE", url: `/api/admin/admins/${encodeURIComponent(email)}`, headers: { cookie } });
const listAdmins = async (t: TestApp, cookie: string) => {
  const response = await t.app.inject({ method: "GET", url: "/api/admin/admins", headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Array<{ email: string; name: string; createdAt: string; isYou: boolean }>;
};

describe("changing your password", () => {
  it("replaces the hash, ends the admin's other sessions and keeps this one", async () => {
    const t = await createTestApp();
    const here = await t.adminCookie();
    const elsewhere = await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    // Another admin's session is not touched.
    await t.app.services.auth.createAdmin(SECOND);
    const other = await loginAs(t.app, SECOND.email, SECOND.password);
    const before = await t.database.db
      .selectFrom("admin_users")
      .select("password_hash")
      .where("email", "=", TEST_ADMIN.email)
      .executeTakeFirstOrThrow();

    const response = await changePassword(t, here, { currentPassword: TEST_ADMIN.password, newPassword: "a brand new password" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true });

    const after = await t.database.db
      .selectFrom("admin_users")
      .select("password_hash")
      .where("email", "=", TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(after.password_hash).toMatch(/^\$argon2id\$/);
    expect((await me(t, here)).statusCode).toBe(200);
    expect((await me(t, elsewhere)).statusCode).toBe(401);
    expect((await me(t, other)).statusCode).toBe(200);

    const old = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } });
    expect(old.statusCode).toBe(401);
    await loginAs(t.app, TEST_ADMIN.email, "a brand new password");
  });

  it("refuses a wrong current password with 403 and changes nothing", async () => {
    const t = await createTestApp();
    const here = await t.adminCookie();
    const elsewhere = await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const response = await changePassword(t, here, { currentPassword: "not the password", newPassword: "a brand new password" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, message: CURRENT_PASSWORD_INCORRECT });
    expect((await me(t, elsewhere)).statusCode).toBe(200);
    await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
  });

  it.each([
    ["a short new password", { currentPassword: TEST_ADMIN.password, newPassword: "short" }, "newPassword", /at least 10 characters/],
    ["no new password", { currentPassword: TEST_ADMIN.password }, "newPassword", "Password is required"],
    ["no current password", { newPassword: "a brand new password" }, "currentPassword", "Current password is required"],
    ["an empty current password", { currentPassword: "", newPassword: "a brand new password" }, "currentPassword", "Current password is required"],
  ])("refuses %s with 400", async (_name, payload, field, message) => {
    const t = await createTestApp();
    expectValidationError(await changePassword(t, await t.adminCookie(), payload), field, message);
    await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
  });

  it("needs a session", async () => {
    const t = await createTestApp();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: TEST_ADMIN.password, newPassword: "a brand new password" },
    });
    expect(response.statusCode).toBe(401);
  });

  it(`answers 429 after ${PASSWORD_CHANGE_FAILURES_PER_ACCOUNT.max} wrong current passwords, in any session of the account, until the wait is over`, async () => {
    let now = Date.parse("2026-11-22T06:00:00.000Z");
    const t = await createTestApp({ clock: () => new Date(now) });
    await t.app.services.auth.createAdmin(SECOND);
    const cookie = await t.adminCookie();
    const otherSession = await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const change = (session: string, currentPassword: string) => changePassword(t, session, { currentPassword, newPassword: "a brand new password" });

    for (let i = 0; i < PASSWORD_CHANGE_FAILURES_PER_ACCOUNT.max; i++) {
      expect((await change(i % 2 ? cookie : otherSession, `guess number ${i}`)).statusCode).toBe(403);
      now += 1000;
    }
    // Even the right password waits: the count is of the account, not of one cookie.
    for (const session of [cookie, otherSession]) {
      const refused = await change(session, TEST_ADMIN.password);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().message).toBe("Too many wrong current passwords. Try again in 15 minutes.");
      expect(Number(refused.headers["retry-after"])).toBe(PASSWORD_CHANGE_FAILURES_PER_ACCOUNT.timeWindow / 1000 - 5);
    }
    // Another admin is not affected, and the password was not changed.
    expect((await change(await loginAs(t.app, SECOND.email, SECOND.password), SECOND.password)).statusCode).toBe(200);
    await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);

    now += PASSWORD_CHANGE_FAILURES_PER_ACCOUNT.timeWindow;
    expect((await change(cookie, TEST_ADMIN.password)).statusCode).toBe(200);
  });
});

describe("managing admins", () => {
  it("lists admins oldest first, marking the one asking", async () => {
    let now = new Date("2026-01-01T10:00:00.000Z");
    const t = await createTestApp({ clock: () => now });
    now = new Date("2026-01-02T10:00:00.000Z");
    await t.app.services.auth.createAdmin(SECOND);
    expect(await listAdmins(t, await t.adminCookie())).toEqual([
      { email: TEST_ADMIN.email, name: TEST_ADMIN.name, createdAt: expect.any(String), isYou: true },
      { email: SECOND.email, name: SECOND.name, createdAt: "2026-01-02T10:00:00.000Z", isYou: false },
    ]);
  });

  it("adds an admin (201) who can then sign in; the address is trimmed and lower-cased", async () => {
    const t = await createTestApp();
    const response = await addAdmin(t, await t.adminCookie(), { ...SECOND, email: "  Helper@Pasal.TEST " });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: `Admin ${SECOND.email} added`,
      item: { email: SECOND.email, name: SECOND.name, createdAt: expect.any(String), isYou: false },
    });
    await loginAs(t.app, SECOND.email, SECOND.password);
    expect((await listAdmins(t, await t.adminCookie())).map((a) => a.email)).toEqual([TEST_ADMIN.email, SECOND.email]);
  });

  it("refuses a taken address with 409, whatever its case", async () => {
    const t = await createTestApp();
    const response = await addAdmin(t, await t.adminCookie(), { ...SECOND, email: TEST_ADMIN.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, message: `An admin with email ${TEST_ADMIN.email} already exists` });
    expect(await listAdmins(t, await t.adminCookie())).toHaveLength(1);
  });

  it.each([
    ["a bad email", { ...SECOND, email: "helper@" }, "email", "Enter a valid email address"],
    ["no name", { ...SECOND, name: "  " }, "name", "Name is required"],
    ["a long name", { ...SECOND, name: "x".repeat(81) }, "name", /at most 80/],
    ["a short password", { ...SECOND, password: "short" }, "password", /at least 10 characters/],
    ["no password", { email: SECOND.email, name: SECOND.name }, "password", "Password is required"],
  ])("refuses %s with 400", async (_name, payload, field, message) => {
    const t = await createTestApp();
    expectValidationError(await addAdmin(t, await t.adminCookie(), payload), field, message);
    expect(await listAdmins(t, await t.adminCookie())).toHaveLength(1);
  });

  it("removes an admin and ends their sessions", async () => {
    const t = await createTestApp();
    await t.app.services.auth.createAdmin(SECOND);
    const theirs = await loginAs(t.app, SECOND.email, SECOND.password);
    const response = await removeAdmin(t, await t.adminCookie(), SECOND.email.toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: `Admin ${SECOND.email} removed`, signedOut: false });
    expect((await me(t, theirs)).statusCode).toBe(401);
    expect(await t.database.db.selectFrom("sessions").select("id").execute()).toHaveLength(1);
    expect((await listAdmins(t, await t.adminCookie())).map((a) => a.email)).toEqual([TEST_ADMIN.email]);
  });

  it("never removes the last admin", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const response = await removeAdmin(t, cookie, TEST_ADMIN.email);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, message: LAST_ADMIN_MESSAGE });
    expect((await me(t, cookie)).statusCode).toBe(200);
    expect(await t.app.services.auth.countAdmins()).toBe(1);
  });

  it("lets you remove yourself while another admin remains, and that ends your session", async () => {
    const t = await createTestApp();
    await t.app.services.auth.createAdmin(SECOND);
    const cookie = await t.adminCookie();
    const response = await removeAdmin(t, cookie, TEST_ADMIN.email);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().signedOut).toBe(true);
    expect(response.cookies.find((c) => c.name === "pasal_session")?.value).toBe("");
    expect((await me(t, cookie)).statusCode).toBe(401);

    // The one left is now the last.
    const theirs = await loginAs(t.app, SECOND.email, SECOND.password);
    expect((await removeAdmin(t, theirs, SECOND.email)).statusCode).toBe(409);
  });

  it("two admins removing each other at once leave one behind", async () => {
    const t = await createTestApp();
    await t.app.services.auth.createAdmin(SECOND);
    const results = await Promise.allSettled([t.app.services.auth.removeAdmin(TEST_ADMIN.email), t.app.services.auth.removeAdmin(SECOND.email)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await t.app.services.auth.countAdmins()).toBe(1);
  });

  it("answers 404 for an unknown admin", async () => {
    const t = await createTestApp();
    const response = await removeAdmin(t, await t.adminCookie(), "nobody@pasal.test");
    expect(response.statusCode).toBe(404);
    expect(response.json().success).toBe(false);
  });

  it("needs a session for every admin call", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ method: "GET", url: "/api/admin/admins" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/admin/admins", payload: SECOND })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: `/api/admin/admins/${TEST_ADMIN.email}` })).statusCode).toBe(401);
    expect(await t.app.services.auth.countAdmins()).toBe(1);
  });
});
