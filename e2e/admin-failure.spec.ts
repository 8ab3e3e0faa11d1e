import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

/** Moves to another admin screen through the sidebar, as a person does (on a phone, through the Menu). */
async function goThroughSidebar(page: Page, isMobile: boolean, screen: string) {
  if (isMobile) await page.getByRole("button", { name: "Menu", exact: true }).click();
  await page.getByRole("complementary", { name: "Admin" }).getByRole("link", { name: screen, exact: true }).click();
}

/** The connection drops for the screen's data: its `.data` request fails as it would offline. */
async function dropDataFor(page: Page, path: string) {
  const pattern = `**${path}.data*`;
  await page.route(pattern, (route) => route.abort("internetdisconnected"));
  return () => page.unroute(pattern);
}

test("a dropped connection between admin screens keeps the layout and offers Try again", { tag: "@phone" }, async ({ page, isMobile, signedIn }) => {
  await signedIn(page, "/admin/dashboard");
  const reconnect = await dropDataFor(page, "/admin/orders");
  await goThroughSidebar(page, isMobile, "Orders");

  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Orders could not be loaded" })).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  // The layout is still there: the sidebar (behind the Menu on a phone) leads on to other screens.
  if (isMobile) await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
  else await expect(page.getByRole("complementary", { name: "Admin" }).getByRole("button", { name: "Logout" })).toBeVisible();

  await reconnect();
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByLabel("Reference or phone")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toHaveCount(0);

  // The sidebar still works after the failure, by keyboard too.
  await goThroughSidebar(page, isMobile, "Dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
});

test("the carousel screen shows 'Failed to fetch carousel items' as a dismissible banner, with Try again", async ({ page, isMobile, signedIn }) => {
  await signedIn(page, "/admin/dashboard");
  const reconnect = await dropDataFor(page, "/admin/carousel");
  await goThroughSidebar(page, isMobile, "Carousel");

  await expect(page.getByRole("heading", { name: "Carousel Admin Dashboard", level: 1 })).toBeVisible();
  const banner = page.getByRole("alert").filter({ hasText: "Failed to fetch carousel items" });
  await expect(banner).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await banner.getByRole("button", { name: "Dismiss error" }).click();
  await expect(banner).toHaveCount(0);

  await reconnect();
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("button", { name: "Add New Item" })).toBeVisible();
});

test("a write whose connection drops, or whose session has ended, is told in the screen's way and keeps what was typed", async ({
  page,
  signedIn,
}) => {
  await signedIn(page, "/admin/update");
  const form = page.locator("#post-form");
  await form.getByLabel("Description", { exact: true }).fill("Written while the connection dropped");
  await form.getByLabel("Image URL").fill("/images/placeholder.svg");

  // The write itself fails on the way (the action's POST), not the screen's data.
  await page.route("**/admin/update.data*", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to post the update: Cannot reach the server" })).toBeVisible();
  await expect(form.getByLabel("Description", { exact: true })).toHaveValue("Written while the connection dropped");
  await expect(page.getByText("could not be loaded")).toHaveCount(0);
  await expect(form.getByRole("button", { name: "Submit" })).toBeEnabled();
  await page.unroute("**/admin/update.data*");

  // Signed out meanwhile (another tab): the action answers 401 and the screen goes to sign-in, with the way back.
  await page.context().clearCookies();
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fupdate$/);
});
