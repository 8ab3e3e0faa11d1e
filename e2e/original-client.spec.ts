import http from "node:http";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { E2E_ADMIN } from "./admin-account";
import { sampleTrending } from "../domain/trending/trending-sample";
import { freePort } from "./server";

// A stand-in for the spec's own client: it reads the price list and the slides, signs in with
// /api/admin/login, and makes the writes that client makes as it makes them: like axios without
// withCredentials, so fetch's default credentials mode ("same-origin"). The supported way to run that client
// is on the shop's origin, its build and /api behind one proxy (docs/deploy.md, ADR 0013).
const clientPage = (api: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Original client</title></head>
<body>
  <main>
    <h1>Original client</h1>
    <p id="prices">Loading prices…</p>
    <p id="slides">Loading slides…</p>
    <section><h2>What's New to Watch</h2><p id="watch-error"></p><ul id="watch"></ul></section>
    <form id="login">
      <label>User name <input name="userName" autocomplete="username"></label>
      <label>Password <input name="password" type="password" autocomplete="current-password"></label>
      <button>Sign in</button>
    </form>
    <p id="who"></p>
  </main>
  <script>
    const api = ${JSON.stringify(api)};
    // What axios does without withCredentials: no credentials option; the HTTP status and the parsed body.
    async function call(method, path, body) {
      const response = await fetch(api + path, {
        method,
        headers: body ? { "content-type": "application/json" } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, data: await response.json() };
    }
    call("GET", "/prices").then((res) => {
      document.getElementById("prices").textContent = res.data.allPrices.length + " prices, first " + res.data.allPrices[0].Name;
    });
    // Its "What's New to Watch": the movie database's answer as its backend passed it on, posters built from their path.
    call("GET", "/whatToWatch")
      .then((res) => {
        if (res.status !== 200) throw new Error(String(res.status));
        for (const item of res.data.results.slice(0, 12)) {
          const li = document.createElement("li");
          li.textContent = (item.title || item.name) + " (" + (item.release_date || item.first_air_date || "soon") + ", " + item.media_type + ")";
          li.dataset.poster = item.poster_path ? "https://image.tmdb.org/t/p/w500" + item.poster_path : "";
          document.getElementById("watch").append(li);
        }
      })
      .catch(() => (document.getElementById("watch-error").textContent = "Failed to load newest content. Please try again later."));
    call("GET", "/carousel").then((res) => {
      if (res.status === 200 && res.data.length > 0) document.getElementById("slides").textContent = res.data.length + " slides from the server";
    });
    document.getElementById("login").addEventListener("submit", async (event) => {
      event.preventDefault();
      const form = new FormData(event.target);
      const res = await call("POST", "/admin/login", { userName: form.get("userName"), password: form.get("password") });
      const auth = await call("GET", "/admin/auth");
      document.getElementById("who").textContent = res.data.success && auth.data.success ? "Signed in as " + auth.data.admin.name : "Sign-in failed";
    });
    // The client's edit of a price (the card sent back as read), a slide added and edited, a trailer added
    // and changed by its name ('Add/Update Video' sends no _id), and an update post: each "status message".
    window.originalWrites = async (name) => {
      const said = (res) => res.status + " " + (res.data.message ?? res.data.title);
      const { allPrices } = (await call("GET", "/prices")).data;
      const card = allPrices.find((price) => price.Name === name);
      const { Category, Status, ...asRead } = card;
      // Its Plan Key box is free text: "3 Months" as an admin types it.
      const price = await call("PUT", "/prices/" + card._id, { ...asRead, plans: { ...card.plans, 1: "1,450", "3 Months": "4,000" } });
      const slide = { image: "/images/placeholder.svg", title: name, description: "A slide from the original client" };
      const added = await call("POST", "/admin/carousel", slide);
      const edited = added.status === 201 ? await call("PUT", "/admin/carousel/" + added.data._id, { ...slide, title: name + " edited" }) : added;
      const video = { Name: name, Platform: "Netflix", TrailerLink: "https://www.youtube.com/watch?v=first" };
      const trailer = await call("POST", "/admin/addWhatsNewVideo", video);
      const changed = await call("POST", "/admin/addWhatsNewVideo", { ...video, TrailerLink: "https://www.youtube.com/watch?v=second" });
      const update = await call("POST", "/admin/addNewUpdates", { Title: name, Description: "Posted from the original client", ImageUrl: "https://example.com/u.webp" });
      return [price, added, edited, trailer, changed, update].map(said);
    };
    // Its Delete of a slide and of the price, as its admin screens send them.
    window.originalDeletes = async (name) => {
      const said = (res) => res.status + " " + res.data.message;
      const slides = (await call("GET", "/admin/carousel")).data.filter((slide) => slide.title.startsWith(name));
      const gone = [];
      for (const slide of slides) gone.push(said(await call("DELETE", "/admin/carousel/" + slide._id)));
      gone.push(said(await call("DELETE", "/prices/" + encodeURIComponent(name))));
      return gone;
    };
  </script>
</body></html>`;

// The suite names the shop's origin on every request (e2e/fixtures.ts); the page's calls must name their own.
test.use({ extraHTTPHeaders: {} });

const serve = (port: number, handler: http.RequestListener) =>
  new Promise<http.Server>((resolve) => {
    const server = http.createServer(handler);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
const close = (server: http.Server) => new Promise((resolve) => server.close(resolve));

const writes = (page: Page, name: string) =>
  page.evaluate((item) => (window as unknown as { originalWrites: (name: string) => Promise<string[]> }).originalWrites(item), name);

/** The item the client edits, added by the admin on the shop (the client's own Add Price sends credentials). */
async function addItem(admin: APIRequestContext, name: string) {
  const item = { Name: name, Id: String(Date.now() % 1e8), ImageId: "/images/placeholder.svg", Category: "VPN", plans: { 1: 400 } };
  const created = await admin.post("/api/prices", { data: { ...item, Status: "Private", SpecialLink: "https://example.com/x" } });
  expect(created.status(), await created.text()).toBe(201);
}

/** What the shop holds under `name`: the item's 1-month price, slides, trailers and update posts. */
async function heldUnder(admin: APIRequestContext, name: string) {
  const read = async (path: string) => (await admin.get(path)).json();
  const { allPrices } = await read("/api/prices");
  const slides = (await read("/api/admin/carousel")).filter((slide: { title: string }) => slide.title.startsWith(name));
  const videos = (await read("/api/admin/viewWhatsNewVideo")).items.filter((video: { Name: string }) => video.Name === name);
  const updates = (await read("/api/admin/update")).data.filter((post: { Title: string }) => post.Title === name);
  const plans = allPrices.find((p: { Name: string }) => p.Name === name)?.plans;
  return { price: plans?.[1], threeMonths: plans?.[3], slides, videos, updates };
}

/** Removes what the test added, so the worker's other tests see the shop as seeded. */
async function cleanUp(admin: APIRequestContext, name: string) {
  const held = await heldUnder(admin, name);
  await admin.delete(`/api/prices/${encodeURIComponent(name)}`);
  for (const slide of held.slides) await admin.delete(`/api/admin/carousel/${slide._id}`);
  for (const video of held.videos) await admin.post("/api/admin/deleteWhatsNewVideo", { data: { _id: video._id } });
  for (const post of held.updates) await admin.delete(`/api/admin/updates/${post._id}`);
}

test("the spec's client served from the shop's origin, /api behind a proxy, signs in and makes its writes", async ({ page, admin, shop }) => {
  const name = `Client Same Origin ${Date.now()}`;
  // The proxy of docs/deploy.md in a few lines: /api passed on to the shop with the browser's Host, the client at /.
  const shopUrl = new URL(shop.origin);
  const proxy = await serve(await freePort(), (req, res) => {
    if (!req.url!.startsWith("/api/")) return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(clientPage("/api"));
    const upstream = http.request(
      { host: shopUrl.hostname, port: shopUrl.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  try {
    await addItem(admin, name);
    await page.goto(`http://127.0.0.1:${(proxy.address() as { port: number }).port}/`);
    await expect(page.locator("#prices")).toHaveText(/^\d+ prices, first /);
    await expect(page.locator("#slides")).toHaveText("5 slides from the server");
    // No movie database key in this suite: the list the home page shows then, the built-in one, in its shape.
    await expect(page.locator("#watch li")).toHaveCount(sampleTrending.length);
    await expect(page.locator("#watch li").first()).toHaveText(
      `${sampleTrending[0]!.title} (${sampleTrending[0]!.releaseDate ?? "soon"}, ${sampleTrending[0]!.mediaType})`,
    );
    await expect(page.locator("#watch-error")).toBeEmpty();
    await page.getByLabel("User name").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("#who")).toHaveText(/^Signed in as /);

    expect(await writes(page, name)).toEqual([
      `200 ${name} updated`,
      `201 ${name}`,
      `200 ${name} edited`,
      "201 Video added",
      "200 Video updated",
      "201 Update posted",
    ]);
    const held = await heldUnder(admin, name);
    expect(held.price).toBe(1450);
    expect(held.threeMonths).toBe(4000);
    expect(held.slides.map((slide: { title: string }) => slide.title)).toEqual([`${name} edited`]);
    expect(held.videos).toMatchObject([{ TrailerLink: "https://www.youtube.com/watch?v=second" }]);
    expect(held.updates).toHaveLength(1);

    const deletes = await page.evaluate(
      (item) => (window as unknown as { originalDeletes: (name: string) => Promise<string[]> }).originalDeletes(item),
      name,
    );
    expect(deletes).toEqual([`200 "${name} edited" deleted`, `200 ${name} deleted`]);
    expect(await heldUnder(admin, name)).toMatchObject({ price: undefined, slides: [] });
  } finally {
    await cleanUp(admin, name);
    await close(proxy);
  }
});

test("from another site the same writes are refused, saying why, and nothing is written", async ({ page, admin, shop }) => {
  const name = `Client Cross Site ${Date.now()}`;
  // Another site (localhost is not 127.0.0.1), listed in CORS_ORIGINS, so the page may read the answers.
  const server = await serve(shop.clientOriginPort, (_req, res) =>
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(clientPage(`${shop.origin}/api`)),
  );
  try {
    await addItem(admin, name);
    // The browser holds the admin's session for the shop, as if signed in there; the client's calls still
    // come without it, whatever the shop's cookie settings.
    await page.context().addCookies([shop.adminSession]);
    await page.goto(`http://localhost:${shop.clientOriginPort}/`);
    await expect(page.locator("#prices")).toHaveText(/^\d+ prices, first /);

    const answers = await writes(page, name);
    expect(answers).toHaveLength(6);
    for (const answer of answers) expect(answer).toMatch(/^401 Sign in as an admin to do this\. This request came from a page on another origin/);
    expect(await heldUnder(admin, name)).toEqual({ price: 400, slides: [], videos: [], updates: [] });
  } finally {
    await cleanUp(admin, name);
    await close(server);
  }
});
