import { describe, expect, it } from "vitest";
import { STALE_EDIT_MESSAGE } from "../../domain/shared/versions";
import { createTestApp, expectValidationError } from "../helpers/app";

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

  it("without _id updates the video with that Name (any case), as the spec's client's Add/Update does; with _id, another's name is refused", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const add = (payload: object) => t.app.inject({ method: "POST", url: "/api/admin/addWhatsNewVideo", headers: { cookie }, payload });
    const first = (await add(video)).json().item;
    const again = await add({ ...video, Name: "stranger things 5", Platform: "Prime Video", TrailerLink: "https://example.com/other" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      message: "Video updated",
      item: { _id: first._id, Name: "stranger things 5", Platform: "Prime Video", TrailerLink: "https://example.com/other", version: 2 },
    });
    const items = (await t.app.inject({ method: "GET", url: "/api/admin/viewWhatsNewVideo" })).json().items;
    expect(items).toEqual([again.json().item]);

    // Renaming one video by its _id onto another's name still merges nothing.
    const other = (await add({ ...video, Name: "The Boys" })).json().item;
    const rename = await add({ ...video, _id: other._id, Name: "Stranger Things 5" });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('A video named "Stranger Things 5" already exists');
    expect((await t.app.inject({ method: "GET", url: "/api/admin/viewWhatsNewVideo" })).json().items).toHaveLength(2);
  });

  it("an update by Name takes If-Match like one by _id, adds nothing under it, and two adds of one new name make one video", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const add = (payload: object, version?: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/addWhatsNewVideo",
        headers: { cookie, ...(version === undefined ? {} : { "if-match": `"${version}"` }) },
        payload,
      });
    expect((await add(video)).json().item.version).toBe(1);
    const fresh = await add({ ...video, TrailerLink: "https://example.com/b" }, 1);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().item).toMatchObject({ TrailerLink: "https://example.com/b", version: 2 });
    const stale = await add({ ...video, TrailerLink: "https://example.com/c" }, 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STALE_EDIT_MESSAGE);

    const absent = await add({ ...video, Name: "Not there" }, 1);
    expect(absent.statusCode).toBe(404);
    expect(absent.json().message).toBe('No video named "Not there"');
    const names = async () =>
      (await t.app.inject({ method: "GET", url: "/api/admin/viewWhatsNewVideo" })).json().items.map((item: { Name: string }) => item.Name);
    expect(await names()).toEqual([video.Name]);

    const racing = await Promise.all([add({ ...video, Name: "Racing" }), add({ ...video, Name: "Racing", Platform: "Prime Video" })]);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect((await names()).filter((name: string) => name === "Racing")).toHaveLength(1);
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
