import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_SWEEP_MS } from "../../server/jobs/jobs";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../server/modules/auth/service";
import { LOGIN_ATTEMPTS_PER_ADDRESS, LOGIN_FAILURES_PER_ACCOUNT } from "../../server/modules/auth/login-throttle";
import { createTestApp, loginAs, TEST_ADMIN, type TestApp } from "../helpers/app";

afterEach(() => {
  vi.useRealTimers();
});

function controllableClock(start = Date.parse("2026-11-01T10:00:00Z")) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe("admin sign-in", () => {
  it("sets an HttpOnly, SameSite=Strict session cookie and answers the admin's name and email", async () => {
    const t = await createTestApp();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "  OWNER@pasal.test ", password: TEST_ADMIN.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: TEST_ADMIN.name, email: TEST_ADMIN.email });
    const cookie = response.cookies.find((c) => c.name === "pasal_session")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(cookie.secure).toBeFalsy();
    // ≥ 128 bits of randomness: 32 bytes in base64url.
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
    const stored = await t.database.db.selectFrom("sessions").select("id").execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toContain(cookie.value);
  });

  it("uses a Secure __Host- cookie when PUBLIC_URL is https", async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: "https://shop.example.com" } });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    const cookie = response.cookies.find((c) => c.name === "__Host-pasal_session")!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: "/" });
  });

  it("gives the same answer for an unknown email and a wrong password", async () => {
    const t = await createTestApp();
    const unknown = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "nobody@x.y", password: "whatever1234" } });
    const wrong = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: TEST_ADMIN.email, password: "wrong-password" } });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.cookies).toEqual([]);
    expect(await t.database.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
  });

  it("refuses a login without email or password with 400", async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: TEST_ADMIN.email } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: "password", message: "Password is required" }]);
  });

  it("GET /api/auth/me answers the admin with a session and 401 without", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: await t.adminCookie() } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ name: TEST_ADMIN.name, email: TEST_ADMIN.email });
  });

  it("logout deletes the session row, so the old cookie no longer works", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(await t.database.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie } })).statusCode).toBe(401);
  });

  it("a forged cookie is refused", async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie: "pasal_session=forged" } });
    expect(response.statusCode).toBe(401);
  });

  it("a session ends after 30 minutes idle", async () => {
    const time = controllableClock();
    const t = await createTestApp({ clock: time.clock });
    const cookie = await t.adminCookie();
    time.advance(SESSION_IDLE_MS - 60_000);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(200);
    // Activity moved the idle deadline on.
    time.advance(SESSION_IDLE_MS - 60_000);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(200);
    time.advance(SESSION_IDLE_MS + 1);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(401);
    expect(await t.database.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
  });

  it("a session ends after 12 hours however active", async () => {
    const time = controllableClock();
    const t = await createTestApp({ clock: time.clock });
    const cookie = await t.adminCookie();
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS - 20 * 60_000; elapsed += 20 * 60_000) {
      time.advance(20 * 60_000);
      expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(200);
    }
    // 11h40 have passed; 20 more minutes and one millisecond ends it.
    time.advance(20 * 60_000 + 1);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(401);
  });

  it("expired sessions are deleted on a schedule, though their cookies are never sent again", async () => {
    // Only the schedule's timer is faked; the database and the server keep real time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const time = controllableClock();
    const t = await createTestApp({ clock: time.clock });
    await t.app.ready();
    const idle = await t.adminCookie();
    time.advance(SESSION_IDLE_MS - 60_000);
    const active = await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const sessions = () => t.database.db.selectFrom("sessions").select("id").execute();
    expect(await sessions()).toHaveLength(2);

    time.advance(2 * 60_000);
    await vi.advanceTimersByTimeAsync(SESSION_SWEEP_MS);
    await vi.waitFor(async () => expect(await sessions()).toHaveLength(1));
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: active } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: idle } })).statusCode).toBe(401);
  });

  it("signing in deletes expired sessions too", async () => {
    const time = controllableClock();
    const t = await createTestApp({ clock: time.clock });
    await t.adminCookie();
    time.advance(SESSION_ABSOLUTE_MS + 1);
    await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(await t.database.db.selectFrom("sessions").select("id").execute()).toHaveLength(1);
  });

  it("a session cookie planted before sign-in is not kept", async () => {
    const t = await createTestApp();
    const planted = await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const fresh = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { cookie: planted },
      payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expect(fresh.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: planted } })).statusCode).toBe(401);
  });

  it("stores argon2id hashes with at least 19 MiB and 2 passes", async () => {
    const t = await createTestApp();
    const { password_hash } = await t.database.db.selectFrom("admin_users").select("password_hash").executeTakeFirstOrThrow();
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/.exec(password_hash);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
  });

  it("resetting a password ends the admin's sessions and the new password works", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    await t.app.services.auth.resetPassword(TEST_ADMIN.email, "a brand new password");
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(401);
    await loginAs(t.app, TEST_ADMIN.email, "a brand new password");
  });
});

describe("sign-in throttling", () => {
  const attempt = (t: TestApp, password: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: TEST_ADMIN.email, password },
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });

  it(`allows ${LOGIN_ATTEMPTS_PER_ADDRESS.max} attempts a minute from one address, then answers 429 with Retry-After`, async () => {
    const t = await createTestApp();
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_ADDRESS.max; i++) expect((await attempt(t, "wrong password!", "192.0.2.1")).statusCode).toBe(401);
    const refused = await attempt(t, TEST_ADMIN.password, "192.0.2.1");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many sign-in attempts from your address/);
    // Another address is not affected.
    expect((await attempt(t, TEST_ADMIN.password, "192.0.2.2")).statusCode).toBe(200);
  });

  it(`locks an account for new browsers after ${LOGIN_FAILURES_PER_ACCOUNT.max} failures in an hour, but not the admin's own browser`, async () => {
    let now = Date.parse("2026-11-22T06:00:00.000Z");
    const t = await createTestApp({ clock: () => new Date(now) });
    // The real admin signed in earlier from their browser, which keeps its device cookie.
    const first = await attempt(t, TEST_ADMIN.password, "198.51.100.1");
    expect(first.statusCode).toBe(200);
    const deviceCookie = first.cookies.find((c) => c.name.endsWith("pasal_device"));
    expect(deviceCookie?.httpOnly).toBe(true);
    const device = `${deviceCookie!.name}=${deviceCookie!.value}`;

    // An attacker guesses from many addresses.
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.max; i++) {
      expect((await attempt(t, `guess ${i}`, `203.0.113.${i % 250}`)).statusCode).toBe(401);
    }
    const locked = await attempt(t, TEST_ADMIN.password, "203.0.113.251");
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBe(3600);
    expect(locked.json().message).toMatch(/^Too many failed sign-ins for this account/);
    // A forged device cookie does not help.
    expect((await attempt(t, TEST_ADMIN.password, "203.0.113.252", `${deviceCookie!.name}=abc.def`)).statusCode).toBe(429);

    // The admin's own browser still gets in.
    expect((await attempt(t, TEST_ADMIN.password, "198.51.100.1", device)).statusCode).toBe(200);

    // An hour later the account opens again.
    now += LOGIN_FAILURES_PER_ACCOUNT.windowMs;
    expect((await attempt(t, TEST_ADMIN.password, "203.0.113.253")).statusCode).toBe(200);
  });

  it("answers an unknown email exactly as a wrong password", async () => {
    const t = await createTestApp();
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@pasal.test", password: "whatever-12" },
      remoteAddress: "192.0.2.7",
    });
    const wrong = await attempt(t, "whatever-12", "192.0.2.8");
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
  });
});
