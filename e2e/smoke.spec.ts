import { expect, test } from "./fixtures";

test("the home page is rendered on the server with the catalogue", async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  // Server-rendered: the catalogue is in the HTML before any script runs.
  expect(html).toContain("Netflix");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Categories" }).getByRole("link")).toHaveCount(5);
});

test("an unknown path shows the not-found screen with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("dark by default, and a light choice survives a reload", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Dark mode" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("isDarkMode"))).toBe("false");
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});
