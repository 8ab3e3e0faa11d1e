import { describe, expect, it } from "vitest";
import { createTestApp, expectValidationError } from "../helpers/app";

const slide = {
  image: "/images/slides/festival.svg",
  title: "Dashain offer",
  description: "Netflix for 12 months at a festival price",
  badge: "Hot Deal",
  ctaText: "Shop Now",
  ctaLink: "/prices",
};

describe("carousel", () => {
  it("serves the seeded slides publicly, in position order", async () => {
    const t = await createTestApp({ seed: true });
    const response = await t.app.inject({ method: "GET", url: "/api/carousel" });
    expect(response.statusCode).toBe(200);
    // The list itself: the spec's client reads the answer's HTTP status and its data (res.data.length > 0).
    const body = response.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(5);
    expect(body.map((s: { position: number }) => s.position)).toEqual([0, 1, 2, 3, 4]);
    expect(body[0].image).toMatch(/^\/images\//);
  });

  it("lets the admin add, edit, reorder and delete slides", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    const first = await t.app.inject({ method: "POST", url: "/api/admin/carousel", headers: { cookie }, payload: slide });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ ...slide, position: 0 });
    const second = (
      await t.app.inject({
        method: "POST",
        url: "/api/admin/carousel",
        headers: { cookie },
        payload: { image: "/images/slides/b.svg", title: "B", description: "Second" },
      })
    ).json();
    expect(second).toMatchObject({ badge: "", ctaText: "", ctaLink: "", position: 1 });

    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/admin/carousel/${second._id}`,
      headers: { cookie },
      payload: { ...second, position: 0 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.app.inject({
      method: "PUT",
      url: `/api/admin/carousel/${first.json()._id}`,
      headers: { cookie },
      payload: { ...slide, title: "Tihar offer", position: 1 },
    });
    const list = (await t.app.inject({ method: "GET", url: "/api/admin/carousel", headers: { cookie } })).json();
    expect(list.map((s: { title: string }) => s.title)).toEqual(["B", "Tihar offer"]);

    const removed = await t.app.inject({ method: "DELETE", url: `/api/admin/carousel/${second._id}`, headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    const publicList = (await t.app.inject({ method: "GET", url: "/api/carousel" })).json();
    expect(publicList.map((s: { title: string }) => s.title)).toEqual(["Tihar offer"]);
  });

  it.each([
    ["image", { image: "" }],
    ["image", { image: "not a url" }],
    ["title", { title: "  " }],
    ["description", { description: undefined }],
    ["ctaLink", { ctaLink: "javascript:alert(1)" }],
    ["position", { position: -1 }],
  ])("refuses a bad %s", async (field, change) => {
    const t = await createTestApp();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/carousel",
      headers: { cookie: await t.adminCookie() },
      payload: { ...slide, ...change },
    });
    expectValidationError(response, field);
    expect((await t.app.inject({ method: "GET", url: "/api/carousel" })).json()).toEqual([]);
  });

  it("answers 404 for an unknown id", async () => {
    const t = await createTestApp();
    const cookie = await t.adminCookie();
    expect((await t.app.inject({ method: "PUT", url: "/api/admin/carousel/x", headers: { cookie }, payload: slide })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: "/api/admin/carousel/x", headers: { cookie } })).statusCode).toBe(404);
  });

  it("guards every admin write; the admin list is public like the slides themselves", async () => {
    const t = await createTestApp({ seed: true });
    const slides = (await t.app.inject({ method: "GET", url: "/api/carousel" })).json();
    const id = slides[0]._id;
    const adminList = await t.app.inject({ method: "GET", url: "/api/admin/carousel" });
    expect(adminList.statusCode).toBe(200);
    expect(adminList.json()).toEqual(slides);
    for (const [method, url] of [
      ["POST", "/api/admin/carousel"],
      ["PUT", `/api/admin/carousel/${id}`],
      ["DELETE", `/api/admin/carousel/${id}`],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === "DELETE" ? undefined : slide });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/carousel" })).json()).toHaveLength(5);
  });
});
