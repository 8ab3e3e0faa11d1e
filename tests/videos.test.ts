import { describe, expect, it } from "vitest";
import { createTestApp, expectValidationError } from "./helpers/app";

const video = { Name: "Stranger Things 5", Platform: "Netflix", TrailerLink: "https://www.youtube.com/watch?v=abc" };

describe("what's new videos", () => {
  it("adds, lists, updates and deletes by _id", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const added = await t.app.inject({ method: "POST", url: "/api/admin/addWhatsNewVideo", headers: { cookie }, payload: video });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ success: true, item: video });
    const other = (
      await t.app.inject({
        method: "POST",
        url: "/api/admin/addWhatsNewVideo",
        headers: { cookie },
        payload: { ...video, Name: "The Boys", Platform: "Prime Video" },
      })
    ).json().item;

    const { _id } = added.json().item;
    const updated = await t.app.inject({
      method: "POST",
      url: "/api/admin/addWhatsNewVideo",
      headers: { cookie },
      payload: { ...video, _id, TrailerLink: "https://www.youtube.com/watch?v=def" },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().item).toMatchObject({ _id, TrailerLink: "https://www.youtube.com/watch?v=def" });

    const list = await t.app.inject({ method: "GET", url: "/api/admin/viewWhatsNewVideo", headers: { cookie } });
    expect(list.json()).toMatchObject({ success: true });
    expect(list.json().items).toHaveLength(2);

    const removed = await t.app.inject({ method: "POST", url: "/api/admin/deleteWhatsNewVideo", headers: { cookie }, payload: { _id } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: "Video deleted" });
    const after = (await t.app.inject({ method: "GET", url: "/api/admin/viewWhatsNewVideo", headers: { cookie } })).json().items;
    expect(after).toEqual([other]);
  });

  it("refuses a second video with the same name instead of overwriting it", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    await t.app.inject({ method: "POST", url: "/api/admin/addWhatsNewVideo", headers: { cookie }, payload: video });
    const again = await t.app.inject({
      method: "POST",
      url: "/api/admin/addWhatsNewVideo",
      headers: { cookie },
      payload: { ...video, Name: "stranger things 5", TrailerLink: "https://example.com/other" },
    });
    expect(again.statusCode).toBe(409);
    const items = (await t.app.inject({ method: "GET", url: "/api/admin/viewWhatsNewVideo", headers: { cookie } })).json().items;
    expect(items).toHaveLength(1);
    expect(items[0].TrailerLink).toBe(video.TrailerLink);
  });

  it.each([
    ["Name", { Name: "" }],
    ["Platform", { Platform: "Hulu" }],
    ["TrailerLink", { TrailerLink: "" }],
    ["TrailerLink", { TrailerLink: "youtube" }],
  ])("refuses a bad %s", async (field, change) => {
    const t = await createTestApp();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/addWhatsNewVideo",
      headers: { cookie: await t.adminCookie() },
      payload: { ...video, ...change },
    });
    expectValidationError(response, field);
  });

  it("answers 404 for an unknown _id on update and delete, 400 without _id", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const update = await t.app.inject({
      method: "POST",
      url: "/api/admin/addWhatsNewVideo",
      headers: { cookie },
      payload: { ...video, _id: "missing" },
    });
    expect(update.statusCode).toBe(404);
    const remove = await t.app.inject({ method: "POST", url: "/api/admin/deleteWhatsNewVideo", headers: { cookie }, payload: { _id: "missing" } });
    expect(remove.statusCode).toBe(404);
    expectValidationError(await t.app.inject({ method: "POST", url: "/api/admin/deleteWhatsNewVideo", headers: { cookie }, payload: {} }), "_id");
  });

  it("answers 401 to writes without a session; the list is public, as trailer links are", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ method: "POST", url: "/api/admin/addWhatsNewVideo", payload: video })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/viewWhatsNewVideo" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url: "/api/admin/deleteWhatsNewVideo", payload: { _id: "x" } })).statusCode).toBe(401);
  });
});
