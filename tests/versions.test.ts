import { describe, expect, it } from "vitest";
import { defaultShopSettings } from "../domain/settings/settings";
import { STALE_EDIT_MESSAGE } from "../domain/shared/versions";
import { createTestApp, type TestApp } from "./helpers/app";

// No lost updates (ADR 0017): an edit sent with If-Match: the version it was read with is refused with 409
// when the record has changed since; without If-Match (the spec's own client) the save wins as before.

const netflix = {
  Name: "Versioned Netflix",
  Id: "700",
  Info: "",
  ImageId: "/images/catalogue/netflix-premium.svg",
  Category: "OTT",
  Status: "None",
  Note: "",
  SpecialLink: "/prices",
  plans: { "1": 300 },
};

async function newPrice(t: TestApp, cookie: string) {
  const created = await t.app.inject({ method: "POST", url: "/api/prices", headers: { cookie }, payload: netflix });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data as { _id: string; version: number };
}

const putPrice = (t: TestApp, cookie: string, id: string, Note: string, version?: number | string) =>
  t.app.inject({
    method: "PUT",
    url: `/api/prices/${id}`,
    headers: { cookie, ...(version === undefined ? {} : { "if-match": typeof version === "number" ? `"${version}"` : version }) },
    payload: { ...netflix, Note },
  });

const priceNow = async (t: TestApp, id: string) =>
  ((await t.app.inject({ method: "GET", url: "/api/prices" })).json().allPrices as Array<{ _id: string; Note: string; version: number }>).find(
    (item) => item._id === id,
  );

describe("price entries carry their version", () => {
  it("saves over the version read (version + 1), refuses a stale save with 409 and changes nothing", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const { _id, version } = await newPrice(t, cookie);
    expect(version).toBe(1);

    const fresh = await putPrice(t, cookie, _id, "first", 1);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data).toMatchObject({ Note: "first", version: 2 });

    const stale = await putPrice(t, cookie, _id, "second", 1);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, message: STALE_EDIT_MESSAGE });
    expect(await priceNow(t, _id)).toMatchObject({ Note: "first", version: 2 });
  });

  it("takes a save without If-Match as before (last write wins), and says 404 for an item that is gone", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const { _id } = await newPrice(t, cookie);
    expect((await putPrice(t, cookie, _id, "one", 1)).statusCode).toBe(200);
    const blind = await putPrice(t, cookie, _id, "blind");
    expect(blind.statusCode, blind.body).toBe(200);
    expect(blind.json().data).toMatchObject({ Note: "blind", version: 3 });

    expect((await putPrice(t, cookie, "no-such-id", "x", 1)).statusCode).toBe(404);
    const garbled = await putPrice(t, cookie, _id, "x", "yesterday");
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().message).toMatch(/If-Match/);
  });

  it("lets exactly one of two saves over the same version win", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const { _id } = await newPrice(t, cookie);
    const answers = await Promise.all([putPrice(t, cookie, _id, "A", 1), putPrice(t, cookie, _id, "B", 1)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data.Note;
    expect(await priceNow(t, _id)).toMatchObject({ Note: winner, version: 2 });
  });
});

const getSettings = async (t: TestApp, cookie: string) => {
  const answer = await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { data: typeof defaultShopSettings; version: number };
};

const putSettings = (t: TestApp, cookie: string, whatsappNumber: string, version?: number) =>
  t.app.inject({
    method: "PUT",
    url: "/api/admin/settings",
    headers: { cookie, ...(version === undefined ? {} : { "if-match": `"${version}"` }) },
    payload: { ...defaultShopSettings, whatsappNumber },
  });

describe("the shop's settings carry their version", () => {
  it("saves over the version read, refuses a stale save with 409 and changes nothing, and takes one without If-Match", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const { version } = await getSettings(t, cookie);

    const fresh = await putSettings(t, cookie, "9779811111111", version);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ data: { whatsappNumber: "9779811111111" }, version: version + 1 });

    const stale = await putSettings(t, cookie, "9779822222222", version);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(STALE_EDIT_MESSAGE);
    expect(await getSettings(t, cookie)).toMatchObject({ data: { whatsappNumber: "9779811111111" }, version: version + 1 });
    // The storefront's copy is the saved one too.
    expect((await t.app.services.settings.shop()).whatsappNumber).toBe("9779811111111");

    const blind = await putSettings(t, cookie, "9779833333333");
    expect(blind.statusCode, blind.body).toBe(200);
    expect(blind.json().version).toBe(version + 2);
  });

  it("lets exactly one of two saves over the same version win, the first save included", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    for (let round = 0; round < 2; round++) {
      const { version } = await getSettings(t, cookie);
      const answers = await Promise.all([putSettings(t, cookie, "9779844444444", version), putSettings(t, cookie, "9779855555555", version)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.statusCode === 200)!.json();
      expect(await getSettings(t, cookie)).toMatchObject({ data: { whatsappNumber: winner.data.whatsappNumber }, version: version + 1 });
    }
  });
});

/** Each admin-edited record: how to create one, save it (with If-Match when a version is given), and read it. */
const records = [
  {
    name: "carousel slides",
    create: { method: "POST", url: "/api/admin/carousel", payload: { image: "/images/slides/a.svg", title: "A", description: "First" } },
    created: (body: { _id: string; version: number }) => body,
    save: (id: string, title: string) => ({
      method: "PUT",
      url: `/api/admin/carousel/${id}`,
      payload: { image: "/images/slides/a.svg", title, description: "First" },
    }),
    saved: (body: { title: string; version: number }) => ({ text: body.title, version: body.version }),
  },
  {
    name: "update posts",
    create: { method: "POST", url: "/api/admin/addNewUpdates", payload: { Title: "A", Description: "First", ImageUrl: "/images/a.png" } },
    created: (body: { data: { _id: string; version: number } }) => body.data,
    save: (id: string, Title: string) => ({
      method: "PUT",
      url: `/api/admin/updates/${id}`,
      payload: { Title, Description: "First", ImageUrl: "/images/a.png" },
    }),
    saved: (body: { data: { Title: string; version: number } }) => ({ text: body.data.Title, version: body.data.version }),
  },
  {
    name: "videos",
    create: { method: "POST", url: "/api/admin/addWhatsNewVideo", payload: { Name: "A", Platform: "Netflix", TrailerLink: "https://example.com/a" } },
    created: (body: { item: { _id: string; version: number } }) => body.item,
    save: (_id: string, Name: string) => ({
      method: "POST",
      url: "/api/admin/addWhatsNewVideo",
      payload: { _id, Name, Platform: "Netflix", TrailerLink: "https://example.com/a" },
    }),
    saved: (body: { item: { Name: string; version: number } }) => ({ text: body.item.Name, version: body.item.version }),
  },
] as const;

describe.each(records)("$name carry their version", (record) => {
  it("save over the version read (version + 1), refuse a stale save with 409, take one without If-Match, and exactly one of two racing saves wins", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const send = (request: { method: string; url: string; payload: object }, version?: number) =>
      t.app.inject({
        ...(request as { method: "POST" | "PUT"; url: string; payload: object }),
        headers: { cookie, ...(version === undefined ? {} : { "if-match": `"${version}"` }) },
      });
    const created = await send(record.create);
    expect(created.statusCode, created.body).toBe(201);
    const { _id, version } = record.created(created.json());
    expect(version).toBe(1);

    const fresh = await send(record.save(_id, "B"), 1);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(record.saved(fresh.json())).toEqual({ text: "B", version: 2 });

    const stale = await send(record.save(_id, "C"), 1);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(STALE_EDIT_MESSAGE);

    const blind = await send(record.save(_id, "D"));
    expect(record.saved(blind.json())).toEqual({ text: "D", version: 3 });

    const racing = await Promise.all([send(record.save(_id, "E"), 3), send(record.save(_id, "F"), 3)]);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await send(record.save(_id, "G"), 4)).toHaveProperty("statusCode", 200);
  });
});
