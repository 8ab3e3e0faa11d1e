import { expect, test } from "./fixtures";
import { catalogueId, hydrated, placeOrder } from "./helpers";
import { renewalPath } from "../domain/orders/order-page";

// ADR 0104: one page for all of a shopper's subscriptions, behind the customer link.

test("the customer link: the seller makes it, the shopper sees both subscriptions with days left and Renew, in Nepali too; revoked, it opens nothing", async ({
  page,
  browser,
  admin,
  baseURL,
  signedIn,
}) => {
  const phone = `98${String(Date.now()).slice(-8)}`;
  const _id = await catalogueId(admin, "Netflix Premium");
  // Two orders delivered to one phone.
  const references: string[] = [];
  for (const months of [1, 3]) {
    const order = await placeOrder(baseURL!, { items: [{ _id, months, devices: 1 }], channel: "whatsapp", name: "Sita Rai", phone });
    const delivered = await admin.post(`/api/admin/orders/${order.reference}/status`, { data: { status: "delivered" } });
    expect(delivered.status(), await delivered.text()).toBe(200);
    references.push(order.reference);
  }

  // The seller makes the customer's link on the customer's page.
  const sellerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const seller = await sellerContext.newPage();
  try {
    await signedIn(seller, `/admin/customers/${phone}`);
    const section = seller.getByRole("region", { name: "Customer link" });
    await expect(section).toContainText("No link yet.");
    await hydrated(seller, "#customer-link");
    await section.getByRole("button", { name: "New customer link" }).click();
    const shown = section.getByRole("link", { name: /^\/my\/[\w-]{24}$/ });
    await expect(shown).toBeVisible();
    const link = (await shown.textContent())!;

    // The shopper opens it: nothing cached, no referrer, both subscriptions with their days left, and the orders.
    const answer = await page.goto(link);
    expect(answer!.headers()["cache-control"]).toBe("no-store");
    expect(answer!.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.getByRole("heading", { level: 1, name: "Your subscriptions" })).toBeVisible();
    const subscriptions = page.getByRole("list", { name: "Active subscriptions" }).getByRole("listitem");
    await expect(subscriptions).toHaveCount(2);
    await expect(subscriptions.nth(0)).toContainText("1 month");
    await expect(subscriptions.nth(0)).toContainText(/\d+ days left/);
    await expect(subscriptions.nth(1)).toContainText("3 months");
    await expect(subscriptions.nth(1)).toContainText(/\d+ days left/);
    const orders = page.getByRole("list", { name: "Your orders" });
    for (const reference of references) await expect(orders.getByRole("link", { name: reference })).toBeVisible();

    // Renew, by keyboard: the order page's renewal checkout, for the same customer.
    await hydrated(page, 'button[aria-label="Renew Netflix Premium"]');
    await subscriptions.nth(0).getByRole("button", { name: "Renew Netflix Premium" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Renew Netflix Premium" });
    await expect(dialog.getByLabel("Phone")).toHaveValue(phone);
    await expect(dialog).toContainText(`of order ${references[0]}`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // A reminder's link to the page opens that subscription's renewal by itself (issue 46).
    const { subscriptions: lines } = await (await page.request.get(`/api${link}`)).json();
    await page.goto(renewalPath(link, lines[0].lineId));
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`of order ${references[0]}`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Each subscription leads to its order's own page, opened by that order's key.
    await subscriptions
      .nth(1)
      .getByRole("link", { name: `Order ${references[1]}` })
      .click();
    await expect(page.getByRole("heading", { name: `Order ${references[1]}` })).toBeVisible();

    // In Nepali.
    await page.goto(`/ne${link}`);
    await expect(page.getByRole("heading", { level: 1, name: "तपाईंका सदस्यता" })).toBeVisible();
    await expect(page.getByRole("list", { name: "चालु सदस्यता" }).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("list", { name: "चालु सदस्यता" })).toContainText("दिन बाँकी");

    // Revoked, the link opens nothing: the same page as a wrong order link.
    await section.getByRole("button", { name: "Revoke" }).click();
    await seller.getByRole("dialog", { name: "Revoke the customer link?" }).getByRole("button", { name: "Revoke" }).click();
    await expect(section).toContainText("No link yet.");
    expect((await page.goto(link))!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Order not found" })).toBeVisible();
  } finally {
    await sellerContext.close();
  }
});

test("store credit: the seller adds it with a reason at 360 px; the shopper renews with it from their page; the seller sees it spent", async ({
  page,
  browser,
  admin,
  baseURL,
  signedIn,
}) => {
  const phone = `98${String(Date.now() + 7).slice(-8)}`;
  const _id = await catalogueId(admin, "Netflix Premium");
  const order = await placeOrder(baseURL!, { items: [{ _id, months: 1, devices: 1 }], channel: "whatsapp", name: "Sita Rai", phone });
  expect((await admin.post(`/api/admin/orders/${order.reference}/status`, { data: { status: "delivered" } })).status()).toBe(200);
  const made = await admin.post(`/api/admin/customers/${phone}/link`);
  const link = (await made.json()).link.path as string;

  const sellerContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
  const seller = await sellerContext.newPage();
  try {
    await signedIn(seller, `/admin/customers/${phone}`);
    const credit = seller.getByRole("region", { name: "Store credit" });
    await expect(credit).toContainText("No movements yet.");
    await hydrated(seller, "#customer-credit");
    // Without a reason nothing is added; with one, the balance is its movement.
    await credit.getByLabel("Amount (NPR)").fill("5000");
    await credit.getByRole("button", { name: "Add credit" }).click();
    await expect(credit.getByText("Give the reason: the customer sees it")).toBeVisible();
    await credit.getByLabel("Reason").fill("Sorry for the wait in Dashain");
    await credit.getByRole("button", { name: "Add credit" }).click();
    await expect(credit.getByTestId("store-credit-balance")).toHaveText("NPR 5,000");
    await expect(credit.getByLabel("Reason")).toHaveValue("");
    await seller.screenshot({ path: test.info().outputPath("seller-credit-360.png"), fullPage: true });

    // The shopper's page: the balance, the reason, and a renewal paid from it in one tap.
    await page.goto(link);
    const card = page.getByRole("region", { name: "Your store credit" });
    await expect(card).toContainText("Sorry for the wait in Dashain");
    await hydrated(page, 'button[aria-label="Renew Netflix Premium"]');
    // "Renew automatically" is kept: ticked, it is still ticked when the page is opened again.
    const automatic = page.getByRole("checkbox", { name: "Renew automatically from my store credit" });
    await automatic.check();
    await expect(automatic).toBeChecked();
    await expect(automatic).toBeEnabled();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: test.info().outputPath("my-credit-360.png"), fullPage: true });
    await page.reload();
    await expect(automatic).toBeChecked();
    await hydrated(page, 'button[aria-label="Renew Netflix Premium"]');
    await page.getByRole("button", { name: "Renew Netflix Premium" }).click();
    const dialog = page.getByRole("dialog", { name: "Renew Netflix Premium" });
    await expect(dialog).toContainText("Your store credit of NPR 5,000 pays for it.");
    await dialog.getByRole("button", { name: /^Pay NPR [\d,]+ from my store credit$/ }).click();
    await expect(page).toHaveURL(/\/order\/PSL-\w+\?key=/);
    await expect(page.getByText(/^Paid — it renews PSL-\w+\. The shop will deliver it soon\.$/)).toBeVisible();
    await expect(page.getByText("Paid from your store credit")).toBeVisible();

    // The seller sees it spent, by the shopper.
    await seller.reload();
    await expect(credit.getByRole("list", { name: "Store credit movements" }).getByRole("listitem").first()).toContainText("Paid an order");
    await expect(credit.getByTestId("store-credit-balance")).not.toHaveText("NPR 5,000");
  } finally {
    await sellerContext.close();
  }
});
