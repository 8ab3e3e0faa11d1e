import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { turnOnGateways } from "./gateways";
import { catalogueId, catchChatLinks, newItem, placeOrder, shopDate } from "./helpers";
import { renewalPath } from "../domain/orders/order-page";

/**
 * ADR 0098: a shopper pays on the (fake) gateway, comes back and sees "Paid — checked"; the seller has nothing
 * to do. Returns that prove nothing change nothing. The fakes are this worker's (e2e/fixtures.ts).
 */

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ playwright, shop }) => {
  const admin = await playwright.request.newContext({
    baseURL: shop.origin,
    extraHTTPHeaders: { origin: shop.origin },
    storageState: { cookies: [shop.adminSession], origins: [] },
  });
  await turnOnGateways(admin);
  await admin.dispose();
});

// The other specs of this worker see a shop without merchant accounts, as before.
test.afterAll(async ({ playwright, shop }) => {
  const admin = await playwright.request.newContext({
    baseURL: shop.origin,
    extraHTTPHeaders: { origin: shop.origin },
    storageState: { cookies: [shop.adminSession], origins: [] },
  });
  await turnOnGateways(admin, false);
  await admin.dispose();
});

async function anOrder(admin: APIRequestContext, origin: string) {
  const _id = await catalogueId(admin, "Netflix Premium");
  return placeOrder(origin, { items: [{ _id, months: 1, devices: 1 }], channel: "whatsapp", name: "Sita Rai", phone: "9801234599" });
}

async function sellerSees(admin: APIRequestContext, reference: string) {
  return (await (await admin.get(`/api/admin/orders/${reference}`)).json()).order as { status: string; paidVia: { gateway: string } | null };
}

async function openOrder(page: Page, orderUrl: string) {
  await page.goto(orderUrl);
  const online = page.getByRole("region", { name: "Pay online" });
  await expect(online).toBeVisible();
  // The gateways come first, the shop's manual ways to pay still follow.
  await expect(page.getByRole("region", { name: "How to pay" })).toBeVisible();
  return online;
}

test("Khalti: the shopper pays on Khalti, comes back to their order and sees it paid and checked", async ({ page, admin, shop }) => {
  const order = await anOrder(admin, shop.origin);
  const online = await openOrder(page, order.orderUrl);
  // "Below" is the shop's own payment methods: offered only where the seller set one up (another test may have).
  const { paymentMethods } = await (await page.request.get(order.orderUrl.replace("/order/", "/api/orders/"))).json();
  await expect(online).toContainText(
    paymentMethods.length > 0 ? "Or pay by QR or transfer below, then tell the shop." : "Or ask the shop in the chat for another way to pay.",
  );
  await online.getByRole("button", { name: "Pay with Khalti" }).click();
  await expect(page.getByRole("heading", { name: "Khalti (fake)" })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.reference}\\?key=`));
  await expect(page.getByText("Paid — checked with Khalti")).toBeVisible();
  expect(await sellerSees(admin, order.reference)).toMatchObject({ status: "paid", paidVia: { gateway: "khalti" } });
});

test("Khalti: a Completed return whose lookup says Pending changes nothing, and says so", async ({ page, admin, shop }) => {
  const order = await anOrder(admin, shop.origin);
  const online = await openOrder(page, order.orderUrl);
  await online.getByRole("button", { name: "Pay with Khalti" }).click();
  await page.getByRole("button", { name: "Leave pending" }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.reference}\\?key=`));
  await expect(page.getByRole("region", { name: "Pay online" })).toContainText("Your Khalti payment is not complete yet");
  expect((await sellerSees(admin, order.reference)).status).toBe("new");
});

test("eSewa: the shopper pays on eSewa and comes back paid; a forged return changes nothing", async ({ page, admin, shop }) => {
  const order = await anOrder(admin, shop.origin);
  let online = await openOrder(page, order.orderUrl);
  await online.getByRole("button", { name: "Pay with eSewa" }).click();
  await expect(page.getByRole("heading", { name: "eSewa (fake)" })).toBeVisible();
  await page.getByRole("button", { name: "Return forged" }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.reference}\\?key=`));
  expect((await sellerSees(admin, order.reference)).status).toBe("new");

  online = await openOrder(page, order.orderUrl);
  await online.getByRole("button", { name: "Pay with eSewa" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByText("Paid — checked with eSewa")).toBeVisible();
  expect(await sellerSees(admin, order.reference)).toMatchObject({ status: "paid", paidVia: { gateway: "esewa" } });
});

test("Fonepay: the QR for the order's amount; once paid, the page updates by itself", async ({ page, admin, shop }) => {
  const order = await anOrder(admin, shop.origin);
  const online = await openOrder(page, order.orderUrl);
  await online.getByRole("button", { name: "Pay with Fonepay (QR)" }).click();
  const qr = online.locator("[data-qr]");
  await expect(qr.getByRole("img", { name: `Scan to pay NPR ${order.total}` })).toBeVisible();
  const prn = (await qr.getAttribute("data-qr"))!.split("|")[1]!;
  // The shopper's bank app pays the QR.
  await shop.gateways.pay("fonepay", prn, "completed");
  await expect(page.getByText("Paid — checked with Fonepay")).toBeVisible({ timeout: 15_000 });
  expect(await sellerSees(admin, order.reference)).toMatchObject({ status: "paid", paidVia: { gateway: "fonepay" } });
});

test("Rs. 1 less goes to the seller's payments to check and marks nothing paid; a return without the cookie says it was checked", async ({
  page,
  browser,
  admin,
  shop,
  signedIn,
}) => {
  const order = await anOrder(admin, shop.origin);
  const online = await openOrder(page, order.orderUrl);
  // "Below" is the shop's own payment methods: offered only where the seller set one up (another test may have).
  const { paymentMethods } = await (await page.request.get(order.orderUrl.replace("/order/", "/api/orders/"))).json();
  await expect(online).toContainText(
    paymentMethods.length > 0 ? "Or pay by QR or transfer below, then tell the shop." : "Or ask the shop in the chat for another way to pay.",
  );
  await online.getByRole("button", { name: "Pay with Khalti" }).click();
  await expect(page.getByRole("heading", { name: "Khalti (fake)" })).toBeVisible();
  const payPage = page.url();
  // Another browser (the chat app's) follows the return: no cookie, so no order link; the payment is still checked.
  const pidx = new URL(payPage).searchParams.get("pidx")!;
  const back = (await shop.gateways.pay("khalti", pidx, "less"))!;
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await otherPage.goto(back);
    await expect(otherPage.getByRole("heading", { name: "Payment checked" })).toBeVisible();
    await expect(otherPage.getByRole("main")).toContainText("Khalti reported a payment that does not match this order");
  } finally {
    await other.close();
  }
  expect((await sellerSees(admin, order.reference)).status).toBe("new");
  const seller = await browser.newContext();
  const sellerPage = await seller.newPage();
  try {
    await signedIn(sellerPage, "/admin/orders");
    const toCheck = sellerPage.getByRole("region", { name: /Payments to check/ });
    await expect(toCheck).toContainText(order.reference);
    await expect(toCheck).toContainText(`NPR ${order.total - 1} was paid`);
    await toCheck.getByRole("button", { name: `Done with the payment for ${order.reference}` }).click();
    await expect(sellerPage.getByRole("region", { name: /Payments to check/ })).toHaveCount(0);
  } finally {
    await seller.close();
  }
});

test("with Khalti and automatic delivery on, a shopper goes from cart to their login on the order page, and the seller has nothing to do", async ({
  page,
  context,
  admin,
}) => {
  test.slow();
  // An item of this test's own, set to deliver automatically, and an account with a seat for it.
  const name = `Auto Khalti ${Date.now()}`;
  const created = await admin.post("/api/prices", {
    data: {
      Name: name,
      Id: String(Date.now() % 1e8),
      ImageId: "/images/placeholder.svg",
      Category: "ott",
      plans: { "1": 150 },
      Status: "shared",
      SpecialLink: "https://example.com",
      AutoDeliver: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const login = `auto-khalti-${Date.now()}@example.com`;
  const account = await admin.post("/api/admin/accounts", {
    data: {
      service: `${name} family`,
      itemIds: [await catalogueId(admin, name)],
      login,
      password: "E2E-account-pass-4821",
      seats: [{ profileName: "Kitchen", pin: "4821" }],
      billingCycle: "none",
      cost: 1200,
    },
  });
  expect(account.status(), await account.text()).toBe(201);

  // The shopper: cart, checkout on WhatsApp, the order page from the message's link, Khalti.
  const urls = await catchChatLinks(context);
  await page.goto(`/prices/${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByRole("link", { name: "Cart, 1 item" }).click();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Select Payment Method" });
  await dialog.getByLabel("Phone").fill("9801234598");
  const popup = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "Proceed via WhatsApp" }).click();
  await popup;
  await expect.poll(() => urls.length).toBeGreaterThan(0);
  const orderLink = new URL(urls[0]!).searchParams.get("text")!.split("\n").at(-1)!;
  const reference = /PSL-\w{5}/.exec(orderLink)![0];

  const online = await openOrder(page, orderLink);
  await online.getByRole("button", { name: "Pay with Khalti" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${reference}\\?key=`));
  const credentials = page.getByRole("region", { name: "Your login and keys" });
  await expect(credentials).toContainText(login);
  await expect(credentials).toContainText("E2E-account-pass-4821");
  await expect(credentials).toContainText("Kitchen");

  // The seller finds it delivered, paid via Khalti, on the customer's page like any other order.
  expect(await sellerSees(admin, reference)).toMatchObject({ status: "delivered", paidVia: { gateway: "khalti" } });
  const customer = await (await admin.get(`/api/admin/customers/${encodeURIComponent("+9779801234598")}`)).json();
  expect(JSON.stringify(customer.customer)).toContain(reference);
});

test("a renewal from the reminder's link, at 360 px in Nepali: one tap to Khalti, then back to “Paid — renewed to …” on the same seat", async ({
  page,
  admin,
  shop,
}) => {
  test.slow();
  const { name, _id } = await newItem(admin, "Renew Khalti", { AutoDeliver: true });
  const account = await admin.post("/api/admin/accounts", {
    data: {
      service: `${name} family`,
      itemIds: [_id],
      login: `renew-khalti-${Date.now()}@example.com`,
      password: "E2E-account-pass-4821",
      seats: [{ profileName: "Kitchen", pin: "4821" }],
      billingCycle: "none",
      cost: 1200,
    },
  });
  expect(account.status(), await account.text()).toBe(201);
  // Delivered on its seat 27 days ago: a month that ends within the week, when the bot's reminder goes out.
  const order = await placeOrder(shop.origin, {
    items: [{ _id, months: 1, devices: 1 }],
    channel: "whatsapp",
    name: "Sita Rai",
    phone: "9801234597",
    language: "ne",
  });
  const paid = await admin.post(`/api/admin/orders/${order.reference}/status`, { data: { status: "paid" } });
  expect((await paid.json()).order.status).toBe("delivered");
  const oldLine = (await paid.json()).order.lines[0];
  const moved = await admin.put(`/api/admin/orders/${order.reference}/lines/${oldLine.id}/start`, { data: { startDate: shopDate(-27) } });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.setViewportSize({ width: 360, height: 740 });
  // The reminder's link: the order's own page with the line to renew (what the bot's Renew button opens).
  const orderUrl = new URL(order.orderUrl, shop.origin);
  await page.goto(renewalPath(orderUrl.pathname + orderUrl.search, oldLine.id));
  const dialog = page.getByRole("dialog", { name: /नवीकरण/ });
  await expect(dialog).toBeVisible();
  // Tap 1: pay. The rest is Khalti's own page.
  await dialog.getByRole("button", { name: /^Khalti बाट .+ तिर्नुहोस्$/ }).click();
  await expect(page.getByRole("heading", { name: "Khalti (fake)" })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/ne\/order\/PSL-\w+\?key=/);
  await expect(page.getByText(/^भुक्तानी भयो — .+ सम्म नवीकरण भयो।$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("renewed-360-ne.png"), fullPage: true });

  const renewalReference = /PSL-\w+/.exec(page.url())![0];
  const renewal = await sellerSees(admin, renewalReference);
  // Delivered by itself: on the one seat the account has, the old line's.
  expect(renewal).toMatchObject({ status: "delivered", paidVia: { gateway: "khalti" } });
});

test("a top-up of store credit with Khalti from the customer's page: back on it, the credit shows the top-up", async ({ page, admin, shop }) => {
  const phone = `98${String(Date.now() + 3).slice(-8)}`;
  const placed = await placeOrder(shop.origin, {
    items: [{ _id: await catalogueId(admin, "Netflix Premium"), months: 1, devices: 1 }],
    channel: "whatsapp",
    name: "Sita Rai",
    phone,
  });
  expect((await admin.post(`/api/admin/orders/${placed.reference}/status`, { data: { status: "delivered" } })).status()).toBe(200);
  const link = (await (await admin.post(`/api/admin/customers/${phone}/link`)).json()).link.path as string;
  await page.goto(link);
  const card = page.getByRole("region", { name: "Your store credit" });
  await card.getByLabel("Amount (NPR)").fill("50");
  await card.getByRole("button", { name: "Top up with Khalti" }).click();
  await expect(card.getByRole("alert")).toHaveText("Give a whole amount from NPR 100 to NPR 20,000.");
  await card.getByLabel("Amount (NPR)").fill("1200");
  await card.getByRole("button", { name: "Top up with Khalti" }).click();
  await expect(page.getByRole("heading", { name: "Khalti (fake)" })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await expect(card.getByTestId("store-credit")).toHaveText("NPR 1,200");
  await expect(card.getByRole("list", { name: "Store credit movements" })).toContainText("Top-up");
});
