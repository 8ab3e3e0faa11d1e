import AxeBuilder from "@axe-core/playwright";
import { expect, type BrowserContext, type Page } from "@playwright/test";

/** Runs axe on the page as it is now and fails with the list of violations. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Sets the stored theme before any page script runs (spec: 'isDarkMode', default dark). */
export async function useTheme(page: Page, theme: "dark" | "light") {
  await page.addInitScript((dark) => localStorage.setItem("isDarkMode", dark), String(theme === "dark"));
}

/** axe in both themes for the page at `path`. */
export async function expectAccessibleInBothThemes(page: Page, path: string) {
  await page.goto(path);
  for (const dark of [true, false]) {
    await page.evaluate((d) => localStorage.setItem("isDarkMode", String(d)), dark);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(dark ? /dark/ : /^(?!.*dark)/);
    await expectNoAxeViolations(page);
  }
}

/** Waits until React has taken over the server-rendered element, so clicks and typing reach it. */
export async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((s) => {
    const element = document.querySelector(s);
    // React tags each element it has hydrated with its props under a `__reactProps$…` key.
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps$"));
  }, selector);
}

/** The machine is offline: chat links are caught and their URLs kept. */
export async function catchChatLinks(context: BrowserContext) {
  const urls: string[] = [];
  for (const pattern of ["https://wa.me/**", "https://t.me/**"]) {
    await context.route(pattern, (route) => {
      urls.push(route.request().url());
      return route.abort();
    });
  }
  return urls;
}

/** A cart line as domain/cart.ts stores it under 'cart': Netflix Premium, 3 months, 2 devices. */
export const netflix3x2 = {
  lineId: "line-a",
  Id: "1",
  name: "Netflix Premium",
  month: 3,
  selectedMonth: 880,
  selectedDevice: 2,
  image: "/images/catalogue/netflix-premium.svg",
  cost: 1760,
};

/** Stores the cart once per tab: later reloads see what the page itself saved. */
export async function seedCart(page: Page, cart: unknown) {
  await page.addInitScript(
    (raw) => {
      if (sessionStorage.getItem("cart-seeded")) return;
      localStorage.setItem("cart", raw);
      sessionStorage.setItem("cart-seeded", "1");
    },
    typeof cart === "string" ? cart : JSON.stringify(cart),
  );
}
