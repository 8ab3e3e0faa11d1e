import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";

async function signIn(page: Page, password = E2E_ADMIN.password) {
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a signed-out visitor is sent to sign-in, and back to the page they asked for", async ({ page }) => {
  // A search in the address (with `+` for a space) survives the detour.
  const response = await page.goto("/admin/orders?q=psl+7k2qx&status=");
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders%3Fq%3Dpsl%2B7k2qx%26status%3D$/);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { name: "Admin sign-in" })).toBeVisible();

  await signIn(page, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect");

  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/orders\?q=psl\+7k2qx&status=$/);
  await expect(page.getByLabel("Reference or phone")).toHaveValue("psl 7k2qx");

  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("Catalogue items")).toBeVisible();
  await expect(page.getByText(/without plans/)).toBeVisible();
});

test("the layout shows the admin, the navigation and a logout that ends the session", { tag: "@phone" }, async ({ page, isMobile }) => {
  await page.goto("/admin");
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  if (isMobile) await page.getByRole("button", { name: "Menu" }).click();
  const sidebar = page.getByRole("complementary", { name: "Admin" });
  await expect(sidebar.getByText(E2E_ADMIN.email)).toBeVisible();
  await expect(sidebar.getByText("Main Navigation")).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByText("Admin Panel v1.0.0")).toBeVisible();

  await sidebar.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await page.request.get("/api/admin/auth")).status()).toBe(401);
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

test("a screen whose data fails keeps the admin shell and offers Try again", { tag: "@phone" }, async ({ page, isMobile, signedIn }) => {
  await signedIn(page, "/admin/dashboard");
  // The server fails on the orders screen's data only (a dropped connection is e2e/admin-failure.spec.ts).
  let failing = true;
  await page.route("**/admin/orders.data*", (route) =>
    failing ? route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }) : route.continue(),
  );
  await page.getByRole("link", { name: "All orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("Orders could not be loaded");
  // The shell stays: navigation and Logout are one tap away.
  if (isMobile) await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("complementary", { name: "Admin" }).getByRole("button", { name: "Logout" })).toBeVisible();
  if (isMobile) await page.keyboard.press("Escape");

  failing = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("search", { name: "Find orders" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a search on the same screen keeps its form and shows its own busy state", async ({ page, signedIn }) => {
  await signedIn(page, "/admin/orders");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The answer waits until the page has been looked at mid-search.
  await page.route("**/admin/orders.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Reference or phone").fill("PSL-22222");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("button", { name: "Searching…" })).toBeDisabled();
  await expect(page.getByLabel("Reference or phone")).toHaveValue("PSL-22222");
  await expect(page.getByText("Loading, please wait...")).toHaveCount(0);
  release();
  await expect(page.getByText("No orders match")).toBeVisible();
  await expect(page.getByRole("button", { name: "Search" })).toBeEnabled();
});

test(
  "the phone menu is out of reach when closed, takes focus when opened and closes with Escape",
  { tag: "@phone" },
  async ({ page, isMobile, signedIn }) => {
    await signedIn(page, "/admin/dashboard");
    const sidebar = page.getByRole("complementary", { name: "Admin", includeHidden: true });
    if (!isMobile) {
      // Desktop widths: always shown, no menu button.
      await expect(sidebar.getByRole("button", { name: "Logout" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
      return;
    }
    const menu = page.getByRole("button", { name: "Menu", exact: true });
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
    // Tabbing through the page never lands in the closed menu.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("#admin-sidebar"))).toBe(false);
    }

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(sidebar.getByRole("button", { name: "Close menu" })).toBeFocused();
    await expect(sidebar.getByRole("button", { name: "Logout" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();

    // The close button does the same.
    await menu.click();
    await sidebar.getByRole("button", { name: "Close menu" }).click();
    await expect(sidebar).toBeHidden();
    await expect(menu).toBeFocused();
  },
);
