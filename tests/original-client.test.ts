import { describe, expect, it } from "vitest";
import { NO_COOKIE_FROM_ANOTHER_ORIGIN_MESSAGE, UNAUTHORIZED_MESSAGE } from "../server/modules/auth/guard";
import { createTestApp, TEST_ADMIN, type TestApp } from "./helpers/app";

// The spec was written from a real client: a React single-page app on an origin of its own, calling this API
// with credentials and reading axios-style answers (`res.status`, `res.data`). These tests send what it sends
// and read what it reads.
const CLIENT = "https://client.example";
const STRANGER = "https://stranger.example";
const SHOP = "https://pasal.example";

const netflix = {
  Name: "Netflix Premium",
  Id: "1",
  ImageId: "/media/netflix.webp",
  Category: "OTT",
  Info: "4K",
  plans: { "1": "300", "3": "880" },
  Note: "",
  Status: "Shared",
  SpecialLink: "https://example.com/netflix",
};

const clientApp = (env: Record<string, string> = {}) => createTestApp({ seed: true, env: { CORS_ORIGINS: CLIENT, ...env } });

/** The original admin's sign-in: POST /api/admin/login {userName, password}, from its own origin. */
async function signInFromClient(t: TestApp, userName = TEST_ADMIN.email) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/admin/login",
    headers: { origin: CLIENT },
    payload: { userName, password: TEST_ADMIN.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.cookies.find((c) => c.name.endsWith("pasal_session"))!;
  return { response, cookie: `${session.name}=${session.value}`, session };
}

describe("cross-origin calls (CORS)", () => {
  it.each(["/api/prices", "/api/carousel", "/api/admin/update", "/api/search?q=ne", "/api/admin/viewWhatsNewVideo", "/api/admin/carousel"])(
    "lets any site read %s, without credentials",
    async (url) => {
      const t = await clientApp();
      const response = await t.app.inject({ method: "GET", url, headers: { origin: STRANGER } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["access-control-allow-origin"]).toBe("*");
      expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
      expect(String(response.headers.vary)).toMatch(/origin/i);
    },
  );

  it("gives a listed origin credentialed access, named exactly", async () => {
    const t = await clientApp();
    const response = await t.app.inject({ method: "GET", url: "/api/prices", headers: { origin: CLIENT } });
    expect(response.headers["access-control-allow-origin"]).toBe(CLIENT);
    expect(response.headers["access-control-allow-credentials"]).toBe("true");
  });

  it("answers a listed origin's preflight for a write, and an unlisted origin's with no allow headers", async () => {
    const t = await clientApp();
    const preflight = (origin: string) =>
      t.app.inject({
        method: "OPTIONS",
        url: "/api/prices/some-id",
        headers: { origin, "access-control-request-method": "PUT", "access-control-request-headers": "content-type" },
      });
    const listed = await preflight(CLIENT);
    expect(listed.statusCode).toBe(204);
    expect(listed.headers["access-control-allow-origin"]).toBe(CLIENT);
    expect(listed.headers["access-control-allow-credentials"]).toBe("true");
    expect(String(listed.headers["access-control-allow-methods"])).toContain("PUT");
    expect(String(listed.headers["access-control-allow-headers"]).toLowerCase()).toContain("content-type");

    const unlisted = await preflight(STRANGER);
    expect(unlisted.statusCode).toBe(404);
    for (const header of Object.keys(unlisted.headers)) expect(header).not.toMatch(/^access-control-allow-/);
  });

  it("shares no private answer with an unlisted site, even with a session", async () => {
    const t = await clientApp();
    const cookie = await t.adminCookie();
    const response = await t.app.inject({ method: "GET", url: "/api/admin/orders", headers: { origin: STRANGER, cookie } });
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("lets a listed origin write with a session, and refuses an unlisted one even with a session", async () => {
    const t = await clientApp();
    const { cookie } = await signInFromClient(t);
    const fromClient = await t.app.inject({
      method: "POST",
      url: "/api/prices",
      headers: { origin: CLIENT, cookie },
      payload: { ...netflix, Name: "From the client", Id: "901" },
    });
    expect(fromClient.statusCode, fromClient.body).toBe(201);
    expect(fromClient.headers["access-control-allow-origin"]).toBe(CLIENT);

    const before = (await t.app.inject({ method: "GET", url: "/api/prices" })).body;
    const fromStranger = await t.app.inject({
      method: "POST",
      url: "/api/prices",
      headers: { origin: STRANGER, cookie },
      payload: { ...netflix, Name: "From a stranger", Id: "902" },
    });
    expect(fromStranger.statusCode).toBe(403);
    expect(fromStranger.headers["access-control-allow-origin"]).toBeUndefined();
    // A listed origin is no way past the session either.
    const noSession = await t.app.inject({
      method: "POST",
      url: "/api/prices",
      headers: { origin: CLIENT },
      payload: { ...netflix, Name: "No session", Id: "903" },
    });
    expect(noSession.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/prices" })).body).toBe(before);
  });

  it("tells a page on another origin that its write came without the session cookie, and writes nothing", async () => {
    const t = await clientApp();
    const cookie = await t.adminCookie();
    const created = (
      await t.app.inject({ method: "POST", url: "/api/prices", headers: { cookie }, payload: { ...netflix, Name: "Cookie test", Id: "904" } })
    ).json().data;
    // The spec's client's edit: axios without withCredentials, so its browser sends no cookie to another origin.
    const edit = (headers: Record<string, string>) =>
      t.app.inject({
        method: "PUT",
        url: `/api/prices/${created._id}`,
        headers: { origin: CLIENT, ...headers },
        payload: { ...netflix, Name: "Cookie test", Id: "904", Note: "Edited" },
      });
    for (const site of ["cross-site", "same-site"]) {
      const refused = await edit({ "sec-fetch-site": site });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ success: false, message: NO_COOKIE_FROM_ANOTHER_ORIGIN_MESSAGE });
      expect(refused.headers["access-control-allow-origin"]).toBe(CLIENT);
    }
    // A cookie that was sent but is no session, or a request from no page at all, gets the plain answer.
    expect((await edit({ "sec-fetch-site": "cross-site", cookie: "pasal_session=expired" })).json().message).toBe(UNAUTHORIZED_MESSAGE);
    expect((await edit({})).json().message).toBe(UNAUTHORIZED_MESSAGE);
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    expect(allPrices.find((p: { Name: string }) => p.Name === "Cookie test").Note).toBe("");
    const signedIn = await edit({ "sec-fetch-site": "cross-site", cookie });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it("keeps the session cookie Strict unless listed origins must send it over https", async () => {
    const plain = await signInFromClient(await clientApp());
    expect(plain.session.sameSite).toBe("Strict");
    const overHttps = await signInFromClient(await clientApp({ PUBLIC_URL: SHOP }));
    expect(overHttps.session.sameSite).toBe("None");
    expect(overHttps.session.secure).toBe(true);
    const withoutList = await createTestApp({ env: { PUBLIC_URL: SHOP } });
    const login = await withoutList.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expect(login.cookies.find((c) => c.name.endsWith("pasal_session"))!.sameSite).toBe("Strict");
  });
});

describe("answers in the shape the original client reads", () => {
  it("GET /api/carousel answers the list itself, which the client reads as res.data", async () => {
    const t = await clientApp();
    const res = await t.app.inject({ method: "GET", url: "/api/carousel" });
    const data = res.json();
    // The original client: if (res.status === 200 && res.data.length > 0) setItems(res.data)
    expect(res.statusCode === 200 && data.length > 0).toBe(true);
    expect(Object.keys(data[0])).toEqual(expect.arrayContaining(["_id", "image", "title", "description", "badge", "ctaText"]));
  });

  it("stores a plan typed in the original admin's free Plan Key box as its months, and refuses one that names none", async () => {
    const t = await clientApp();
    const { cookie } = await signInFromClient(t);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/prices",
      headers: { origin: CLIENT, cookie },
      payload: { ...netflix, Name: "Typed plans", Id: "904", plans: { "1 Month": "300", "3 months": "880", "12": "3,200" } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    expect(allPrices.find((item: { Name: string }) => item.Name === "Typed plans").plans).toEqual({ "1": 300, "3": 880, "12": 3200 });

    const refused = await t.app.inject({
      method: "POST",
      url: "/api/prices",
      headers: { origin: CLIENT, cookie },
      payload: { ...netflix, Name: "Yearly", Id: "905", plans: { "1 year": "3200" } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Plan months must be a whole number from 1 to 36/);
  });

  it("leaves plans out on an item sold by contacting the admin, and keeps them on the others", async () => {
    const t = await clientApp();
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    const withoutPlans = allPrices.filter((p: { plans?: object }) => p.plans === undefined);
    expect(withoutPlans.length).toBeGreaterThan(0);
    for (const item of allPrices) if (item.plans !== undefined) expect(Object.keys(item.plans).length).toBeGreaterThan(0);
  });

  it("reads give Category and Status as the admin's select names them, beside category and status", async () => {
    const t = await clientApp();
    const cookie = await t.adminCookie();
    await t.app.inject({ method: "POST", url: "/api/prices", headers: { cookie }, payload: { ...netflix, Id: "900", Name: "Card test" } });
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    const card = allPrices.find((p: { Name: string }) => p.Name === "Card test");
    expect(card).toMatchObject({ category: "ott", Category: "OTT", status: "shared", Status: "Shared" });
    const music = allPrices.find((p: { category: string }) => p.category === "music");
    expect(music.Category).toBe("Music");
  });

  it("takes a card sent back as it was read: lowercase category and status only", async () => {
    const t = await clientApp();
    const cookie = await t.adminCookie();
    const created = (
      await t.app.inject({ method: "POST", url: "/api/prices", headers: { cookie }, payload: { ...netflix, Id: "900", Name: "Edit test" } })
    ).json().data;
    // The original admin's Edit: the card as read, with a new note, and no Category or Status.
    const { Category: _c, Status: _s, ...card } = created;
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/prices/${created._id}`,
      headers: { cookie },
      payload: { ...card, category: "music", status: "private", Note: "Edited" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ Note: "Edited", category: "music", Category: "Music", status: "private", Status: "Private" });
    // When both spellings come, the admin's own (capitalised) one is the one taken.
    const both = await t.app.inject({
      method: "PUT",
      url: `/api/prices/${created._id}`,
      headers: { cookie },
      payload: { ...card, Category: "VPN", category: "music" },
    });
    expect(both.json().data.category).toBe("vpn");
    // Neither spelling is still the spec's error.
    const { category: _lc, status: _ls, ...bare } = card;
    const neither = await t.app.inject({ method: "PUT", url: `/api/prices/${created._id}`, headers: { cookie }, payload: bare });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toMatch(/Category is required/);
  });

  it("answers absolute image URLs when PUBLIC_URL is set, and stores them as they were given", async () => {
    const t = await clientApp({ PUBLIC_URL: SHOP });
    const cookie = await t.adminCookie();
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    expect(allPrices.every((p: { ImageId: string }) => p.ImageId.startsWith(`${SHOP}/`) || /^https?:\/\//.test(p.ImageId))).toBe(true);
    expect(allPrices.some((p: { ImageId: string }) => p.ImageId.startsWith(`${SHOP}/images/`))).toBe(true);
    const slides = (await t.app.inject({ method: "GET", url: "/api/carousel" })).json();
    expect(slides[0].image).toMatch(new RegExp(`^${SHOP}/images/`));
    expect((await t.app.inject({ method: "GET", url: "/api/admin/carousel" })).json()[0].image).toBe(slides[0].image);
    const posted = await t.app.inject({
      method: "POST",
      url: "/api/admin/addNewUpdates",
      headers: { cookie },
      payload: { Title: "t", Description: "d", ImageUrl: "/media/u.webp" },
    });
    expect(posted.json().data.ImageUrl).toBe(`${SHOP}/media/u.webp`);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/update" })).json().data[0].ImageUrl).toBe(`${SHOP}/media/u.webp`);
    const suggestions = (await t.app.inject({ method: "GET", url: "/api/search?q=net" })).json().suggestions;
    expect(suggestions[0].ImageId).toMatch(new RegExp(`^${SHOP}/`));
    // Stored as given: the storefront's own pages still read root-relative paths.
    expect((await t.app.services.updates.list())[0]!.ImageUrl).toBe("/media/u.webp");
    expect((await t.app.services.catalogue.list()).some((item) => item.ImageId.startsWith("/images/"))).toBe(true);
  });

  it("answers root-relative image paths without PUBLIC_URL", async () => {
    const t = await clientApp();
    const slides = (await t.app.inject({ method: "GET", url: "/api/carousel" })).json();
    expect(slides[0].image).toMatch(/^\/images\//);
  });

  it("lets anyone read the trailer list and the slides under /admin, and still guards their writes", async () => {
    const t = await clientApp();
    const videos = await t.app.inject({ method: "GET", url: "/api/admin/viewWhatsNewVideo" });
    expect(videos.statusCode).toBe(200);
    expect(videos.json()).toMatchObject({ success: true, items: expect.any(Array), message: expect.any(String) });
    expect((await t.app.inject({ method: "GET", url: "/api/admin/carousel" })).statusCode).toBe(200);
    const add = await t.app.inject({
      method: "POST",
      url: "/api/admin/addWhatsNewVideo",
      payload: { Name: "x", Platform: "Netflix", TrailerLink: "https://example.com/t" },
    });
    expect(add.statusCode).toBe(401);
  });
});

describe("the original admin's sign-in routes", () => {
  it("signs in with userName (the admin's email) and answers success with the admin and a session cookie", async () => {
    const t = await clientApp();
    const { response, cookie, session } = await signInFromClient(t, ` ${TEST_ADMIN.email.toUpperCase()} `);
    expect(response.json()).toMatchObject({
      success: true,
      admin: { name: TEST_ADMIN.name, email: TEST_ADMIN.email, userName: TEST_ADMIN.email, phone: "" },
    });
    expect(session.httpOnly).toBe(true);
    expect(response.headers["access-control-allow-origin"]).toBe(CLIENT);
    // The same session works everywhere else in the API.
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(200);
  });

  it("GET /api/admin/auth answers the admin with a session, and 401 {success: false, message} without", async () => {
    const t = await clientApp();
    const { cookie } = await signInFromClient(t);
    const auth = await t.app.inject({ method: "GET", url: "/api/admin/auth", headers: { origin: CLIENT, cookie } });
    expect(auth.statusCode).toBe(200);
    expect(auth.json()).toEqual({ success: true, admin: { name: TEST_ADMIN.name, email: TEST_ADMIN.email, userName: TEST_ADMIN.email, phone: "" } });
    const none = await t.app.inject({ method: "GET", url: "/api/admin/auth", headers: { origin: CLIENT } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, message: expect.any(String) });
  });

  it("refuses a wrong password or an unknown userName with 401 {success: false, message}", async () => {
    const t = await clientApp();
    for (const payload of [
      { userName: TEST_ADMIN.email, password: "wrong password" },
      { userName: "nobody@pasal.test", password: TEST_ADMIN.password },
    ]) {
      const response = await t.app.inject({ method: "POST", url: "/api/admin/login", headers: { origin: CLIENT }, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
      expect(response.cookies).toEqual([]);
    }
    const missing = await t.app.inject({ method: "POST", url: "/api/admin/login", headers: { origin: CLIENT }, payload: { password: "x" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: "userName", message: "User name is required" }]);
  });

  it("shares one count of attempts per address with /api/auth/login", async () => {
    const t = await clientApp();
    const wrong = (url: string) =>
      t.app.inject({
        method: "POST",
        url,
        remoteAddress: "192.0.2.9",
        payload:
          url === "/api/admin/login"
            ? { userName: TEST_ADMIN.email, password: "wrong password" }
            : { email: TEST_ADMIN.email, password: "wrong password" },
      });
    for (let i = 0; i < 5; i++) expect((await wrong("/api/auth/login")).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await wrong("/api/admin/login")).statusCode).toBe(401);
    const refused = await wrong("/api/admin/login");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await wrong("/api/auth/login")).statusCode).toBe(429);
  });

  it("GET /api/admin/logout ends the caller's session when asked from our pages or a listed origin, and nothing else", async () => {
    const t = await clientApp();
    const { cookie } = await signInFromClient(t);
    // Another site's page (an <img> or a link) cannot sign the admin out.
    for (const headers of [{ origin: STRANGER }, { "sec-fetch-site": "cross-site" }, {}]) {
      const forged = await t.app.inject({ method: "GET", url: "/api/admin/logout", headers: { ...headers, cookie } });
      expect(forged.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/auth", headers: { cookie } })).statusCode).toBe(200);

    const out = await t.app.inject({ method: "GET", url: "/api/admin/logout", headers: { origin: CLIENT, cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await t.app.inject({ method: "GET", url: "/api/admin/auth", headers: { cookie } })).statusCode).toBe(401);
    // Our own pages sign out the same way; without a session it is still a success.
    const again = await t.app.inject({ method: "GET", url: "/api/admin/logout", headers: { "sec-fetch-site": "same-origin" } });
    expect(again.json()).toEqual({ success: true });
  });

  it("has no open sign-up: admins are added by admins", async () => {
    const t = await clientApp();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/register",
      headers: { origin: CLIENT },
      payload: { userName: "x", password: "y".repeat(12), email: "x@x.x", name: "x" },
    });
    expect(response.statusCode).toBe(404);
    expect(await t.app.services.auth.listAdmins({ id: "", email: "", name: "" } as never)).toHaveLength(1);
  });
});
