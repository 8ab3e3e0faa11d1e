import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations, hydrated } from "./helpers";
import { runFolder, startServer, stopServer, templateDatabase, type RunningServer } from "./server";

async function signIn(page: Page, password = E2E_ADMIN.password) {
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("a new shop", () => {
  let server: RunningServer | undefined;
  // The browser names this shop's origin by itself; the worker's shop is another.
  test.use({ extraHTTPHeaders: {} });

  // A shop of its own, on a copy of the template: its first admin is as a new shop makes it, without a name.
  test.beforeAll(async () => {
    const folder = path.join(runFolder(), `new-shop-${randomUUID()}`);
    fs.mkdirSync(folder);
    fs.copyFileSync(templateDatabase(), path.join(folder, "pasal.db"));
    server = await startServer({ DATABASE_URL: path.join(folder, "pasal.db"), MEDIA_DIR: path.join(folder, "media") });
  });

  test.afterAll(async () => {
    if (server) await stopServer(server);
  });

  test("a signed-out visitor is sent to sign-in, asked their name the first time, and back to the page they asked for", async ({ page }) => {
    const base = server!.origin;
    // A search in the address (with `+` for a space) survives both detours.
    const response = await page.goto(`${base}/admin/orders?q=psl+7k2qx&status=`);
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders%3Fq%3Dpsl%2B7k2qx%26status%3D$/);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { name: "Admin sign-in" })).toBeVisible();
    await hydrated(page, "form");

    await signIn(page, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect");

    // The shop made its first admin without a name: asked for it before any screen.
    await signIn(page);
    await expect(page).toHaveURL(/\/admin\/welcome\?next=%2Fadmin%2Forders%3Fq%3Dpsl%2B7k2qx%26status%3D$/);
    await expect(page.getByRole("heading", { name: "Welcome. What is your name?" })).toBeVisible();
    await expect(page.getByText(`You are signed in as ${E2E_ADMIN.email}`)).toBeVisible();
    await hydrated(page, "form");
    await expectNoAxeViolations(page, "welcome, dark");
    // Every admin page leads here until then.
    await page.goto(`${base}/admin/settings`);
    await expect(page).toHaveURL(/\/admin\/welcome\?next=%2Fadmin%2Fsettings$/);
    await page.goBack();
    await hydrated(page, "form");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("alert")).toHaveText("Your name is required");
    await expect(page.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Your name").fill("Sita Rai");
    await page.getByLabel("Your name").press("Enter");

    await expect(page).toHaveURL(/\/admin\/orders\?q=psl\+7k2qx&status=$/);
    await expect(page.getByLabel("Reference or phone")).toHaveValue("psl 7k2qx");
    await expect(page.getByRole("complementary", { name: "Admin" }).getByText("Sita Rai", { exact: true })).toBeVisible();
    // Asked once: the welcome page now sends the admin on.
    await page.goto(`${base}/admin/welcome?next=%2Fadmin%2Fdashboard`);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByText("Catalogue items")).toBeVisible();
    await expect(page.getByText(/without plans/)).toBeVisible();

    // Renamed in Settings, the sidebar says the new name.
    await page.goto(`${base}/admin/settings`);
    const yourName = page.getByRole("region", { name: "Your name" });
    await expect(yourName.getByLabel("Your name")).toHaveValue("Sita Rai");
    await yourName.getByLabel("Your name").fill("Sita R.");
    await yourName.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Name saved." })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Admin" }).getByText("Sita R.", { exact: true })).toBeVisible();
  });
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
