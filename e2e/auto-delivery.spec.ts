import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newItem, placeOrder, shopDate } from "./helpers";

// Automatic delivery (ADR 0099): the seller sets two items to deliver automatically (one sold on an account's
// seats, one with keys), a shopper orders both, the seller marks the order paid, and the shopper's order page
// shows the login, the key and the delivery message with no other step of the seller's.

let made = 0;
const unique = () => `${Date.now() % 1e8}-${++made}`;

async function seatsAndKeys(admin: APIRequestContext, { keys = true } = {}) {
  const seatItem = await newItem(admin, "Auto Item");
  const keyItem = await newItem(admin, "Auto Item");
  const login = `seller-${unique()}@example.com`;
  const account = await admin.post("/api/admin/accounts", {
    data: {
      service: `${seatItem.name} family`,
      itemIds: [seatItem._id],
      login,
      password: "E2E-account-pass-4821",
      seats: [{ profileName: "Kitchen", pin: "4821" }],
      billingCycle: "monthly",
      renewalDate: shopDate(60),
      cost: 1200,
    },
  });
  expect(account.status(), await account.text()).toBe(201);
  const key = `AUTO-KEY-${unique()}`;
  if (keys) expect((await admin.post("/api/admin/keys/import", { data: { itemId: keyItem._id, text: key } })).status()).toBe(200);
  return { seatItem, keyItem, login, key };
}

/** Ticks "Deliver automatically when paid" in the item's Update Price form, as the seller does. */
async function turnOnAutomaticDelivery(page: Page, name: string) {
  await page.getByRole("searchbox", { name: "Search prices" }).fill(name);
  await page
    .getByRole("listitem", { name })
    .getByRole("button", { name: `Edit ${name}` })
    .click();
  const form = page.getByRole("form", { name: "Update Price" });
  const box = form.getByRole("checkbox", { name: "Deliver automatically when paid" });
  await expect(box).not.toBeChecked();
  await box.check();
  await form.getByRole("button", { name: "Update Price" }).click();
  await expect(page.getByText(`${name} updated`)).toBeVisible();
}

const orderCard = (page: Page, reference: string) =>
  page
    .getByRole("list", { name: "Orders" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: reference }) });

async function markPaid(page: Page, reference: string, becomes: "paid" | "delivered") {
  await page.goto(`/admin/orders?q=${reference}`);
  const card = orderCard(page, reference);
  await card.getByRole("button", { name: `Manage order ${reference}` }).click();
  await card.getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Order ${reference} is now ${becomes}` })).toBeVisible();
  return card;
}

test("with automatic delivery on, marking the order paid puts the login and the key on the shopper's page", async ({
  page,
  admin,
  baseURL,
  signedIn,
  browser,
}) => {
  const { seatItem, keyItem, login, key } = await seatsAndKeys(admin);
  await signedIn(page, "/admin/prices");
  for (const item of [seatItem, keyItem]) await turnOnAutomaticDelivery(page, item.name);

  const order = await placeOrder(baseURL!, {
    items: [
      { _id: seatItem._id, months: 1, devices: 1 },
      { _id: keyItem._id, months: 1, devices: 1 },
    ],
    channel: "whatsapp",
    name: "Auto Shopper",
    phone: "9801234567",
  });
  const card = await markPaid(page, order.reference, "delivered");
  await expect(card.getByText("Delivered automatically")).toHaveCount(2);

  // The shopper, in a browser of their own.
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const shopper = await context.newPage();
  try {
    await shopper.goto(order.orderUrl);
    await expect(shopper.getByText("Paid and delivered. Thank you!")).toBeVisible();
    const held = shopper.getByRole("region", { name: "Your login and keys" });
    await expect(held).toContainText(login);
    await expect(held).toContainText("E2E-account-pass-4821");
    await expect(held).toContainText("Kitchen");
    await expect(held).toContainText("4821");
    await expect(held).toContainText(key);
    await expect(held.getByRole("button", { name: /^Copy / })).toHaveCount(7);
    await held.getByRole("button", { name: `Copy Password (${seatItem.name})` }).click();
    await expect(held.getByText("Copied")).toBeVisible();
    expect(await shopper.evaluate(() => navigator.clipboard.readText())).toBe("E2E-account-pass-4821");
    await expect(held.locator("pre").first()).toContainText(`Order ${order.reference}`);
    await held.getByRole("button", { name: `Copy Delivery message (${keyItem.name})` }).click();
    expect(await shopper.evaluate(() => navigator.clipboard.readText())).toContain(`Key: ${key}`);
  } finally {
    await context.close();
  }
});

test("a line that cannot be delivered automatically waits for the seller, who is told why", async ({ page, admin, baseURL, signedIn }) => {
  const { seatItem, keyItem } = await seatsAndKeys(admin, { keys: false });
  for (const item of [seatItem, keyItem]) {
    const stored = (await (await admin.get("/api/prices")).json()).allPrices.find((p: { _id: string }) => p._id === item._id);
    const saved = await admin.put(`/api/prices/${item._id}`, { data: { ...stored, AutoDeliver: true } });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const order = await placeOrder(baseURL!, {
    items: [
      { _id: seatItem._id, months: 1, devices: 1 },
      { _id: keyItem._id, months: 1, devices: 1 },
    ],
    channel: "whatsapp",
    name: "Waiting Shopper",
    phone: "9801234567",
  });
  await signedIn(page, "/admin/orders");
  const card = await markPaid(page, order.reference, "paid");
  await expect(card.getByText("Not delivered automatically: another line of this order waits for you")).toBeVisible();
  await expect(card.getByText("Not delivered automatically: no account serves this item and none of its keys were stocked")).toBeVisible();
  await page.goto(order.orderUrl);
  await expect(page.getByText("The shop has your payment.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your login and keys" })).toHaveCount(0);
});
