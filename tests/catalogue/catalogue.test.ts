import { describe, expect, it } from "vitest";
import { createTestApp, expectValidationError } from "../helpers/app";

const netflix = {
  Name: "Netflix Premium",
  Id: "1",
  ImageId: "/images/catalogue/netflix-premium.svg",
  Category: "OTT",
  Info: "4K, private PIN profile",
  plans: { "1": "300", "3": 880, "6": 1700, "12": 3200 },
  Note: "Renew before expiry",
  Status: "Shared",
  SpecialLink: "/prices/Netflix%20Premium",
};

async function post(t: Awaited<ReturnType<typeof createTestApp>>, payload: unknown) {
  return t.app.inject({ method: "POST", url: "/api/prices", payload: payload as object, headers: { cookie: await t.adminCookie() } });
}

describe("GET /api/prices", () => {
  it("lists the seeded catalogue publicly, sorted by Id numerically", async () => {
    const t = await createTestApp({ seed: true });
    const response = await t.app.inject({ method: "GET", url: "/api/prices" });
    expect(response.statusCode).toBe(200);
    const { allPrices } = response.json();
    expect(allPrices.length).toBeGreaterThanOrEqual(25);
    const ids = allPrices.map((p: { Id: string }) => Number(p.Id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // `version` is the number of the item's last change, sent back with an edit as If-Match (ADR 0017).
    expect(Object.keys(allPrices[0]).sort()).toEqual(
      // The seller's Nepali name, info and note (ADR 0093), "Deliver automatically when paid" (ADR 0099) and
      // Hidden (always false here: the shop's list never holds a hidden item, ADR 0100), added beside the spec's fields.
      [
        "_id",
        "Id",
        "Name",
        "Info",
        "ImageId",
        "category",
        "Category",
        "status",
        "Status",
        "plans",
        "Note",
        "SpecialLink",
        "version",
        "NameNe",
        "InfoNe",
        "NoteNe",
        "AutoDeliver",
        "Hidden",
        "WarrantyDays",
      ].sort(),
    );
    const withPlans = allPrices.find((p: { plans?: object }) => Object.keys(p.plans ?? {}).length === 4);
    expect(Object.values(withPlans.plans).every((v) => typeof v === "number")).toBe(true);
  });

  it("sorts 10 after 9", async () => {
    const t = await createTestApp();
    await post(t, { ...netflix, Id: "10", Name: "Ten" });
    await post(t, { ...netflix, Id: "9", Name: "Nine" });
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    expect(allPrices.map((p: { Id: string }) => p.Id)).toEqual(["9", "10"]);
  });
});

describe("GET /api/search", () => {
  it("suggests at most 5 services publicly, names starting with the query first, with their first plan", async () => {
    const t = await createTestApp();
    for (const [index, Name] of ["Prime Video", "Netflix Premium", "Netflix Basic", "Apple TV+", "Spotify"].entries()) {
      expect((await post(t, { ...netflix, Name, Id: String(index + 1), plans: { "3": 900, "1": 300 + index } })).statusCode).toBe(201);
    }
    const search = (q: string) => t.app.inject({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}` });

    const response = await search("  NET ");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      suggestions: [
        { Name: "Netflix Premium", NameNe: null, ImageId: netflix.ImageId, category: "ott", startingAt: { months: 1, price: 301 } },
        { Name: "Netflix Basic", NameNe: null, ImageId: netflix.ImageId, category: "ott", startingAt: { months: 1, price: 302 } },
      ],
    });
    expect((await search("vide")).json().suggestions.map((s: { Name: string }) => s.Name)).toEqual(["Prime Video"]);
    expect((await search("e")).json()).toEqual({ suggestions: [] });
    expect((await search("zz")).json()).toEqual({ suggestions: [] });
    expect((await t.app.inject({ method: "GET", url: "/api/search" })).json()).toEqual({ suggestions: [] });
    for (let index = 0; index < 5; index++) await post(t, { ...netflix, Name: `Netflix Extra ${index}`, Id: String(10 + index) });
    expect((await search("netflix")).json().suggestions).toHaveLength(5);
  });

  it("refuses a query longer than 100 characters with 400", async () => {
    const t = await createTestApp();
    expectValidationError(await t.app.inject({ method: "GET", url: `/api/search?q=${"a".repeat(101)}` }), "q");
  });
});

describe("POST /api/prices", () => {
  it("adds an item, normalising category, status and plans", async () => {
    const t = await createTestApp();
    const response = await post(t, { ...netflix, extra: "dropped" });
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json().data;
    expect(item).toMatchObject({
      Name: "Netflix Premium",
      Id: "1",
      category: "ott",
      status: "shared",
      plans: { "1": 300, "3": 880, "6": 1700, "12": 3200 },
    });
    expect(item.extra).toBeUndefined();
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    expect(allPrices).toEqual([item]);
  });

  it("accepts an item without plans and without Info, Note or Status", async () => {
    const t = await createTestApp();
    const { Info: _i, Note: _n, Status: _s, ...rest } = netflix;
    const response = await post(t, { ...rest, plans: {} });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ Info: "", Note: "", status: "none", Status: "Empty" });
    // Sold by contacting the admin: the spec's client tells that by the missing plans.
    expect(data).not.toHaveProperty("plans");
  });

  it("stores plan prices typed as they are written in Nepal: 1,500 and १,७००", async () => {
    const t = await createTestApp();
    const response = await post(t, { ...netflix, plans: { "1": "1,500", "6": "१,७००", "12": "1,50,000" } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.plans).toEqual({ "1": 1500, "6": 1700, "12": 150000 });
    expect((await t.app.services.catalogue.list())[0]!.plans).toEqual({ "1": 1500, "6": 1700, "12": 150000 });
  });

  it("reads the admin's 'Empty' status as none", async () => {
    const t = await createTestApp();
    expect((await post(t, { ...netflix, Status: "Empty" })).json().data.status).toBe("none");
  });

  it.each([
    ["Name", { Name: "" }, /Name is required/],
    ["Name", { Name: undefined }, /Name is required/],
    ["Id", { Id: "" }, /Id is required/],
    ["Id", { Id: "one" }, /whole number/],
    ["ImageId", { ImageId: "" }, /ImageId is required/],
    ["ImageId", { ImageId: "javascript:alert(1)" }, /valid URL/],
    ["SpecialLink", { SpecialLink: undefined }, /SpecialLink is required/],
    ["Category", { Category: "Food" }, /Category must be one of/],
    ["Status", { Status: "Public" }, /Shared, Private or Empty/],
    ["plans.0", { plans: { "0": 100 } }, /months must be a whole number from 1 to 36/],
    ["plans.37", { plans: { "37": 100 } }, /months/],
    ["plans.1", { plans: { "1": 0 } }, /greater than 0/],
    ["plans.1", { plans: { "1": 99.5 } }, /whole number of rupees/],
    ["plans.1", { plans: { "1": "abc" } }, /whole number of rupees/],
    ["Info", { Info: "x".repeat(5000) }, /too long/],
  ])("refuses a bad %s (%j)", async (field, change, message) => {
    const t = await createTestApp();
    const response = await post(t, { ...netflix, ...change });
    expectValidationError(response, field, message);
    expect((await t.app.inject({ method: "GET", url: "/api/prices" })).json().allPrices).toEqual([]);
  });

  it("refuses a body that is not an object", async () => {
    const t = await createTestApp();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/prices",
      headers: { cookie: await t.adminCookie(), "content-type": "application/json" },
      payload: "[1,2]",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("The request body must be a JSON object");
  });

  it("answers 409 when the Id or the Name is taken (Name case-insensitively)", async () => {
    const t = await createTestApp();
    await post(t, netflix);
    const sameId = await post(t, { ...netflix, Name: "Other" });
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json()).toMatchObject({ success: false, errors: [{ field: "Id" }] });
    const sameName = await post(t, { ...netflix, Id: "2", Name: "netflix premium" });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors[0].field).toBe("Name");
  });

  it("answers 401 without a session and stores nothing", async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: "POST", url: "/api/prices", payload: netflix });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: "Sign in as an admin to do this" });
    expect((await t.app.inject({ method: "GET", url: "/api/prices" })).json().allPrices).toEqual([]);
  });
});

describe("PUT /api/prices/:id", () => {
  it("replaces the item and its plans", async () => {
    const t = await createTestApp();
    const created = (await post(t, netflix)).json().data;
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/prices/${created._id}`,
      headers: { cookie: await t.adminCookie() },
      payload: { ...netflix, Name: "Netflix Basic", plans: { "1": 250 }, Status: "Private" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ _id: created._id, Name: "Netflix Basic", plans: { "1": 250 }, status: "private" });
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    expect(allPrices).toHaveLength(1);
    expect(allPrices[0].plans).toEqual({ "1": 250 });
  });

  it("keeps its own Id and Name without a clash, but not another item's", async () => {
    const t = await createTestApp();
    const first = (await post(t, netflix)).json().data;
    await post(t, { ...netflix, Id: "2", Name: "Spotify" });
    const cookie = await t.adminCookie();
    const same = await t.app.inject({ method: "PUT", url: `/api/prices/${first._id}`, headers: { cookie }, payload: netflix });
    expect(same.statusCode).toBe(200);
    const clash = await t.app.inject({
      method: "PUT",
      url: `/api/prices/${first._id}`,
      headers: { cookie },
      payload: { ...netflix, Name: "SPOTIFY" },
    });
    expect(clash.statusCode).toBe(409);
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    expect(allPrices.map((p: { Name: string }) => p.Name)).toEqual(["Netflix Premium", "Spotify"]);
  });

  it("answers 404 for an unknown _id, 400 for bad input, 401 without a session", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const missing = await t.app.inject({ method: "PUT", url: "/api/prices/nope", headers: { cookie }, payload: netflix });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/No price/);
    const created = (await post(t, netflix)).json().data;
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/prices/${created._id}`,
      headers: { cookie },
      payload: { ...netflix, Name: "" },
    });
    expectValidationError(bad, "Name");
    const anonymous = await t.app.inject({ method: "PUT", url: `/api/prices/${created._id}`, payload: netflix });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("DELETE /api/prices/:name", () => {
  it("deletes only the item with that Name, with its plans", async () => {
    const t = await createTestApp();
    await post(t, netflix);
    await post(t, { ...netflix, Id: "2", Name: "Netflix Premium 4K" });
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/prices/${encodeURIComponent("Netflix Premium")}`,
      headers: { cookie: await t.adminCookie() },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().success).toBe(true);
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    expect(allPrices.map((p: { Name: string }) => p.Name)).toEqual(["Netflix Premium 4K"]);
    const plans = await t.database.db.selectFrom("catalogue_plans").select("item_id").execute();
    expect(new Set(plans.map((p) => p.item_id))).toEqual(new Set([allPrices[0]._id]));
  });

  it("answers 404 for an unknown name and 401 without a session", async () => {
    const t = await createTestApp({ seed: true });
    const missing = await t.app.inject({ method: "DELETE", url: "/api/prices/Nothing", headers: { cookie: await t.adminCookie() } });
    expect(missing.statusCode).toBe(404);
    const before = (await t.app.inject({ method: "GET", url: "/api/prices" })).json().allPrices.length;
    const anonymous = await t.app.inject({ method: "DELETE", url: `/api/prices/${encodeURIComponent("Netflix Premium")}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/prices" })).json().allPrices.length).toBe(before);
  });
});
