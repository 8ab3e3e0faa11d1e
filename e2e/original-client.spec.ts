import http from "node:http";
import { expect, test } from "./fixtures";
import { E2E_ADMIN } from "./admin-account";

// The spec's own client runs on an origin of its own and calls the shop's API across origins, with
// credentials, as its owner would deploy it after switching backends. This page does what it does: reads
// the price list and the slides, signs in with /api/admin/login, and edits a price by sending the card
// back as it read it (lowercase category and status, no Category).
const clientPage = (api: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Original client</title></head>
<body>
  <main>
    <h1>Original client</h1>
    <p id="prices">Loading prices…</p>
    <p id="slides">Loading slides…</p>
    <form id="login">
      <label>User name <input name="userName" autocomplete="username"></label>
      <label>Password <input name="password" type="password" autocomplete="current-password"></label>
      <button>Sign in</button>
    </form>
    <p id="who"></p>
    <form id="edit">
      <label>Item <input name="name"></label>
      <label>1-month price <input name="price"></label>
      <button>Save</button>
    </form>
    <p id="result"></p>
  </main>
  <script>
    const api = ${JSON.stringify(api)};
    // What axios with withCredentials does: the HTTP status and the parsed body.
    async function call(method, path, body) {
      const response = await fetch(api + path, {
        method,
        credentials: "include",
        headers: body ? { "content-type": "application/json" } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, data: await response.json() };
    }
    call("GET", "/prices").then((res) => {
      document.getElementById("prices").textContent = res.data.allPrices.length + " prices, first " + res.data.allPrices[0].Name;
    });
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
    document.getElementById("edit").addEventListener("submit", async (event) => {
      event.preventDefault();
      const form = new FormData(event.target);
      const { allPrices } = (await call("GET", "/prices")).data;
      const card = allPrices.find((price) => price.Name === form.get("name"));
      const { Category, Status, ...asRead } = card;
      const res = await call("PUT", "/prices/" + card._id, { ...asRead, plans: { ...card.plans, 1: form.get("price") } });
      document.getElementById("result").textContent = res.status + " " + res.data.message;
    });
  </script>
</body></html>`;

// The suite names the shop's origin on every request (e2e/fixtures.ts); this page's calls must name its own.
test.use({ extraHTTPHeaders: {} });

test("the spec's client on another origin reads prices and slides, signs in and edits a price", async ({ page, request, baseURL, shop }) => {
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(clientPage(`${baseURL}/api`)),
  );
  await new Promise<void>((resolve) => server.listen(shop.clientOriginPort, "127.0.0.1", resolve));
  const name = `Client Edit ${Date.now()}`;
  try {
    await page.goto(`http://127.0.0.1:${shop.clientOriginPort}/`);
    await expect(page.locator("#prices")).toHaveText(/^\d+ prices, first /);
    await expect(page.locator("#slides")).toHaveText("5 slides from the server");

    await page.getByLabel("User name").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("#who")).toHaveText(/^Signed in as /);

    // The client adds an item of this test's own, with its session (as its Add Price form does).
    const created = await page.evaluate(
      (data) => (window as unknown as { call: (m: string, p: string, b?: unknown) => Promise<{ status: number }> }).call("POST", "/prices", data),
      {
        Name: name,
        Id: String(Date.now() % 1e8),
        ImageId: "/images/placeholder.svg",
        Category: "VPN",
        plans: { 1: 400 },
        Status: "Private",
        SpecialLink: "https://example.com/x",
      },
    );
    expect(created.status).toBe(201);

    await page.getByLabel("Item").fill(name);
    await page.getByLabel("1-month price").fill("1,450");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.locator("#result")).toHaveText(`200 ${name} updated`);

    // The shop itself shows the new price.
    const { allPrices } = await (await request.get("/api/prices")).json();
    expect(allPrices.find((p: { Name: string }) => p.Name === name)).toMatchObject({ plans: { 1: 1450 }, category: "vpn", Status: "Private" });
    const deleted = await page.evaluate(
      (item) =>
        (window as unknown as { call: (m: string, p: string) => Promise<{ status: number }> }).call("DELETE", `/prices/${encodeURIComponent(item)}`),
      name,
    );
    expect(deleted.status).toBe(200);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
