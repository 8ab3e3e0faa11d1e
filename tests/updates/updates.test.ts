import { describe, expect, it } from "vitest";
import { createTestApp, expectValidationError } from "../helpers/app";

const post = { Title: "New: Disney+", Description: "Disney+ Hotstar is now available.", ImageUrl: "https://example.com/d.png" };

describe("update posts", () => {
  it("are readable without credentials, newest first, in the spec's shape", async () => {
    const t = await createTestApp({ seed: true });
    const response = await t.app.inject({ method: "GET", url: "/api/admin/update" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe("string");
    expect(body.data.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(body.data[0]).sort()).toEqual([
      "Date",
      "Description",
      "DescriptionNe",
      "ImageUrl",
      "Title",
      "TitleNe",
      "_id",
      "createdAt",
      "version",
    ]);
    const times = body.data.map((u: { createdAt: string }) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("can be posted, corrected and deleted by an admin", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const created = await t.app.inject({ method: "POST", url: "/api/admin/addNewUpdates", headers: { cookie }, payload: post });
    expect(created.statusCode, created.body).toBe(201);
    const { _id, Date: date, createdAt } = created.json().data;
    expect(date).toBe(createdAt.slice(0, 10));

    const fixed = await t.app.inject({
      method: "PUT",
      url: `/api/admin/updates/${_id}`,
      headers: { cookie },
      payload: { ...post, Description: "Disney+ Hotstar is now available in 4K." },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ _id, createdAt, Description: "Disney+ Hotstar is now available in 4K." });

    const removed = await t.app.inject({ method: "DELETE", url: `/api/admin/updates/${_id}`, headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/update" })).json().data).toEqual([]);
  });

  it("takes a post without a title", async () => {
    const t = await createTestApp();
    const { Title: _t, ...untitled } = post;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/addNewUpdates",
      headers: { cookie: await t.adminCookie() },
      payload: untitled,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.Title).toBe("");
  });

  it.each([
    ["Description", { Description: "" }],
    ["ImageUrl", { ImageUrl: "" }],
    ["ImageUrl", { ImageUrl: "not-a-url" }],
    ["ImageUrl", { ImageUrl: "ftp://example.com/a.png" }],
  ])("refuses a bad %s", async (field, change) => {
    const t = await createTestApp();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/addNewUpdates",
      headers: { cookie: await t.adminCookie() },
      payload: { ...post, ...change },
    });
    expectValidationError(response, field);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/update" })).json().data).toEqual([]);
  });

  it("answers 404 for an unknown id and 401 without a session", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    expect((await t.app.inject({ method: "PUT", url: "/api/admin/updates/x", headers: { cookie }, payload: post })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: "/api/admin/updates/x", headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: "/api/admin/addNewUpdates", payload: post })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PUT", url: "/api/admin/updates/x", payload: post })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: "/api/admin/updates/x" })).statusCode).toBe(401);
  });
});
