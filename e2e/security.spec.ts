import { expect, test } from "./fixtures";

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
