import { expect, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";
import { hydrated } from "./helpers";

// What a shopper meets with a phone in one hand, measured at 360 px (the phone project's screen; the
// desktop project leaves this file out, playwright.config.ts).

/** Apple's and Google's guidelines: a tap target at least 44 px tall (Google says 48 dp; 44 is the floor). */
const TAP = 44;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${locator} has a box`).not.toBeNull();
  return found!;
}

async function openMenu(page: Page) {
  await hydrated(page, 'button[aria-controls="mobile-menu"]');
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  return page.locator("#mobile-menu");
}

test("the menu closes when the link of the page already shown is tapped", { tag: "@phone-only" }, async ({ page }) => {
  await page.goto("/prices");
  const menu = await openMenu(page);
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Prices", exact: true }).tap();
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Menu", exact: true })).toHaveAttribute("aria-expanded", "false");
  await expect(page).toHaveURL(/\/prices$/);
});

test("the menu's links and social links are at least 44 px tall and do not overlap", { tag: "@phone-only" }, async ({ page }) => {
  await page.goto("/");
  const menu = await openMenu(page);
  const targets = [
    ...(await menu.getByRole("list").first().getByRole("link").all()),
    ...(await menu.getByRole("list", { name: "Social links" }).getByRole("link").all()),
  ];
  expect(targets).toHaveLength(9);
  const boxes = await Promise.all(targets.map(box));
  for (const [i, found] of boxes.entries()) expect(found.height, `tap target ${i + 1}`).toBeGreaterThanOrEqual(TAP);
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
    }
  }
  for (const control of [page.getByRole("button", { name: "Menu", exact: true }), page.getByRole("link", { name: /^Cart, / })]) {
    expect((await box(control)).height).toBeGreaterThanOrEqual(TAP);
  }
});

test("the footer's links are at least 44 px tall", { tag: "@phone-only" }, async ({ page }) => {
  await page.goto("/help");
  const links = await page.getByRole("contentinfo").getByRole("link").all();
  expect(links.length).toBeGreaterThan(5);
  for (const link of links) expect((await box(link)).height, await link.innerText()).toBeGreaterThanOrEqual(TAP);
});

test("on a Nepali page the logo, the Menu button and every footer link are at least 44 px each way", { tag: "@phone-only" }, async ({ page }) => {
  await page.goto("/ne/help");
  const header = page.getByRole("banner");
  const targets = [header.getByRole("link", { name: "Pasal", exact: true }), header.getByRole("button", { name: "मेनु", exact: true })];
  targets.push(...(await page.getByRole("contentinfo").getByRole("link").all()));
  expect(targets.length).toBeGreaterThan(8);
  for (const target of targets) {
    const found = await box(target);
    const name = await target.innerText();
    expect(found.width, `${name} wide`).toBeGreaterThanOrEqual(TAP);
    expect(found.height, `${name} tall`).toBeGreaterThanOrEqual(TAP);
  }
});

test("the categories row shows that it scrolls: the third tile peeks in, and a hint says how many", { tag: "@phone-only" }, async ({ page }) => {
  await page.goto("/");
  const row = page.getByRole("list", { name: "Categories" });
  const tiles = row.getByRole("listitem");
  await expect(tiles).toHaveCount(5);
  const third = await box(tiles.nth(2));
  // At least 40 px of the third tile inside the screen.
  expect(360 - third.x).toBeGreaterThanOrEqual(40);
  await expect(page.getByText("Swipe to see all 5 →")).toBeVisible();
});

test(
  "on the product page the total and Add to Cart are on the first screen, and stay there while choosing",
  { tag: "@phone-only" },
  async ({ page }) => {
    await page.goto("/prices/Netflix%20Premium");
    const add = page.getByRole("button", { name: "Add to Cart" });
    const fits = async () => {
      const found = await box(add);
      return found.y >= 0 && found.y + found.height <= 740;
    };
    expect(await fits()).toBe(true);
    await expect(page.getByText("Total cost: NPR 300")).toBeInViewport();

    // Scrolled to the device choice, the bar is still at the foot of the screen, with the new total.
    const twoDevices = page.getByRole("group", { name: "Devices" }).getByRole("button", { name: "2 devices" });
    await twoDevices.scrollIntoViewIfNeeded();
    await twoDevices.tap();
    await expect(page.getByText("Total cost: NPR 600")).toBeInViewport();
    expect(await fits()).toBe(true);
    await add.tap();
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  },
);

test("'2 devices' and '3 devices' stay on one line at 360 px", { tag: "@phone-only" }, async ({ page }) => {
  await page.goto("/prices/Netflix%20Premium");
  const group = page.getByRole("group", { name: "Devices" });
  const oneLine = await group.getByText("1 device", { exact: true }).evaluate((element) => element.getBoundingClientRect().height);
  for (const name of ["2 devices", "3 devices"]) {
    const height = await group.getByText(name, { exact: true }).evaluate((element) => element.getBoundingClientRect().height);
    expect(height, name).toBe(oneLine);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the admin's Menu, sidebar links and Logout are at least 44 px tall on a phone", { tag: "@phone-only" }, async ({ page, signedIn }) => {
  await signedIn(page, "/admin/dashboard");
  const menu = page.getByRole("button", { name: "Menu", exact: true });
  expect((await box(menu)).height).toBeGreaterThanOrEqual(TAP);
  await menu.click();
  const sidebar = page.getByRole("complementary", { name: "Admin" });
  const targets = [
    ...(await sidebar.getByRole("link").all()),
    sidebar.getByRole("button", { name: "Logout" }),
    sidebar.getByRole("button", { name: "Close menu" }),
  ];
  expect(targets.length).toBeGreaterThanOrEqual(12);
  for (const target of targets) expect((await box(target)).height, await target.innerText()).toBeGreaterThanOrEqual(TAP);
});
