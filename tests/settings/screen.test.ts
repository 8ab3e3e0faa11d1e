import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { STALE_EDIT_MESSAGE } from "../../domain/shared/versions";
import { PASSWORD_CHANGE_FAILURES_PER_ACCOUNT } from "../../server/modules/auth/login-throttle";
import { action } from "../../app/routes/admin/settings";
import { createTestApp, loginAs, TEST_ADMIN, type TestApp } from "../helpers/app";

const SECOND = { email: "helper@pasal.test", name: "Helper", password: "another long password" };

/** What the request's logger was told, as [message, fields]. */
type Logged = Array<[string, Record<string, unknown>]>;

/**
 * The settings screen's action as React Router calls it: the signed-in admin of `cookie` and a logger that
 * keeps what it is told. The same services the API routes use, so the counts and sessions are shared.
 */
async function screenAction(t: TestApp, cookie: string, body: unknown) {
  const admin = await t.app.services.auth.authenticate(cookie.split("=")[1]!);
  expect(admin).not.toBeNull();
  const logged: Logged = [];
  const log = { info: (fields: object, message: string) => logged.push([message, fields as Record<string, unknown>]) };
  const context = { services: t.app.services, log: { ...log, warn: log.info }, admin } as unknown as AppLoadContext;
  const request = new Request("http://localhost/admin/settings.data", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  try {
    const result = (await action({ context, request, params: {} } as Parameters<typeof action>[0])) as { data: unknown; init?: { status?: number } };
    return { status: result.init?.status ?? 200, answer: result.data, logged };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, answer: thrown.headers.get("location"), logged };
    throw thrown;
  }
}

const me = (t: TestApp, cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });

describe("the settings screen's writes", () => {
  it("counts wrong current passwords with the API's allowance: the screen's failures refuse the API's next try", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    for (let i = 0; i < PASSWORD_CHANGE_FAILURES_PER_ACCOUNT.max; i++) {
      const wrong = await screenAction(t, cookie, {
        intent: "password",
        fields: { currentPassword: `guess ${i}`, newPassword: "a brand new password", confirmPassword: "a brand new password" },
      });
      expect(wrong.status).toBe(403);
      expect(wrong.answer).toMatchObject({ ok: false, errors: { currentPassword: "Current password is incorrect" } });
    }
    const api = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie },
      payload: { currentPassword: TEST_ADMIN.password, newPassword: "a brand new password" },
    });
    expect(api.statusCode, api.body).toBe(429);
    const screen = await screenAction(t, cookie, {
      intent: "password",
      fields: { currentPassword: TEST_ADMIN.password, newPassword: "a brand new password", confirmPassword: "a brand new password" },
    });
    expect(screen.status).toBe(429);
    expect(screen.logged.map(([message]) => message)).toEqual(["password change refused: too many wrong current passwords"]);
  });

  it("changes the password, keeping this session and ending the others, and logs it through the request's logger", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const other = await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const differ = await screenAction(t, cookie, {
      intent: "password",
      fields: { currentPassword: TEST_ADMIN.password, newPassword: "a brand new password", confirmPassword: "another new password" },
    });
    expect(differ).toMatchObject({ status: 400, answer: { errors: { confirmPassword: "The new passwords do not match" } } });

    const changed = await screenAction(t, cookie, {
      intent: "password",
      fields: { currentPassword: TEST_ADMIN.password, newPassword: "a brand new password", confirmPassword: "a brand new password" },
    });
    expect(changed).toMatchObject({ status: 200, answer: { ok: true, message: "Password changed. Your other sessions have been signed out." } });
    expect(changed.logged).toEqual([["admin changed their password", { admin: TEST_ADMIN.email }]]);
    expect((await me(t, cookie)).statusCode).toBe(200);
    expect((await me(t, other)).statusCode).toBe(401);
    await loginAs(t.app, TEST_ADMIN.email, "a brand new password");
  });

  it("adds and removes admins with their audit lines; removing yourself ends at sign-in", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const added = await screenAction(t, cookie, { intent: "add-admin", fields: SECOND });
    expect(added).toMatchObject({ status: 200, answer: { ok: true, message: `Admin ${SECOND.email} added` } });
    expect(added.logged).toEqual([["admin added", { admin: TEST_ADMIN.email, added: SECOND.email }]]);
    const theirs = await loginAs(t.app, SECOND.email, SECOND.password);

    const removed = await screenAction(t, cookie, { intent: "remove-admin", email: SECOND.email });
    expect(removed).toMatchObject({ status: 200, answer: { ok: true, message: `Admin ${SECOND.email} removed` } });
    expect(removed.logged).toEqual([["admin removed", { admin: TEST_ADMIN.email, removed: SECOND.email }]]);
    expect((await me(t, theirs)).statusCode).toBe(401);

    const last = await screenAction(t, cookie, { intent: "remove-admin", email: TEST_ADMIN.email });
    expect(last).toMatchObject({ status: 409, answer: { ok: false, message: "The last admin cannot be removed" } });

    await t.app.services.auth.createAdmin(SECOND);
    const self = await screenAction(t, cookie, { intent: "remove-admin", email: TEST_ADMIN.email });
    expect(self).toMatchObject({ status: 302, answer: "/admin/login" });
    expect((await me(t, cookie)).statusCode).toBe(401);
  });

  it("saves the shop's settings with an audit line, and names a bad field", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const { settings, version } = await t.app.services.settings.shopForEdit();
    const bad = await screenAction(t, cookie, { intent: "shop", version, fields: { ...settings, whatsappNumber: "+977 98" } });
    expect(bad).toMatchObject({
      status: 400,
      answer: { ok: false, errors: { whatsappNumber: expect.stringMatching(/^WhatsApp number: digits only/) } },
    });
    const saved = await screenAction(t, cookie, { intent: "shop", version, fields: { ...settings, whatsappNumber: "9779812345678" } });
    expect(saved).toMatchObject({ status: 200, answer: { ok: true } });
    expect(saved.logged).toEqual([["shop settings saved", { admin: TEST_ADMIN.email }]]);
    expect((await t.app.services.settings.shop()).whatsappNumber).toBe("9779812345678");
    // A second save over the version this screen read was made after someone else's: refused, nothing changed.
    const stale = await screenAction(t, cookie, { intent: "shop", version, fields: { ...settings, whatsappNumber: "9779800000001" } });
    expect(stale).toMatchObject({ status: 409, answer: { ok: false, message: STALE_EDIT_MESSAGE } });
    expect((await t.app.services.settings.shopForEdit()).settings.whatsappNumber).toBe("9779812345678");
  });
});
