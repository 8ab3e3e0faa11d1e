import { expect, test } from "./fixtures";
import { catalogueId, catchChatLinks, hydrated, netflix1x1, seedCart } from "./helpers";

// The blocklist (ADR 0108): the seller blocks a phone, its checkout places no order and says whom to
// contact, the seller sees the attempt, and unblocking lets the next checkout through.

test.describe.configure({ timeout: 90_000 });

test("a blocked phone's checkout asks the shopper to contact the shop, the seller sees the attempt, and unblocking lets it through", async ({
  page,
  browser,
  context,
  admin,
  baseURL,
  signedIn,
}) => {
  const _id = await catalogueId(admin, "Netflix Premium");
  const digits = `98${String(Date.now()).slice(-8)}`;
  const written = `+977 ${digits.slice(0, 3)}-${digits.slice(3)}`;

  const sellerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const seller = await sellerContext.newPage();
  try {
    await signedIn(seller, "/admin/blocklist");
    await expect(seller.getByRole("heading", { level: 1, name: "Blocklist" })).toBeVisible();
    await hydrated(seller, "main form button");
    const form = seller.getByRole("form", { name: "Block a phone" });
    await form.getByRole("textbox", { name: /^Phone/ }).fill(written);
    await form.getByRole("textbox", { name: /^Reason/ }).fill("chargebacks");
    await form.getByRole("button", { name: "Block phone" }).click();
    const blocked = seller.getByRole("region", { name: /^Blocked phones/ });
    await expect(blocked.getByText("chargebacks", { exact: false })).toBeVisible();

    // The shopper writes the number another way; the order is refused with the shop's contact, no chat opens.
    const urls = await catchChatLinks(context);
    await seedCart(page, [{ ...netflix1x1, _id }]);
    await page.goto("/cart");
    await hydrated(page, "main button");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Phone").fill(digits);
    await dialog.getByRole("button", { name: "Proceed via WhatsApp" }).click();
    await expect(dialog.getByText("Orders from this number cannot be placed online. Please contact the shop directly:")).toBeVisible();
    expect(urls).toEqual([]);

    // The seller sees the attempt, then unblocks the phone.
    await seller.reload();
    const attempts = seller.getByRole("region", { name: "Checkouts they tried" });
    await expect(attempts.getByRole("row")).toHaveCount(2);
    await expect(attempts).toContainText("WhatsApp");
    await hydrated(seller, "main form button");
    await blocked.getByRole("button", { name: /^Unblock/ }).click();
    await seller.getByRole("dialog").getByRole("button", { name: "Unblock" }).click();
    await expect(seller.getByText("No phone is blocked.")).toBeVisible();

    // The same checkout now places the order and opens the chat.
    const popup = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Proceed via WhatsApp" }).click();
    await popup;
    await expect.poll(() => urls.length).toBe(1);
    expect(new URL(urls[0]!).searchParams.get("text")).toContain("Order ref: PSL-");
  } finally {
    await sellerContext.close();
  }
});
