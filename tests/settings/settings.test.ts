import { describe, expect, it } from "vitest";
import { defaultShopSettings, type ShopSettings } from "../../domain/settings/settings";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";

const changed: ShopSettings = {
  ...defaultShopSettings,
  shopName: "Pasal Digital",
  whatsappNumber: "9779811111111",
  telegramUsername: "pasal_help",
  supportPhone: "+977 981-1111111",
  email: "help@pasal.example",
  facebookUrl: "https://www.facebook.com/pasal",
  whatsappChannelUrl: "https://whatsapp.com/channel/abc",
  telegramChannelUrl: "https://t.me/pasal_news",
  customerCount: 8000,
  yearsInService: 6,
  rating: 4.9,
  supportHours: 12,
};

const put = async (t: TestApp, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: "PUT",
    url: "/api/admin/settings",
    payload: payload as object,
    headers: { cookie: cookie ?? (await t.adminCookie()) },
  });

describe("shop settings", () => {
  it("answers the defaults on a new shop", async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie: await t.adminCookie() } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: defaultShopSettings, version: 0 });
  });

  it("saves the whole set, answers it, and the storefront's cached read sees it at once", async () => {
    const t = await createTestApp();
    // Warm the cache the storefront reads through.
    expect((await t.app.services.settings.shop()).whatsappNumber).toBe(defaultShopSettings.whatsappNumber);

    const response = await put(t, { ...changed, whatsappNumber: " 9779811111111 ", unknownField: "dropped" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: changed, version: 1 });

    expect((await t.app.services.settings.shop()).whatsappNumber).toBe("9779811111111");
    const again = await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie: await t.adminCookie() } });
    expect(again.json().data).toEqual(changed);
    const stored = await t.database.db.selectFrom("settings").select("value").where("key", "=", "shop").executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value)).toEqual(changed);
  });

  it.each([
    ["whatsappNumber", "+977 9800000000", /digits only/],
    ["whatsappNumber", "123", /digits only/],
    ["telegramUsername", "bad name!", /5-32 letters/],
    ["shopName", "  ", "Shop name is required"],
    ["supportPhone", "", "Support phone is required"],
    ["email", "not-an-email", "Enter a valid email address"],
    ["facebookUrl", "javascript:alert(1)", "Facebook page must be a web address starting with https://"],
    ["whatsappChannelUrl", "whatsapp.com/channel", /WhatsApp channel must be a web address/],
    ["telegramChannelUrl", "ftp://t.me/x", /Telegram channel must be a web address/],
    ["customerCount", -1, "Customer count must be at least 0"],
    ["customerCount", 1.5, "Customer count must be a whole number"],
    ["customerCount", "7000", "Customer count must be a number"],
    ["yearsInService", 201, /Years in service must be at most/],
    ["rating", 5.1, "Rating must be between 0 and 5"],
    ["supportHours", 0, "Support hours must be at least 1"],
    ["supportHours", 25, /Support hours must be at most 24/],
  ])("refuses %s = %j with a message on that field, and keeps the old settings", async (field, value, message) => {
    const t = await createTestApp();
    expectValidationError(await put(t, { ...changed, [field]: value }), field, message);
    expect(await t.app.services.settings.shop()).toEqual(defaultShopSettings);
  });

  it("refuses a partial set: every field is required", async () => {
    const t = await createTestApp();
    const { telegramUsername: _omitted, ...rest } = changed;
    expectValidationError(await put(t, rest), "telegramUsername");
  });

  it("needs an admin session to read or change", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ method: "GET", url: "/api/admin/settings" })).statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: "PUT", url: "/api/admin/settings", payload: changed });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().success).toBe(false);
    expect(await t.app.services.settings.shop()).toEqual(defaultShopSettings);
  });

  it("is described in the OpenAPI document", async () => {
    const t = await createTestApp();
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.paths["/api/admin/settings"].put.requestBody).toBeDefined();
    expect(doc.paths["/api/admin/settings"].get).toBeDefined();
  });
});
