import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { catalogueId, placeOrder, shopDate } from "./helpers";

// ADR 0096: the seller delivers a renewal, a line on an account billed monthly, and an order of a
// seat and a key that never expires.

const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
let made = 0;

/** A catalogue item of its own, so no other test sells it or stocks it. */
async function newItem(admin: APIRequestContext, fields: Record<string, unknown> = {}) {
  const name = `Ledger Item ${Date.now() % 1e8}-${++made}`;
  const created = await admin.post("/api/prices", {
    data: {
      Name: name,
      Id: String((Date.now() % 1e7) * 10 + made),
      ImageId: "/images/placeholder.svg",
      Category: "ott",
      plans: { "1": 150, "3": 400 },
      Status: "shared",
      SpecialLink: "https://example.com",
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { name, _id: await catalogueId(admin, name) };
}

async function addAccount(admin: APIRequestContext, itemId: string, service: string, seats: number) {
  const added = await admin.post("/api/admin/accounts", {
    data: {
      service,
      itemIds: [itemId],
      login: `seller-${Date.now()}-${++made}@example.com`,
      password: "E2E-account-pass-4821",
      seats: Array.from({ length: seats }, (_, i) => ({ profileName: `Profile ${i + 1}` })),
      billingCycle: "monthly",
      renewalDate: shopDate(60),
      cost: 1200,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
}

async function deliver(admin: APIRequestContext, reference: string) {
  const answer = await admin.post(`/api/admin/orders/${reference}/status`, { data: { status: "delivered" } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).order.lines as Array<{ id: string; startDate: string; expiryDate: string }>;
}

const orderCard = (page: Page, reference: string) =>
  page
    .getByRole("list", { name: "Orders" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: reference }) });

test("a renewal is delivered from where the old line ends, on the customer's seat, and never waits for stock", async ({
  page,
  admin,
  baseURL,
  signedIn,
}) => {
  const item = await newItem(admin);
  const service = `${item.name} family`;
  await addAccount(admin, item._id, service, 2);
  const shopper = { channel: "whatsapp" as const, name: "Renewing Shopper", phone: "9801234567" };
  const first = await placeOrder(baseURL!, { items: [{ _id: item._id, months: 1, devices: 1 }], ...shopper });
  const [old] = await deliver(admin, first.reference);
  expect((await admin.put(`/api/admin/lines/${old!.id}/seat`, { data: {} })).status()).toBe(200);
  // Another shopper's order takes the free seat; then the customer renews.
  await placeOrder(baseURL!, { items: [{ _id: item._id, months: 1, devices: 1 }], ...shopper, phone: "9807654321" });
  const renewed = await admin.post(`/api/admin/renewals/${old!.id}`);
  expect(renewed.status(), await renewed.text()).toBe(201);
  const renewal = (await renewed.json()).order.reference as string;

  await signedIn(page, `/admin/orders?q=${renewal}`);
  const card = orderCard(page, renewal);
  await expect(card.getByText(`renews ${first.reference}`)).toBeVisible();
  await expect(card.getByText("Waiting for stock")).toHaveCount(0);
  await card.getByRole("button", { name: `Manage order ${renewal}` }).click();
  // Delivering: "starts on" is where the old line ends, so the customer loses no day.
  await expect(card.getByLabel("Subscriptions start on")).toHaveValue(old!.expiryDate);
  await expect(card.getByText(`${item.name} renews ${first.reference}: it starts on ${old!.expiryDate}, where the old one ends.`)).toBeVisible();
  await card.getByRole("button", { name: "Mark delivered" }).click();
  await expect(toast(page, `Order ${renewal} is now delivered`)).toBeVisible();
  await expect(card.getByText(new RegExp(`${old!.expiryDate} to \\d{4}-\\d{2}-\\d{2}`))).toBeVisible();
  // On the same seat without a click: the message can go at once.
  await expect(card.getByText(`On ${service}, seat 1`)).toBeVisible();
  await expect(card.getByRole("button", { name: new RegExp(`^Send on WhatsApp: delivery of ${item.name}`) })).toBeEnabled();
  // The old order says where its seat went, and proposes it no other.
  await page.goto(`/admin/orders?q=${first.reference}`);
  await expect(orderCard(page, first.reference).getByText(`Renewed as ${renewal}: its seat went on with the renewal.`)).toBeVisible();
  await expect(orderCard(page, first.reference).getByText(/Proposed:/)).toHaveCount(0);
});

test("a 3-month line on an account billed monthly is proposed a seat, with the bill date beside it", async ({ page, admin, baseURL, signedIn }) => {
  const item = await newItem(admin);
  const service = `${item.name} monthly`;
  const nextBill = shopDate(20);

  await signedIn(page, "/admin/accounts");
  await page.getByRole("button", { name: "Add a provider account" }).click();
  const form = page.getByRole("region", { name: "Add a provider account" });
  await form.getByRole("textbox", { name: /^Service/ }).fill(service);
  await form.getByLabel("Login (email or username)").fill(`monthly-${Date.now()}@example.com`);
  await form.getByRole("textbox", { name: "Password", exact: true }).fill("E2E-account-pass-4821");
  await form.getByLabel("Billed").selectOption("monthly");
  await form.getByLabel("Cost per month (NPR)").fill("1200");
  await form.getByRole("checkbox", { name: item.name, exact: true }).check();
  // No bill date: the form says what is missing.
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(form.getByText("A monthly account needs its next bill date")).toBeVisible();
  await form.getByLabel("Next bill date").fill(nextBill);
  await expect(form.getByRole("checkbox", { name: "Renews on the bill date" })).toBeChecked();
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(toast(page, `Account ${service} added`)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: service }).getByText(`billed monthly, next bill ${nextBill}`)).toBeVisible();

  const { reference } = await placeOrder(baseURL!, {
    items: [{ _id: item._id, months: 3, devices: 1 }],
    channel: "whatsapp",
    name: "Quarter Shopper",
    phone: "9801234567",
  });
  await deliver(admin, reference);
  await page.goto(`/admin/orders?q=${reference}`);
  const card = orderCard(page, reference);
  await expect(card.getByText(`Proposed: ${service}, seat 1 (Profile 1) · billed monthly, next bill ${nextBill}`)).toBeVisible();
  await expect(card.getByText("No free seat fits")).toHaveCount(0);
  await card.getByRole("button", { name: `Assign seat for ${item.name}` }).click();
  await expect(card.getByText(`On ${service}, seat 1`)).toBeVisible();
});

test("a seat line is offered seats and no keys, a key line keys and no seats; a key that never expires says so", async ({
  page,
  admin,
  baseURL,
  signedIn,
}) => {
  const seatItem = await newItem(admin);
  const keyItem = await newItem(admin, { Category: "software", Status: "Empty", plans: { "1": 1500 } });
  await addAccount(admin, seatItem._id, `${seatItem.name} family`, 2);

  await signedIn(page, "/admin/accounts");
  const keys = page.getByRole("region", { name: "Licence keys" });
  await keys.getByLabel("Item").selectOption({ label: keyItem.name });
  await keys.getByLabel("Keys, one a line").fill(`KEY-${Date.now()}-1\nKEY-${Date.now()}-2`);
  await keys.getByRole("checkbox", { name: "These keys never expire" }).check();
  await keys.getByRole("button", { name: "Import keys" }).click();
  await expect(toast(page, "2 keys imported")).toBeVisible();
  await expect(keys.getByRole("listitem").filter({ hasText: keyItem.name })).toContainText("never expire");

  const { reference } = await placeOrder(baseURL!, {
    items: [
      { _id: seatItem._id, months: 1, devices: 1 },
      { _id: keyItem._id, months: 1, devices: 1 },
    ],
    channel: "whatsapp",
    name: "Two Lines",
    phone: "9801234567",
  });
  await deliver(admin, reference);
  await page.goto(`/admin/orders?q=${reference}`);
  const card = orderCard(page, reference);
  await expect(card.getByRole("button", { name: `Assign seat for ${seatItem.name}` })).toBeVisible();
  await expect(card.getByRole("button", { name: `Take a key for ${keyItem.name}` })).toBeVisible();
  await expect(card.getByRole("button", { name: `Take a key for ${seatItem.name}` })).toHaveCount(0);
  await expect(card.getByRole("button", { name: `Choose a seat for ${keyItem.name}` })).toHaveCount(0);
  await expect(card.getByText("No free seat fits")).toHaveCount(0);
  await expect(card.getByText(/never expires/)).toBeVisible();
  await card.getByRole("button", { name: `Take a key for ${keyItem.name}` }).click();
  await expect(card.getByText("Key given")).toBeVisible();

  // The product page says the key never expires, not a validity in days.
  await page.goto(`/prices/${encodeURIComponent(keyItem.name)}`);
  const details = page.getByRole("region", { name: "Validity and details" });
  await expect(details.getByText("Never expires", { exact: true })).toBeVisible();
  await expect(details).not.toContainText("27 to 33 days");
});
