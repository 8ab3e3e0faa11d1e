import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { expectAccessibleInBothThemes } from "./helpers";

test("the home page is rendered on the server with the catalogue", async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  // Server-rendered: the catalogue is in the HTML before any script runs.
  expect(html).toContain("Netflix");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Categories" }).getByRole("link")).toHaveCount(5);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test("an unknown path shows the not-found screen with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

for (const path of ["/no-such-page", "/prices/No%20Such%20Service"]) {
  test(`the not-found screen at ${path} passes axe in light and dark`, async ({ page }) => {
    await expectAccessibleInBothThemes(page, path);
    await expect(page.getByRole("heading", { name: "Oops! Page Not Found" })).toBeVisible();
  });
}

test("dark by default, and a light choice survives a reload", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Dark mode" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("isDarkMode"))).toBe("false");
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});
