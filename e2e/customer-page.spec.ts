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
