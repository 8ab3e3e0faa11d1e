import fs from "node:fs/promises";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";
import { expectNoAxeViolations, seedCart } from "./helpers";

const NEW_WHATSAPP = "9779812345678";

const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

test("a new WhatsApp number in Settings is the one checkout opens", async ({ page, context, signedIn }) => {
  await signedIn(page, "/admin/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  const number = page.getByLabel("WhatsApp number", { exact: true });
  const original = await number.inputValue();
  expect(original).toMatch(/^\d+$/);

  try {
    // A bad value is named next to its field, and nothing is saved.
    await number.fill("+977 98");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(
      page.getByRole("region", { name: "Shop contact details" }).getByText("WhatsApp number: digits only, with country code"),
    ).toBeVisible();
    await expect(number).toHaveAttribute("aria-invalid", "true");
    await expect(number).toBeFocused();

    await number.fill(NEW_WHATSAPP);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page, "Settings saved")).toBeVisible();
    await expect(number).not.toHaveAttribute("aria-invalid");

    // The shop's checkout uses it on the next request.
    const urls: string[] = [];
    await context.route("https://wa.me/**", (route) => {
      urls.push(route.request().url());
      return route.abort();
    });
    const line = {
      lineId: "line-settings",
      Id: "1",
      name: "Netflix Premium",
      month: 1,
      selectedMonth: 300,
      selectedDevice: 1,
      image: "/images/catalogue/netflix-premium.svg",
      cost: 300,
    };
    await seedCart(page, [line]);
    await page.goto("/cart");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    const popup = context.waitForEvent("page");
    await page.getByRole("dialog").getByRole("button", { name: "Proceed via WhatsApp" }).click();
    await popup;
    await expect.poll(() => urls.length).toBe(1);
    expect(urls[0]!.startsWith(`https://wa.me/${NEW_WHATSAPP}?`)).toBe(true);

    // Back through the screen to the number the shop had.
    await page.goto("/admin/settings");
    await page.getByLabel("WhatsApp number", { exact: true }).fill(original);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page, "Settings saved")).toBeVisible();
  } finally {
    // Whatever happened above, the shop keeps its number for the other tests.
    const current = (await (await page.request.get("/api/admin/settings")).json()).data;
    if (current.whatsappNumber !== original) {
      const restored = await page.request.put("/api/admin/settings", { data: { ...current, whatsappNumber: original } });
      expect(restored.status()).toBe(200);
    }
  }
  expect((await (await page.request.get("/api/admin/settings")).json()).data.whatsappNumber).toBe(original);
});

test("two admins on the settings: the later save over the same version is refused, and Reload brings the saved values", async ({
  page,
  browser,
  baseURL,
  signedIn,
}) => {
  test.slow();
  await signedIn(page, "/admin/settings");
  const original = (await (await page.request.get("/api/admin/settings")).json()).data;
  const other = await browser.newContext({ baseURL });
  try {
    const second = await other.newPage();
    await signedIn(second, "/admin/settings");
    const telegram = (p: Page) => p.getByLabel("Telegram username", { exact: true });
    const whatsapp = (p: Page) => p.getByLabel("WhatsApp number", { exact: true });

    // The first admin saves a new Telegram username.
    await telegram(page).fill("pasal_e2e_first");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page, "Settings saved")).toBeVisible();

    // The second, whose screen was read before that, saves a new WhatsApp number: refused, nothing lost.
    await whatsapp(second).fill(NEW_WHATSAPP);
    await second.getByRole("button", { name: "Save settings" }).click();
    const banner = second.getByRole("alert").filter({ hasText: "This was changed by someone else since you opened it." });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: "Reload" })).toBeFocused();
    // Reload puts the saved values in the form: the banner says so before the typed number goes.
    await expect(banner).toContainText("Reload discards what you typed here");
    expect((await (await page.request.get("/api/admin/settings")).json()).data).toMatchObject({
      telegramUsername: "pasal_e2e_first",
      whatsappNumber: original.whatsappNumber,
    });

    // Reload shows what the first admin saved; saving again from there keeps both changes.
    await banner.getByRole("button", { name: "Reload" }).click();
    await expect(banner).toHaveCount(0);
    await expect(telegram(second)).toHaveValue("pasal_e2e_first");
    await expect(whatsapp(second)).toHaveValue(original.whatsappNumber);
    await whatsapp(second).fill(NEW_WHATSAPP);
    await second.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(second, "Settings saved")).toBeVisible();
    expect((await (await page.request.get("/api/admin/settings")).json()).data).toMatchObject({
      telegramUsername: "pasal_e2e_first",
      whatsappNumber: NEW_WHATSAPP,
    });
  } finally {
    await other.close();
    // A save without If-Match puts the shop's own values back, whatever happened above.
    const restored = await page.request.put("/api/admin/settings", { data: original });
    expect(restored.status()).toBe(200);
  }
});

/** An admin the test below adds; removed after it with a timeout of its own, even when the test failed or ran out of time. */
let helperToRemove: string | null = null;
test.afterEach(async ({ page }) => {
  if (!helperToRemove) return;
  await page.request.delete(`/api/admin/admins/${encodeURIComponent(helperToRemove)}`);
  helperToRemove = null;
});

test("admins: add one, they change their password, the last admin stays, and they are removed", async ({ page, browser, baseURL, signedIn }) => {
  const helper = { email: `helper-${Date.now()}@pasal.test`, name: "E2E Helper", password: "helper-password-1" };
  helperToRemove = helper.email;
  // Two browser sessions and several password hashes: more than the default 30 s on a busy machine.
  test.slow();
  await signedIn(page, "/admin/settings");
  const admins = page.getByRole("region", { name: "Admins" });
  const rows = admins.getByRole("listitem");

  // Alone, the E2E admin cannot remove themselves: the server says why.
  await expect(rows).toHaveCount(1);
  await admins.getByRole("button", { name: `Remove ${E2E_ADMIN.email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The last admin cannot be removed" })).toBeVisible();
  await expect(rows).toHaveCount(1);

  const addForm = page.getByRole("form", { name: "Add admin" });
  await addForm.getByLabel("Email", { exact: true }).fill(helper.email);
  await addForm.getByLabel("Name", { exact: true }).fill(helper.name);
  await addForm.getByLabel("Password", { exact: true }).fill("short");
  await addForm.getByRole("button", { name: "Add admin" }).click();
  await expect(addForm.getByText("Password must be at least 10 characters")).toBeVisible();
  await addForm.getByLabel("Password", { exact: true }).fill(helper.password);
  await addForm.getByRole("button", { name: "Add admin" }).click();
  await expect(toast(page, `Admin ${helper.email} added`)).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: helper.email })).toContainText(helper.name);

  const theirs = await browser.newContext({ baseURL });
  try {
    const them = await theirs.newPage();
    await signedIn(them, "/admin/settings", helper);
    const passwordForm = them.getByRole("region", { name: "Change your password" });
    await passwordForm.getByLabel("Current password").fill("not-their-password");
    await passwordForm.getByLabel("New password", { exact: true }).fill("helper-password-2");
    await passwordForm.getByLabel("Confirm new password").fill("helper-password-3");
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await expect(passwordForm.getByText("The new passwords do not match")).toBeVisible();
    await expect(passwordForm.getByLabel("Confirm new password")).toBeFocused();

    await passwordForm.getByLabel("Confirm new password").fill("helper-password-2");
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await expect(passwordForm.getByText("Current password is incorrect")).toBeVisible();

    await passwordForm.getByLabel("Current password").fill(helper.password);
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await expect(toast(them, "Password changed")).toBeVisible();
    await expect(passwordForm.getByLabel("Current password")).toHaveValue("");
    // This session stays; the new password works and the old one does not.
    expect((await them.request.get("/api/auth/me")).status()).toBe(200);
    const old = await page.request.post("/api/auth/login", { data: { email: helper.email, password: helper.password } });
    expect(old.status()).toBe(401);

    // Removed by the E2E admin: their session ends.
    await admins.getByRole("button", { name: `Remove ${helper.email}` }).click();
    await expect(page.getByRole("dialog")).toContainText(`Remove ${helper.email} as an admin?`);
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, `Admin ${helper.email} removed`)).toBeVisible();
    await expect(rows).toHaveCount(1);
    expect((await them.request.get("/api/auth/me")).status()).toBe(401);
  } finally {
    await theirs.close();
  }
});

test("the newsletter page lists a new subscriber and the CSV has them", async ({ page, request, signedIn }) => {
  const email = `reader-${Date.now()}@example.com`;
  expect((await request.post("/api/newsletter", { data: { email } })).status()).toBe(200);

  await signedIn(page, "/admin/newsletter");
  await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ subscribers?$/)).toBeVisible();
  const table = page.getByRole("table", { name: /Newsletter subscribers/ });
  await expect(table.getByRole("row").nth(1)).toContainText(email);

  const link = page.getByRole("link", { name: "Download CSV" });
  await expect(link).toHaveAttribute("href", "/api/admin/newsletter.csv");
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("newsletter-subscribers.csv");
  const csv = await fs.readFile((await download.path())!, "utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe("email,subscribed_at");
  expect(lines.some((row) => row.startsWith(`"${email}",`))).toBe(true);
});

test("the delivery messages show a preview that follows the typing, with the account's rules in sentences of their own", async ({
  page,
  signedIn,
}) => {
  await signedIn(page, "/admin/settings");
  const preview = page.getByRole("figure", { name: "Preview: a seat on a shared account" });
  await expect(preview).toContainText("Hello Sita! Your Netflix Premium is ready.");
  await expect(preview).toContainText("PIN: 4821");
  await expect(preview).toContainText("This is a shared account with a profile of your own, locked by a PIN only you know.");
  await expect(preview).not.toContainText("No. ");
  await expect(preview).not.toContainText("{");
  await expect(page.getByRole("figure", { name: "Preview in Nepali: a seat on a shared account" })).toContainText("यो साझा खाता हो");

  // Not saved: the preview shows what is in the box now.
  await page.getByLabel("Delivery message", { exact: true }).press("End");
  await page.getByLabel("Delivery message", { exact: true }).pressSequentially("\nSee you next month, {customer}.");
  await expect(preview).toContainText("See you next month, Sita.");
});

test("the shop's legal details: a banner until they are given, then the footer and the Nepali Contact page show them", async ({
  page,
  browser,
  baseURL,
  signedIn,
}) => {
  await signedIn(page, "/admin/dashboard");
  const banner = page.getByText("The shop's legal details are not set");
  await expect(banner).toBeVisible();
  await banner.getByRole("link", { name: "Add them in Settings" }).click();
  const form = page.getByRole("region", { name: "Legal details" });
  await form.getByLabel("Registered name", { exact: true }).fill("Pasal Digital Pvt. Ltd.");
  await form.getByLabel("Registered name in Nepali").fill("पसल डिजिटल प्रा. लि.");
  await form.getByLabel("Address", { exact: true }).fill("New Baneshwor, Kathmandu");
  await form.getByLabel("PAN").fill("60987654");
  await form.getByLabel("Complaint officer", { exact: true }).fill("Sita Rai");
  await form.getByLabel("Complaint officer's phone").fill("+977 980-1234567");
  await form.getByRole("button", { name: "Save legal details" }).click();
  await expect(form.getByText("PAN is the 9 digits on the PAN certificate")).toBeVisible();
  await form.getByLabel("PAN").fill("609876543");
  await form.getByRole("button", { name: "Save legal details" }).click();
  await expect(toast(page, "Legal details saved")).toBeVisible();
  await expect(banner).toHaveCount(0);

  const shopper = await browser.newPage({ baseURL, viewport: { width: 360, height: 800 } });
  try {
    await shopper.goto("/");
    await expect(shopper.getByTestId("footer-legal")).toHaveText(
      "Pasal Digital Pvt. Ltd., New Baneshwor, Kathmandu · PAN 609876543 · Complaints: Sita Rai, +977 980-1234567",
    );
    await shopper.goto("/ne/contact");
    const details = shopper.getByRole("region", { name: "व्यवसायको विवरण" });
    await expect(details).toContainText("पसल डिजिटल प्रा. लि.");
    await expect(details).toContainText("609876543");
    await expect(details).toContainText("VAT मा दर्ता नभएको");
    await expectNoAxeViolations(shopper, "the Nepali Contact page with the shop's legal details");
    expect(await shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await shopper.close();
  }
});
