import { describe, expect, it } from "vitest";
import { createTestApp } from "./helpers/app";
import { productionWeb, tinyWeb } from "./helpers/web";

/** What the production build's pages answer to single requests; e2e/ checks what a browser makes of them. */
describe("the pages of the production build", () => {
  it("each page rendered per request gets a nonce of its own", async () => {
    const { app } = await createTestApp({ web: await productionWeb() });
    // A page that is never kept (a 404) is rendered for each request.
    const nonce = async () => /'nonce-([^']+)'/.exec(String((await app.inject("/no-such-page")).headers["content-security-policy"] ?? ""))?.[1];
    const [first, second] = [await nonce(), await nonce()];
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it("an unknown API path answers the API's JSON 404, not a page", async () => {
    const { app } = await createTestApp({ web: await productionWeb() });
    for (const path of ["/api/nothing-here", "/api/admin/nothing/deeper"]) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json().success).toBe(false);
    }
  });

  it("an admin page or answer is guarded however its path is spelled", async () => {
    const { app } = await createTestApp({ web: await productionWeb() });
    const api = await app.inject("/%61pi/admin/orders");
    expect(api.statusCode).toBe(401);
    expect(api.headers["cache-control"]).toBe("no-store");
    const page = await app.inject("/%61dmin/orders");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-page-cache"]).toBeUndefined();
  });

  it("a write that names no origin is refused, and a page form has a size limit", async () => {
    const { injectAsIs } = await createTestApp({ web: await productionWeb() });
    const silent = await injectAsIs({ method: "POST", url: "/api/newsletter", payload: { email: "nobody@example.com" } });
    expect(silent.statusCode).toBe(403);
    const huge = await injectAsIs({
      method: "POST",
      url: "/netflixCode",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      payload: new URLSearchParams({ email: "a@b.co", notes: "x".repeat(40_000) }).toString(),
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe("a page that takes no form", () => {
  it("answers a POST 405 with the methods it takes", async () => {
    const { app } = await createTestApp({ web: await tinyWeb() });
    for (const url of ["/prices", "/prices.data", "/"]) {
      const response = await app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "a=1",
      });
      expect(response.statusCode, url).toBe(405);
      expect(response.headers.allow, url).toBe("GET, HEAD");
    }
    expect((await app.inject({ method: "GET", url: "/prices" })).headers.allow).toBeUndefined();
  });
});
