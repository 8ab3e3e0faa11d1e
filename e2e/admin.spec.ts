import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";
import { expectNoAxeViolations } from "./helpers";

async function signIn(page: Page, password = E2E_ADMIN.password) {
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a signed-out visitor is sent to sign-in, and back to the page they asked for", async ({ page }) => {
  const response = await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fdashboard$/);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { name: "Admin sign-in" })).toBeVisible();
  await expectNoAxeViolations(page);

  await signIn(page, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect");

  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("Catalogue items")).toBeVisible();
  await expect(page.getByText(/without plans/)).toBeVisible();
});

test("the layout shows the admin, the navigation and a logout that ends the session", async ({ page, isMobile }) => {
  await page.goto("/admin");
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  if (isMobile) await page.getByRole("button", { name: "Menu" }).click();
  const sidebar = page.getByRole("complementary", { name: "Admin" });
  await expect(sidebar.getByText(E2E_ADMIN.email)).toBeVisible();
  await expect(sidebar.getByText("Main Navigation")).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByText("Admin Panel v1.0.0")).toBeVisible();
  await expectNoAxeViolations(page);

  await sidebar.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await page.request.get("/api/admin/carousel")).status()).toBe(401);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
});

test("an unknown admin page is a 404 inside the admin area, after sign-in", async ({ page }) => {
  await page.goto("/admin/nothing-here");
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fnothing-here$/);
  await signIn(page);
  await expect(page.getByRole("heading", { name: "Oops! Page Not Found" })).toBeVisible();
  const response = await page.request.get("/admin/nothing-here");
  expect(response.status()).toBe(404);
});

test("the admin pages work in light mode too", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("isDarkMode", "false"));
  await page.goto("/admin/login");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expectNoAxeViolations(page);
  await signIn(page);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});
