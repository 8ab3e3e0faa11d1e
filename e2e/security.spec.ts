import { expect, test } from "@playwright/test";

const PAGES = ["/", "/prices", "/prices/Netflix%20Premium", "/cart", "/updates", "/netflixCode", "/admin/login"];

for (const path of PAGES) {
  test(`${path} runs under an enforced Content-Security-Policy without violations`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
      );
    });
    const response = await page.goto(path);
    const policy = response?.headers()["content-security-policy"] ?? "";
    // A page rendered for this request carries a nonce; a kept one the hashes of its own inline scripts.
    expect(policy).toMatch(/script-src 'self' (?:'nonce-[A-Za-z0-9+/]{22}=='|(?:'sha256-[A-Za-z0-9+/]{43}=' ?)+);/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(directive);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response?.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response?.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response?.headers()["cross-origin-opener-policy"]).toBeTruthy();

    // React took over the page: its scripts were allowed to run.
    // (Polled with evaluate: waitForFunction compiles its predicate inside the page, which the policy rightly refuses.)
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.querySelector("a[href]") ?? {}).some((key) => key.startsWith("__reactProps$"))))
      .toBe(true);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
}

test("each page rendered per request gets a nonce of its own", async ({ request }) => {
  // A page that is never kept (a 404) is rendered for each request.
  const nonce = async () => /'nonce-([^']+)'/.exec((await request.get("/no-such-page-e2e")).headers()["content-security-policy"] ?? "")?.[1];
  const [first, second] = [await nonce(), await nonce()];
  expect(first).toBeTruthy();
  expect(first).not.toBe(second);
});

test("an unknown API path answers the API's JSON 404, not a page", async ({ request }) => {
  for (const path of ["/api/nothing-here", "/api/admin/nothing/deeper"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect((await response.json()).success).toBe(false);
  }
});

test("an admin page or answer is guarded however its path is spelled", async ({ request }) => {
  const api = await request.get("/%61pi/admin/orders");
  expect(api.status()).toBe(401);
  expect(api.headers()["cache-control"]).toBe("no-store");
  const page = await request.get("/%61dmin/orders", { maxRedirects: 0 });
  expect(page.headers()["cache-control"]).toBe("no-store");
  expect(page.headers()["x-page-cache"]).toBeUndefined();
});

test("a write that names no origin is refused, and a page form has a size limit", async ({ playwright, baseURL }) => {
  // A client of its own, without the Origin header the other tests' requests carry.
  const bare = await playwright.request.newContext({ baseURL, extraHTTPHeaders: {} });
  const silent = await bare.post("/api/newsletter", { data: { email: "nobody@example.com" } });
  expect(silent.status()).toBe(403);
  const huge = await bare.post("/netflixCode", { form: { email: "a@b.co", notes: "x".repeat(40_000) }, headers: { origin: baseURL! } });
  expect(huge.status()).toBe(413);
  await bare.dispose();
});
