import { describe, expect, it } from "vitest";
import { NEWSLETTER_SUBSCRIBED_MESSAGE } from "../../domain/newsletter/newsletter";
import { NEWSLETTER_EMAIL_ERROR } from "../../domain/newsletter/schemas";
import { csvField } from "../../server/modules/csv";
import { SUBSCRIBE_LIMIT } from "../../server/modules/newsletter/routes";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";

const subscribe = (t: TestApp, payload: unknown, remoteAddress = "203.0.113.7") =>
  t.app.inject({ method: "POST", url: "/api/newsletter", payload: payload as object, remoteAddress });

const stored = async (t: TestApp) => await t.database.db.selectFrom("newsletter_subscribers").select(["email", "created_at"]).execute();

describe("newsletter", () => {
  it("subscribes without a session, keeping the address trimmed and lower-cased", async () => {
    const t = await createTestApp({ clock: () => new Date("2025-03-01T10:00:00.000Z") });
    const response = await subscribe(t, { email: "  Reader@Example.COM " });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: NEWSLETTER_SUBSCRIBED_MESSAGE });
    expect(await stored(t)).toEqual([{ email: "reader@example.com", created_at: "2025-03-01T10:00:00.000Z" }]);
  });

  it("answers a second subscription of the same address the same way, and keeps one row", async () => {
    const t = await createTestApp();
    const first = await subscribe(t, { email: "reader@example.com" });
    const again = await subscribe(t, { email: "READER@example.com" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await stored(t)).toHaveLength(1);
  });

  it.each([
    ["no email", {}],
    ["an empty email", { email: "" }],
    ["a number", { email: 42 }],
    ["no domain", { email: "reader@" }],
    ["a host without a dot", { email: "reader@localhost" }],
    ["spaces inside", { email: "read er@example.com" }],
    ["an overlong address", { email: `${"a".repeat(250)}@example.com` }],
  ])("refuses %s with 400", async (_name, payload) => {
    const t = await createTestApp();
    expectValidationError(await subscribe(t, payload), "email", NEWSLETTER_EMAIL_ERROR);
    expect(await stored(t)).toHaveLength(0);
  });

  it("limits each client address, with a clear message and Retry-After", async () => {
    const t = await createTestApp();
    for (let i = 0; i < SUBSCRIBE_LIMIT.max; i++) {
      expect((await subscribe(t, { email: `reader${i}@example.com` })).statusCode).toBe(200);
    }
    const limited = await subscribe(t, { email: "one-more@example.com" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: expect.stringMatching(/^Too many attempts.+try again in/) });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await stored(t)).toHaveLength(SUBSCRIBE_LIMIT.max);

    // Another shopper is not held back by the first one's attempts.
    expect((await subscribe(t, { email: "neighbour@example.com" }, "198.51.100.4")).statusCode).toBe(200);
  });

  it("lists subscribers newest first for an admin, and to nobody else", async () => {
    let now = new Date("2025-03-01T10:00:00.000Z");
    const t = await createTestApp({ clock: () => now });
    await subscribe(t, { email: "first@example.com" });
    now = new Date("2025-03-02T10:00:00.000Z");
    await subscribe(t, { email: "second@example.com" });

    const anonymous = await t.app.inject({ method: "GET", url: "/api/admin/newsletter" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().success).toBe(false);

    const list = await t.app.inject({ method: "GET", url: "/api/admin/newsletter", headers: { cookie: await t.adminCookie() } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      success: true,
      items: [
        { email: "second@example.com", createdAt: "2025-03-02T10:00:00.000Z" },
        { email: "first@example.com", createdAt: "2025-03-01T10:00:00.000Z" },
      ],
    });
  });

  it("is described in the OpenAPI document", async () => {
    const t = await createTestApp();
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.paths["/api/newsletter"].post.requestBody).toBeDefined();
    expect(doc.paths).toHaveProperty(["/api/admin/newsletter"]);
  });

  describe("CSV download", () => {
    it("sends every subscriber, newest first, as an attachment with a header row", async () => {
      let now = new Date("2025-03-01T10:00:00.000Z");
      const t = await createTestApp({ clock: () => now });
      await subscribe(t, { email: "first@example.com" });
      now = new Date("2025-03-02T10:00:00.000Z");
      await subscribe(t, { email: "second@example.com" });

      const response = await t.app.inject({ method: "GET", url: "/api/admin/newsletter.csv", headers: { cookie: await t.adminCookie() } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/csv/);
      expect(response.headers["content-disposition"]).toBe('attachment; filename="newsletter-subscribers.csv"');
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.body).toBe(
        'email,subscribed_at\r\n"second@example.com","2025-03-02T10:00:00.000Z"\r\n"first@example.com","2025-03-01T10:00:00.000Z"\r\n',
      );
    });

    it("is only the header row when nobody has subscribed", async () => {
      const t = await createTestApp();
      const response = await t.app.inject({ method: "GET", url: "/api/admin/newsletter.csv", headers: { cookie: await t.adminCookie() } });
      expect(response.body).toBe("email,subscribed_at\r\n");
    });

    it("defuses spreadsheet formulas and quotes commas and quotes", async () => {
      const t = await createTestApp({ clock: () => new Date("2025-03-01T10:00:00.000Z") });
      // An address the public form accepts, starting with a formula character.
      expect((await subscribe(t, { email: "-2+3@example.com" })).statusCode).toBe(200);
      // Rows the form would refuse, as a copied or older database might hold them.
      await t.database.db
        .insertInto("newsletter_subscribers")
        .values([
          { id: "x1", email: '=HYPERLINK("http://evil.example","click")', created_at: "2025-02-01T00:00:00.000Z" },
          { id: "x2", email: "@SUM(A1:A2)", created_at: "2025-01-01T00:00:00.000Z" },
          { id: "x3", email: "+cmd@example.com", created_at: "2024-12-01T00:00:00.000Z" },
        ])
        .execute();
      const response = await t.app.inject({ method: "GET", url: "/api/admin/newsletter.csv", headers: { cookie: await t.adminCookie() } });
      expect(response.body.split("\r\n")).toEqual([
        "email,subscribed_at",
        `"'-2+3@example.com","2025-03-01T10:00:00.000Z"`,
        `"'=HYPERLINK(""http://evil.example"",""click"")","2025-02-01T00:00:00.000Z"`,
        `"'@SUM(A1:A2)","2025-01-01T00:00:00.000Z"`,
        `"'+cmd@example.com","2024-12-01T00:00:00.000Z"`,
        "",
      ]);
    });

    it("quotes fields as RFC 4180 asks", () => {
      expect(csvField("plain@example.com")).toBe('"plain@example.com"');
      expect(csvField('a"b')).toBe('"a""b"');
      expect(csvField("a,b")).toBe('"a,b"');
      expect(csvField("line\nbreak")).toBe('"line\nbreak"');
      expect(csvField("\tx")).toBe(`"'\tx"`);
    });

    it("needs an admin session", async () => {
      const t = await createTestApp();
      const response = await t.app.inject({ method: "GET", url: "/api/admin/newsletter.csv" });
      expect(response.statusCode).toBe(401);
      expect(response.json().success).toBe(false);
    });
  });
});
