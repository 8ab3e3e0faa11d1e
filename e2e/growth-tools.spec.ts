import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { catalogueId, catchChatLinks, expectNoAxeViolations, hydrated, netflix1x1, netflix3x2, placeOrder, seedCart } from "./helpers";

// The growth tools (ADR 0108): a coupon link from a chat, and a referral credit.

// Each journey crosses the admin, the storefront and axe in both themes on several screens.
test.describe.configure({ timeout: 120_000 });

async function inBothThemes(page: Page) {
  await expectNoAxeViolations(page, (await page.locator("html").getAttribute("class"))?.includes("dark") ? "dark" : "light");
  await page.evaluate(() => document.documentElement.classList.toggle("dark"));
  await expectNoAxeViolations(page, "the other theme");
  await page.evaluate(() => document.documentElement.classList.toggle("dark"));
}

const uniqueCode = (prefix: string) => `${prefix}${String(Date.now()).slice(-6)}`;

test("a coupon link from a chat: the seller adds it, the shopper opens /?coupon=, and the discount shows in the cart, the message and the order page", async ({
  page,
  context,
  browser,
  admin,
  baseURL,
  signedIn,
}) => {
  const code = uniqueCode("CHAT");
  const _id = await catalogueId(admin, "Netflix Premium");

  // The seller adds a 10% coupon on the Coupons screen.
  const sellerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const seller = await sellerContext.newPage();
  try {
    await signedIn(seller, "/admin/coupons");
    await expect(seller.getByRole("heading", { level: 1, name: "Coupons" })).toBeVisible();
    await hydrated(seller, "#coupon-form");
    const form = seller.getByRole("form", { name: "Add a coupon" });
    await form.getByLabel("Code").fill(code.toLowerCase());
    await form.getByLabel("Percent").fill("10");
    await form.getByRole("button", { name: "Add coupon" }).click();
    await expect(seller.getByRole("region", { name: /All coupons/ })).toContainText(code);
    await expect(seller.getByRole("region", { name: /All coupons/ })).toContainText("10% off");
    await seller.setViewportSize({ width: 1280, height: 900 });
    await seller.screenshot({ path: "test-results/coupons-1280.png", fullPage: true });
    await seller.setViewportSize({ width: 360, height: 740 });
    await seller.screenshot({ path: "test-results/coupons-360.png", fullPage: true });
    await inBothThemes(seller);
  } finally {
    await sellerContext.close();
  }

  // The shopper opens the shared link, then the cart.
  const urls = await catchChatLinks(context);
  await seedCart(page, [{ ...netflix3x2, _id }]);
  await page.goto(`/?coupon=${code}`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("cart-coupon"))).toBe(code);
  await page.goto("/cart");
  await expect(page.getByText(`Coupon ${code} applied: Rs. 176 off`)).toBeVisible();
  await expect(page.getByText("Subtotal", { exact: true })).toBeVisible();
  await expect(page.getByText("Rs. 1,584", { exact: true })).toBeVisible();
  await page.screenshot({ path: `test-results/cart-coupon-${page.viewportSize()!.width}.png`, fullPage: true });
  await inBothThemes(page);

  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Phone").fill(`98${String(Date.now()).slice(-8)}`);
  const popup = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "Proceed via WhatsApp" }).click();
  await popup;
  await expect.poll(() => urls.length).toBe(1);
  const message = new URL(urls[0]!).searchParams.get("text")!;
  expect(message).toContain(`Subtotal: 1,760 NPR\nCoupon ${code}: -176 NPR\nTotal: 1,584 NPR\nOrder ref: PSL-`);

  // The order page, from the message's last line.
  const orderUrl = new URL(message.split("\n").at(-1)!, baseURL);
  await page.goto(orderUrl.pathname + orderUrl.search);
  const lines = page.getByRole("region", { name: "What you ordered" });
  await expect(lines).toContainText(`Coupon ${code}`);
  await expect(lines).toContainText("−NPR 176");
  await expect(lines).toContainText("NPR 1,584");
});

test("a referral credit: A's code brings new customer B, B's order is paid, A's store credit has it, and the seller uses it on A's next order", async ({
  page,
  browser,
  context,
  admin,
  baseURL,
  signedIn,
}) => {
  const stamp = String(Date.now()).slice(-7);
  const phoneA = `981${stamp}`;
  const phoneB = `982${stamp}`;
  const _id = await catalogueId(admin, "Netflix Premium");
  expect((await admin.put("/api/admin/referrals/settings", { data: { creditAmount: 100 } })).status()).toBe(200);

  // A has an order delivered and a customer link, whose page shows A's code.
  const first = await placeOrder(baseURL!, { items: [{ _id, months: 1, devices: 1 }], channel: "whatsapp", name: "Asha", phone: phoneA });
  expect((await admin.post(`/api/admin/orders/${first.reference}/status`, { data: { status: "delivered" } })).status()).toBe(200);
  const made = await admin.post(`/api/admin/customers/${phoneA}/link`);
  expect(made.status(), await made.text()).toBe(201);
  const link = (await made.json()).link.path as string;
  await page.goto(link);
  const card = page.getByRole("region", { name: "Invite a friend" });
  const code = (await card.locator(".font-mono").textContent())!.trim();
  expect(code).toMatch(/^R-[2-9A-Z]{6}$/);
  await expect(card.getByTestId("referral-credit")).toContainText("Your referrals have earned NPR 0 so far.");
  await page.screenshot({ path: `test-results/referral-card-${page.viewportSize()!.width}.png`, fullPage: true });
  await inBothThemes(page);

  // B opens A's shared link and checks out in the browser.
  const urls = await catchChatLinks(context);
  const shopperB = await context.newPage();
  await seedCart(shopperB, [{ ...netflix1x1, _id }]);
  await shopperB.goto(`/?ref=${code}`);
  // The page keeps the code once it is hydrated; a person reads the page first, the test waits for it.
  await expect.poll(() => shopperB.evaluate(() => localStorage.getItem("referral"))).toBe(code);
  await shopperB.goto("/cart");
  await shopperB.getByRole("button", { name: "Proceed to Checkout" }).click();
  await shopperB.getByRole("dialog").getByLabel("Phone").fill(phoneB);
  const popup = context.waitForEvent("page");
  await shopperB.getByRole("dialog").getByRole("button", { name: "Proceed via WhatsApp" }).click();
  await popup;
  await expect.poll(() => urls.length).toBe(1);
  const referenceB = /Order ref: (PSL-\w{5})/.exec(new URL(urls[0]!).searchParams.get("text")!)![1]!;

  // B's order is paid: A earns the credit, in A's store credit.
  expect((await admin.post(`/api/admin/orders/${referenceB}/status`, { data: { status: "paid" } })).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("region", { name: "Invite a friend" }).getByTestId("referral-credit")).toContainText("earned NPR 100");
  await expect(page.getByRole("region", { name: "Your store credit" }).getByTestId("store-credit")).toHaveText("NPR 100");

  // A orders again; the seller uses A's store credit from the admin order.
  const next = await placeOrder(baseURL!, { items: [{ _id, months: 1, devices: 1 }], channel: "whatsapp", name: "Asha", phone: phoneA });
  const sellerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const seller = await sellerContext.newPage();
  try {
    await signedIn(seller, `/admin/orders?q=${next.reference}`);
    const apply = seller.getByRole("button", { name: `Use store credit (NPR 100) on order ${next.reference}` });
    await hydrated(seller, "main button");
    await apply.click();
    await expect(seller.getByText(`NPR 100 of store credit taken off ${next.reference}`)).toBeVisible();
    await expect(seller.getByText("Paid from store credit: NPR 100.")).toBeVisible();
    await expect(seller.getByText("Total NPR 200")).toBeVisible();

    await signedIn(seller, `/admin/customers/${phoneA}`);
    const section = seller.getByRole("region", { name: "Referral credit" });
    await expect(section).toContainText("Earned");
    await expect(section).toContainText(referenceB);
    await inBothThemes(seller);

    await signedIn(seller, "/admin/blocklist");
    await expect(seller.getByRole("heading", { level: 1, name: "Blocklist" })).toBeVisible();
    await seller.screenshot({ path: `test-results/blocklist-${seller.viewportSize()!.width}.png`, fullPage: true });
    await inBothThemes(seller);
  } finally {
    await sellerContext.close();
  }

  // A's order page shows what store credit paid.
  await page.goto(new URL(next.orderUrl, baseURL).pathname + new URL(next.orderUrl, baseURL).search);
  await expect(page.getByRole("region", { name: "What you ordered" })).toContainText("Paid from your store credit");
  await expect(page.getByRole("region", { name: "What you ordered" })).toContainText("NPR 200");
});

test("a referral code typed in the cart is checked, kept and sent with the order", async ({ page, context, admin }) => {
  const _id = await catalogueId(admin, "Netflix Premium");
  await seedCart(page, [{ ...netflix1x1, _id }]);
  await page.goto("/cart");
  await hydrated(page, "main details summary");
  await page.getByText("Sent by a friend? Enter their referral code").click();
  const field = page.getByRole("textbox", { name: "Referral code" });
  await field.fill("r-abc0o1");
  await page.getByRole("button", { name: "Use code" }).click();
  await expect(page.getByRole("alert")).toHaveText("A referral code looks like R-ABC234: R, a dash and six letters or digits.");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill(" r-abc 234 ");
  await page.getByRole("button", { name: "Use code" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Referral code R-ABC234 goes with your order" })).toBeVisible();
  await inBothThemes(page);

  // Kept across pages; removed, it is gone.
  await page.reload();
  await hydrated(page, "main button");
  await page.getByRole("button", { name: "Remove referral code" }).click();
  await expect(page.getByText("Referral code R-ABC234 goes with your order")).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("referral"))).toBeNull();

  // Typed again, it is sent with the checkout.
  await page.getByText("Sent by a friend? Enter their referral code").click();
  await field.fill("RABC234");
  await field.press("Enter");
  await expect(page.getByText("Referral code R-ABC234 goes with your order")).toBeVisible();
  const urls = await catchChatLinks(context);
  const placed = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/orders");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page
    .getByRole("dialog")
    .getByLabel("Phone")
    .fill(`983${String(Date.now()).slice(-7)}`);
  const popup = context.waitForEvent("page");
  await page.getByRole("dialog").getByRole("button", { name: "Proceed via WhatsApp" }).click();
  expect((await placed).postDataJSON()).toMatchObject({ referral: "R-ABC234" });
  await popup;
  await expect.poll(() => urls.length).toBe(1);
});
