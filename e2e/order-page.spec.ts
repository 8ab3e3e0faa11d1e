import { expect, test } from "./fixtures";
import { addMonths } from "../domain/orders/dates";
import { MY_ORDERS_KEY } from "../domain/orders/order-page";
import { addPaymentMethod, catalogueId, catchChatLinks, placeOrder, shopDate, withWrongKey } from "./helpers";

const REFERENCE = /PSL-[2-9A-HJ-NP-Z]{5}/;

test("the order page: the chat's link, how to pay with a QR, 'I have paid', the admin's claim, paid, delivered, and Renew of that line alone, for the same customer", async ({
  page,
  context,
  browser,
  baseURL,
  signedIn,
}) => {
  test.slow();
  const methodName = `eSewa ${Date.now()}`;

  // The seller adds a payment method with its QR code.
  const adminContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const seller = await adminContext.newPage();
  try {
    await signedIn(seller, "/admin/settings");
    await addPaymentMethod(seller, methodName);

    // The shopper checks out; the chat message ends with the order page's link.
    const urls = await catchChatLinks(context);
    // A chat tab may ask for its address more than once: the messages sent, each once.
    const texts = () => [...new Set(urls.map((url) => new URL(url).searchParams.get("text") ?? ""))];
    await page.goto("/prices/Netflix%20Premium");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("link", { name: "Cart, 1 item" }).click();
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    const dialog = page.getByRole("dialog", { name: "Select Payment Method" });
    await dialog.getByLabel("Your name").fill("Sita Rai");
    await dialog.getByLabel("Phone").fill("980-1234599");
    const popup = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Proceed via WhatsApp" }).click();
    await popup;
    await expect.poll(() => urls.length).toBe(1);
    const text = new URL(urls[0]!).searchParams.get("text")!;
    const reference = REFERENCE.exec(text)![0];
    const link = text.split("\n").at(-1)!;
    expect(link).toMatch(new RegExp(`/order/${reference}\\?key=[\\w-]{24}$`));

    // The order page: the stored total, the QR, nothing cached and no referrer.
    const answer = await page.goto(link);
    expect(answer!.headers()["cache-control"]).toBe("no-store");
    expect(answer!.headers()["referrer-policy"]).toBe("no-referrer");
    expect(answer!.headers()["x-page-cache"]).toBeUndefined();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { name: `Order ${reference}` })).toBeVisible();
    const howToPay = page.getByRole("region", { name: "How to pay" });
    await expect(howToPay).toContainText("NPR 300");
    await expect(howToPay).toContainText(`write ${reference} in the remark`);
    const qrImage = howToPay.getByRole("img", { name: `${methodName} QR code` });
    await expect(qrImage).toBeVisible();
    await expect.poll(() => qrImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
    // A wrong key is the same "not found" as an unknown reference.
    expect((await page.request.get(withWrongKey(link))).status()).toBe(404);
    expect((await page.request.get(`/order/PSL-22222?key=${new URL(link, baseURL).searchParams.get("key")}`)).status()).toBe(404);

    // "I have paid" opens the chat with the amount and the reference.
    await page.getByLabel("Transaction id").fill("TX<42>");
    const paidPopup = context.waitForEvent("page");
    await page.getByRole("button", { name: "I have paid" }).click();
    await paidPopup;
    await expect.poll(texts).toContain(`Paid NPR 300 for ${reference} (transaction id TX<42>)`);
    await expect(page.getByRole("region", { name: "You told the shop you paid" })).toContainText("transaction id TX<42>");
    await expect(page.getByRole("button", { name: "I have paid" })).toHaveCount(0);

    // The seller sees the claim, marks the order paid and then delivered.
    await seller.goto(`/admin/orders?q=${reference}`);
    const order = seller
      .getByRole("list", { name: "Orders" })
      .getByRole("listitem")
      .filter({ has: seller.getByRole("heading", { name: reference }) });
    await expect(order).toContainText("Customer says paid");
    await expect(order).toContainText("transaction id TX<42>");
    await order.getByRole("button", { name: `Manage order ${reference}` }).click();
    await expect(order.getByRole("link", { name: new RegExp(`/order/${reference}\\?key=`) })).toBeVisible();
    await order.getByRole("button", { name: "Mark paid" }).click();
    await expect(seller.getByRole("status").filter({ hasText: `Order ${reference} is now paid` })).toBeVisible();

    await page.reload();
    await expect(page.getByText("The shop has your payment.")).toBeVisible();
    await expect(page.getByRole("region", { name: "How to pay" })).toHaveCount(0);

    await order.getByLabel("Subscriptions start on").fill(shopDate(-27));
    await order.getByRole("button", { name: "Mark delivered" }).click();
    await expect(seller.getByRole("status").filter({ hasText: `Order ${reference} is now delivered` })).toBeVisible();

    // Delivered: the dates, the days left, and Renew (it ends within the week).
    await page.reload();
    await expect(page.getByText("Paid and delivered. Thank you!")).toBeVisible();
    await expect(page.getByText(/\d days? left|Ends today/)).toBeVisible();
    // The placed order emptied the cart; what the shopper adds next stays there: Renew checks out that line alone.
    await page.goto("/prices/YouTube%20Premium");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
    await page.goto(link);
    for (const dark of [true, false]) {
      await page.evaluate((d) => localStorage.setItem("isDarkMode", String(d)), dark);
      await page.reload();
      await expect(page.locator("html")).toHaveClass(dark ? /dark/ : /^(?!.*dark)/);
    }
    await page.getByRole("button", { name: "Renew Netflix Premium" }).click();
    const renewDialog = page.getByRole("dialog", { name: "Renew Netflix Premium" });
    await expect(renewDialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/order/${reference}\\?key=`));
    const ends = addMonths(shopDate(-27), 1);
    await expect(renewDialog).toContainText(`Line 1 of order ${reference}, ending on`);
    // The line's plan and devices to start with, the order's name and phone.
    await expect(renewDialog.getByRole("button", { name: /^1 month/ })).toHaveAttribute("aria-pressed", "true");
    await expect(renewDialog.getByRole("button", { name: "1 device" })).toHaveAttribute("aria-pressed", "true");
    await expect(renewDialog.getByLabel("Your name")).toHaveValue("Sita Rai");
    await expect(renewDialog.getByLabel("Phone")).toHaveValue("9801234599");
    await expect(renewDialog).toContainText("NPR 300");
    // Changed to 3 months on 2 devices.
    await renewDialog.getByRole("button", { name: /^3 months/ }).click();
    await renewDialog.getByRole("button", { name: "2 devices" }).click();
    await expect(renewDialog).toContainText("NPR 1,760");
    const renewPopup = context.waitForEvent("page");
    await renewDialog.getByRole("button", { name: "Proceed via WhatsApp" }).click();
    await renewPopup;
    const renewalText = () => texts().find((message) => message.startsWith("Hello! I would like to renew:"));
    await expect.poll(renewalText).toBeDefined();
    const renewal = REFERENCE.exec(renewalText()!.split("Order ref: ")[1]!)![0];
    expect(renewalText()!.split("\n").slice(0, 4)).toEqual([
      "Hello! I would like to renew:",
      "Item: Netflix Premium, Quantity: 2, Price: 880 NPR, Plan: 3 months",
      "Total: 1,760 NPR",
      `Renewal of ${reference}, line 1 (Netflix Premium), which ends on ${ends}: renewed, it runs to ${addMonths(ends, 3)}.`,
    ]);
    await expect(renewDialog.getByRole("status")).toContainText(renewal);
    await renewDialog.getByRole("button", { name: "Close" }).click();
    await expect(renewDialog).toBeHidden();
    // The page says so at once; the cart was left alone.
    await expect(page.getByText(`Renewed by ${renewal}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();

    // Linked to the old order, as the admin's Mark renewed does, and to the same customer.
    await seller.goto(`/admin/orders?q=${reference}`);
    await expect(seller.getByRole("list", { name: "Orders" })).toContainText(`renewed as ${renewal}`);
    await seller.goto(`/admin/customers/${encodeURIComponent("+9779801234599")}`);
    await expect(seller.getByRole("main")).toContainText(reference);
    await expect(seller.getByRole("main")).toContainText(renewal);

    // My orders remembers both, with their status and total.
    await page.goto("/my-orders");
    const mine = page.getByRole("list").filter({ hasText: reference });
    await expect(mine.getByRole("link", { name: new RegExp(reference) })).toContainText("Delivered");
    await expect(mine.getByRole("link", { name: new RegExp(renewal) })).toContainText("Received");
    await expect(mine.getByRole("link", { name: new RegExp(renewal) })).toContainText("NPR 1,760");
  } finally {
    await adminContext.close();
  }
});

test("My orders tells the truth: a payment said on the order page and the shop's delivery show when the shopper comes back to it", async ({
  page,
  context,
  baseURL,
  admin,
}) => {
  const _id = await catalogueId(admin, "Netflix Premium");
  const order = await placeOrder(baseURL!, { items: [{ _id, months: 1, devices: 1 }], channel: "whatsapp" });
  const key = new URL(order.orderUrl, baseURL).searchParams.get("key")!;
  await page.addInitScript(
    ([name, value]) => localStorage.setItem(name!, value!),
    [MY_ORDERS_KEY, JSON.stringify([{ reference: order.reference, key, placedAt: new Date().toISOString() }])],
  );
  await catchChatLinks(context);
  await page.goto("/my-orders");
  const row = page.getByRole("link", { name: new RegExp(order.reference) });
  await expect(row).toContainText("Received");
  await expect(row).not.toContainText("You said you paid");

  // The shopper opens the order from the list and says they paid; back on My orders, the list says so.
  await row.click();
  await expect(page.getByRole("heading", { name: `Order ${order.reference}` })).toBeVisible();
  const chat = context.waitForEvent("page");
  await page.getByRole("button", { name: "I have paid" }).click();
  await chat;
  await expect(page.getByRole("region", { name: "You told the shop you paid" })).toBeVisible();
  await page.goBack();
  await expect(row).toContainText("You said you paid");
  await expect(row).toContainText("Received");

  // The shop delivers while My orders stays open: the list shows it when the shopper comes back to the tab.
  const delivered = await admin.post(`/api/admin/orders/${order.reference}/status`, { data: { status: "delivered" } });
  expect(delivered.status(), await delivered.text()).toBe(200);
  await expect(row).toContainText("Received");
  // Headless Chromium keeps every tab visible and focused: the return is the event a browser sends then.
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(row).toContainText("Delivered");
  await expect(row).not.toContainText("You said you paid");
});
