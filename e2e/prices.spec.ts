import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

const count = (page: Page) => page.getByText(/^\d+ subscriptions? found$/);
const cards = (page: Page) => page.getByRole("list", { name: "Subscriptions" }).getByRole("listitem");
const chips = (page: Page) => page.getByRole("navigation", { name: "Categories" });

async function shownCount(page: Page): Promise<number> {
  return Number((await count(page).textContent())!.split(" ")[0]);
}

/** Each card's starting price, in order; null for 'Contact for pricing'. */
function isSorted(values: number[], compare: (a: number, b: number) => number): boolean {
  return values.every((value, i) => i === 0 || compare(values[i - 1]!, value) <= 0);
}

async function cardPrices(page: Page): Promise<Array<number | null>> {
  return (await cards(page).allTextContents()).map((text) => {
    const match = /NPR ([\d,]+)/.exec(text);
    return match ? Number(match[1]!.replace(/,/g, "")) : null;
  });
}

test("the price list shows the count and a card for each subscription", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/prices");
  await expect(page.getByRole("heading", { level: 1, name: "Prices" })).toBeVisible();
  await expect(count(page)).toHaveText(/^\d+ subscriptions found$/);
  const total = await shownCount(page);
  expect(total).toBeGreaterThan(20);
  await expect(cards(page)).toHaveCount(total);
  await expect(page.getByRole("link", { name: "Clear filter" })).toBeVisible();

  const netflix = cards(page).filter({ hasText: "Netflix Premium" });
  await expect(netflix).toContainText("OTT");
  await expect(netflix).toContainText("1 month");
  await expect(netflix).toContainText("NPR 300");
  await expect(netflix.getByRole("link")).toHaveAttribute("href", "/prices/Netflix%20Premium");
  await expect(cards(page).filter({ hasText: "Internet Download Manager" })).toContainText("Contact for pricing");

  // The cards shown before any scrolling load their images with the page (a lazy one would be the
  // page's slowest paint, ADR 0056); every later card waits until it is near the screen. Sizes are
  // always set so nothing jumps.
  const images = page.getByRole("list", { name: "Subscriptions" }).locator("img");
  await expect(images.first()).toHaveAttribute("loading", "eager");
  await expect(images.nth(3)).toHaveAttribute("loading", "eager");
  await expect(images.nth(4)).toHaveAttribute("loading", "lazy");
  await expect(images.nth(8)).toHaveAttribute("loading", "lazy");
  await expect(images.nth(8)).toHaveAttribute("width", "400");
  await expect(images.nth(8)).toHaveAttribute("height", "400");

  await netflix.getByRole("link").click();
  await expect(page).toHaveURL(/\/prices\/Netflix%20Premium$/);
});

test("a category chip filters the list and the URL", async ({ page }) => {
  await page.goto("/prices");
  const total = await shownCount(page);
  await chips(page).getByRole("link", { name: "OTT", exact: true }).click();
  await expect(page).toHaveURL(/\/price\/ott$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("OTT prices");
  await expect(chips(page).getByRole("link", { name: "OTT", exact: true })).toHaveAttribute("aria-current", "page");
  const ott = await shownCount(page);
  expect(ott).toBeLessThan(total);
  await expect(cards(page)).toHaveCount(ott);
  for (const text of await cards(page).allTextContents()) expect(text).toMatch(/^OTT/);

  await chips(page).getByRole("link", { name: "All", exact: true }).click();
  await expect(page).toHaveURL(/\/prices$/);
  await expect(count(page)).toHaveText(`${total} subscriptions found`);
});

test("/price/{cat} preselects its category, including ones without a chip", async ({ page }) => {
  await page.goto("/price/ott");
  await expect(chips(page).getByRole("link", { name: "OTT", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(cards(page).filter({ hasText: "Netflix Premium" })).toHaveCount(1);
  await expect(cards(page).filter({ hasText: "Spotify" })).toHaveCount(0);

  // The home page's category grid links to /price/games and /price/software.
  await page.goto("/price/games");
  await expect(chips(page).getByRole("link", { name: "Games", exact: true })).toHaveAttribute("aria-current", "page");
  for (const text of await cards(page).allTextContents()) expect(text).toMatch(/^Games/);

  const upper = await page.goto("/price/OTT?q=net");
  expect(upper?.status()).toBe(200);
  await expect(page).toHaveURL(/\/price\/ott\?q=net$/);

  const unknown = await page.goto("/price/cooking");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page Not Found" })).toBeVisible();
});

test("search filters as you type and the clear button resets it", async ({ page }) => {
  await page.goto("/prices");
  const total = await shownCount(page);
  const search = page.getByPlaceholder("Search subscriptions...");
  await search.fill("netf");
  await expect(page).toHaveURL(/\/prices\?q=netf$/);
  await expect(count(page)).toHaveText("1 subscription found");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("Netflix Premium");

  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/prices$/);
  await expect(search).toHaveValue("");
  await expect(search).toBeFocused();
  await expect(count(page)).toHaveText(`${total} subscriptions found`);
});

test("the filter drawer sorts by price and limits the price range", async ({ page }) => {
  await page.goto("/prices");
  const filters = page.locator("summary", { hasText: "Filters" });
  await filters.click();
  // The URL changes as soon as a filter is chosen; the list follows when its data arrives, so poll it.
  const pricedCards = async () => (await cardPrices(page)).filter((p): p is number => p !== null);
  await page.getByLabel("Sort by").selectOption("price-asc");
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect.poll(async () => isSorted(await pricedCards(), (a, b) => a - b)).toBe(true);
  const ascending = await cardPrices(page);
  const priced = ascending.filter((p): p is number => p !== null);
  expect(ascending.slice(priced.length).every((p) => p === null)).toBe(true);

  await page.getByLabel("Sort by").selectOption("price-desc");
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect.poll(async () => isSorted(await pricedCards(), (a, b) => b - a)).toBe(true);

  await page.getByLabel("Minimum").fill("1000");
  await page.getByLabel("Maximum").fill("2000");
  await expect(page).toHaveURL(/min=1000&max=2000/);
  await page.getByLabel("Only items with a listed price").check();
  await expect(page).toHaveURL(/priced=1/);
  await expect.poll(async () => (await cardPrices(page)).every((p) => p !== null && p >= 1000 && p <= 2000)).toBe(true);
  const inRange = await cardPrices(page);
  expect(inRange.length).toBeGreaterThan(0);
  for (const price of inRange) expect(price).not.toBeNull();
  for (const price of inRange) expect(price!).toBeGreaterThanOrEqual(1000);
  for (const price of inRange) expect(price!).toBeLessThanOrEqual(2000);
  await expect(filters).toContainText("4");

  // Escape closes the drawer and gives focus back to its button.
  await page.keyboard.press("Escape");
  await expect(page.getByLabel("Sort by")).toBeHidden();
  await expect(filters).toBeFocused();

  // The URL holds the whole filter: a shared link shows the same list with the same fields.
  const url = page.url();
  await page.goto(url);
  expect(await cardPrices(page)).toEqual(inRange);
  await filters.click();
  await expect(page.getByLabel("Sort by")).toHaveValue("price-desc");
  await expect(page.getByLabel("Minimum")).toHaveValue("1000");
  await expect(page.getByLabel("Only items with a listed price")).toBeChecked();
});

test("no match shows the empty state, and Clear filter shows everything again", async ({ page }) => {
  await page.goto("/price/music?q=zzzz");
  await expect(count(page)).toHaveText("0 subscriptions found");
  await expect(page.getByText("No subscriptions found", { exact: true })).toBeVisible();
  await expect(page.getByText("Try a different search or filter")).toBeVisible();
  await page.getByRole("link", { name: "Clear filter" }).click();
  await expect(page).toHaveURL(/\/prices$/);
  await expect(cards(page)).not.toHaveCount(0);
  await expect(page.getByPlaceholder("Search subscriptions...")).toHaveValue("");
});

test("a slow answer shows the skeleton of 3 groups of 3 cards", async ({ page }) => {
  await page.goto("/prices");
  await page.route("**/*.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await chips(page).getByRole("link", { name: "VPN", exact: true }).click();
  await expect(page.getByTestId("skeleton-card")).toHaveCount(9);
  await expect(page).toHaveURL(/\/price\/vpn$/);
  await expect(page.getByTestId("skeleton-card")).toHaveCount(0);
  await expect(cards(page).first()).toContainText("VPN");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search and filters still work as a plain form", async ({ page }) => {
    await page.goto("/price/music");
    await page.getByPlaceholder("Search subscriptions...").fill("spotify");
    await page.getByPlaceholder("Search subscriptions...").press("Enter");
    await expect(page).toHaveURL(/\/price\/music\?q=spotify/);
    await expect(count(page)).toHaveText("1 subscription found");
    await page.locator("summary", { hasText: "Filters" }).click();
    await page.getByLabel("Sort by").selectOption("name");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/q=spotify&sort=name/);
  });
});

test.describe("18+ items", () => {
  test("hide their pictures until the visitor confirms, and remember it", async ({ page, request }) => {
    const html = await (await request.get("/price/18+")).text();
    expect(html).not.toMatch(/<img[^>]+(adult-streaming-pass|onlyfans-gift-balance)/);

    const adultRequests: string[] = [];
    page.on("request", (r) => {
      if (/adult-streaming-pass|onlyfans-gift-balance/.test(r.url())) adultRequests.push(r.url());
    });
    await page.goto("/price/18+");
    await expect(chips(page).getByRole("link", { name: "18+", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("adult-placeholder")).not.toHaveCount(0);
    await expect(page.getByRole("list", { name: "Subscriptions" }).locator("img")).toHaveCount(0);
    expect(adultRequests).toEqual([]);

    await page.getByRole("button", { name: "I am 18 or older" }).click();
    await expect(page.getByTestId("adult-placeholder")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Subscriptions" }).locator("img").first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole("list", { name: "Subscriptions" }).locator("img").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "I am 18 or older" })).toHaveCount(0);
  });
});

test.describe("a long list", () => {
  const names = Array.from({ length: 60 }, (_, i) => `E2E Paging ${String(i + 1).padStart(2, "0")}`);
  const listUrl = "/prices?q=E2E+Paging&sort=name";

  // Around each test, so other tests on the worker's shop never see these 60.
  test.beforeEach(async ({ admin }) => {
    for (const [i, Name] of names.entries()) {
      const added = await admin.post("/api/prices", {
        data: {
          Name,
          Id: `9${String(i).padStart(6, "0")}`,
          ImageId: "/images/services/netflix.svg",
          Category: "games",
          plans: { "1": 100 + i },
          Status: "shared",
          SpecialLink: "https://example.com",
        },
      });
      expect(added.ok(), await added.text()).toBe(true);
    }
  });

  test.afterEach(async ({ admin }) => {
    for (const name of names) await admin.delete(`/api/prices/${encodeURIComponent(name)}`);
  });

  test("shows 48 at first and the rest as the shopper scrolls to the end", async ({ page }) => {
    await page.goto(listUrl);
    await expect(count(page)).toHaveText("60 subscriptions found");
    await expect(cards(page)).toHaveCount(48);
    await expect(page.getByText("Showing 48 of 60")).toBeVisible();

    await page.getByRole("link", { name: "Show more subscriptions" }).scrollIntoViewIfNeeded();
    await expect(cards(page)).toHaveCount(60);
    await expect(cards(page).last()).toContainText("E2E Paging 60");
    await expect(page.getByRole("link", { name: "Show more subscriptions" })).toHaveCount(0);
    await expect(page).toHaveURL(listUrl);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the next page is a plain link", async ({ page }) => {
      await page.goto(listUrl);
      await expect(cards(page)).toHaveCount(48);
      await page.getByRole("link", { name: "Show more subscriptions" }).click();
      await expect(page).toHaveURL(/offset=48/);
      await expect(count(page)).toHaveText("60 subscriptions found");
      await expect(cards(page)).toHaveCount(12);
      await expect(cards(page).first()).toContainText("E2E Paging 49");
    });
  });
});
