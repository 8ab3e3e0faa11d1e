import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newItem, placeOrder } from "./helpers";

// Problems shoppers report (ADR 0111), the whole journey: a shopper reports that their key is not working; the seller opens the problem
// queue, gives a new key from stock and answers; the shopper's order page shows the answer and the new key. The item's 30-day
// warranty (ADR 0128) is promised on its product page and its order page, and the queue says the report came inside it.

let made = 0;
const unique = () => `${Date.now() % 1e8}-${++made}`;

/** A key item of its own, its first key delivered to a new order by the seller's hand, a second key in stock. */
async function deliveredKey(admin: APIRequestContext, baseURL: string) {
  const { name, _id: itemId } = await newItem(admin, "Problem Key", { Category: "software", plans: { "1": 900 }, Status: "none", WarrantyDays: 30 });
  const oldKey = `OLD-KEY-${unique()}`;
  const newKey = `NEW-KEY-${unique()}`;
  expect((await admin.post("/api/admin/keys/import", { data: { itemId, text: oldKey } })).status()).toBe(200);
  const order = await placeOrder(baseURL, {
    items: [{ _id: itemId, months: 1, devices: 1 }],
    channel: "whatsapp",
    name: "Problem Shopper",
    phone: "9801234567",
  });
  const done = await admin.post(`/api/admin/orders/${order.reference}/status`, { data: { status: "delivered" } });
  expect(done.status(), await done.text()).toBe(200);
  const lineId: string = (await done.json()).order.lines[0].id;
  expect((await admin.post(`/api/admin/lines/${lineId}/key`)).status()).toBe(201);
  // Imported after the first was given: the new key is the next one in stock.
  expect((await admin.post("/api/admin/keys/import", { data: { itemId, text: newKey } })).status()).toBe(200);
  return { name, order, oldKey, newKey };
}

test("a reported problem resolved by a new key", async ({ page, admin, baseURL, signedIn, browser }) => {
  const { name, order, oldKey, newKey } = await deliveredKey(admin, baseURL!);

  const context = await browser.newContext({ baseURL });
  const shopper = await context.newPage();
  try {
    await shopper.goto(`/prices/${encodeURIComponent(name)}`);
    await expect(shopper.getByText("Replaced free within 30 days of delivery if it stops working")).toBeVisible();
    await shopper.goto(order.orderUrl);
    await expect(shopper.getByText(/^Replaced free until \d{1,2} \w{3} \d{4} if it stops working/)).toBeVisible();
    const section = shopper.getByRole("region", { name: "Something wrong?" });
    await section.getByRole("button", { name: `Report a problem with ${name}` }).click();
    const form = section.getByRole("form", { name: `A problem with ${name}` });
    await expect(form.getByRole("radio", { name: "Not working" })).toBeFocused();
    await form.getByRole("button", { name: "Send to the shop" }).click();
    await expect(form.getByRole("alert")).toHaveText("Write a few words about the problem.");
    await form.getByRole("textbox", { name: "Tell the shop what happened" }).fill("The key says it is already used.");
    await form.getByRole("button", { name: "Send to the shop" }).click();
    await expect(section.getByRole("status")).toHaveText("Sent. The shop's answer will show here.");
    await expect(section.getByText("Waiting for the shop")).toBeVisible();
    await expect(section.getByText("The key says it is already used.")).toBeVisible();

    // The seller.
    await signedIn(page, "/admin/problems");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Not working: ${name}` }) });
    await expect(card).toContainText(order.reference);
    await expect(card).toContainText("Holds a licence key · 1 in stock");
    await expect(card).toContainText(/Inside the warranty \(replaced free until \d{4}-\d{2}-\d{2}\)/);
    await expect(card.getByRole("button", { name: `Refund ${name}` })).toHaveCount(0);
    await card.getByRole("button", { name: "New key" }).click();
    await page.getByRole("dialog", { name: "Give a new key" }).getByRole("button", { name: "Give new key" }).click();
    await expect(page.getByRole("status").filter({ hasText: "New key given: the shopper's order page shows it" })).toBeVisible();
    await expect(card).toContainText("Holds a licence key · 0 in stock");
    // Nothing left in stock to replace it again: Refund is offered.
    await expect(card.getByRole("button", { name: `Refund ${name}` })).toBeVisible();
    await card.getByRole("textbox", { name: "Answer the shopper" }).fill("Here is a new key: it is on your order page.");
    await card.getByRole("button", { name: "Send answer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Answer saved" })).toBeVisible();
    await expect(card.getByRole("listitem").filter({ hasText: "Answered by" })).toContainText("Here is a new key");
    await expect(card.getByRole("link", { name: /^WhatsApp \(order/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/9779801234567\?text=/);

    await shopper.reload();
    await expect(section.getByText("Answered", { exact: true })).toBeVisible();
    await expect(section.getByText("Here is a new key: it is on your order page.")).toBeVisible();
    await expect(section.getByText("The shop gave you a new key: it shows on this page.")).toBeVisible();
    const held = shopper.getByRole("region", { name: "Your login and keys" });
    await expect(held).toContainText(newKey);
    await expect(held).not.toContainText(oldKey);
  } finally {
    await context.close();
  }
});
