import { E2E_ORDER_LIMITS, expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { catalogueId, catchChatLinks, expectNoAxeViolations, hydrated, placeOrder, shopDate, useTheme } from "./helpers";

const REFERENCE = /PSL-[2-9A-HJ-NP-Z]{5}/;
const WHATSAPP = "9779800000000";
const TELEGRAM = "pasal_support";

async function addNetflixToCart(page: Page) {
  await page.goto("/prices/Netflix%20Premium");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
}

/** The order page's link in a chat message (its last line, ADR 0075); fails when it is not there. */
function orderLink(text: string, reference: string): string {
  const link = new RegExp(`\\S*/order/${reference}\\?key=[\\w-]{24}`).exec(text)?.[0];
  expect(link, text).toBeDefined();
  return link!;
}

test("a shopper's checkout gets a reference the admin tracks from payment to delivery to renewal", async ({
  page,
  context,
  browser,
  baseURL,
  signedIn,
}) => {
  test.slow();
  const urls = await catchChatLinks(context);
  const shopper = `E2E Shopper ${Date.now()}`;
  await addNetflixToCart(page);
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Select Payment Method" });
  await dialog.getByLabel("Your name").fill(shopper);
  await dialog.getByLabel("Phone").fill("9801234567");
  const popup = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "Proceed via WhatsApp" }).click();
  await popup;
  await expect.poll(() => urls.length).toBe(1);

  const text = new URL(urls[0]!).searchParams.get("text")!;
  const reference = REFERENCE.exec(text)?.[0];
  expect(reference, text).toBeDefined();
  expect(text).toBe(
    `Hello! I would like to order:\nItem: Netflix Premium, Quantity: 1, Price: 300 NPR, Plan: 1 month\nTotal: 300 NPR\nOrder ref: ${reference}\n${orderLink(text, reference!)}`,
  );
  await expect(dialog.getByRole("status")).toContainText(`Your order reference is ${reference}`);

  // Back on the cart: placed, so emptied (a shopper back for something else does not send these again), with
  // the reference in view and Undo for a while, also after the page is opened again.
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("heading", { name: "Your Cart is Empty", exact: true })).toBeFocused();
  await expect(page.getByText(`Your order ${reference} is with us.`)).toBeVisible();
  await page.reload();
  const emptied = page.getByRole("region", { name: `Your cart is empty now: order ${reference} has its items.` });
  await expect(emptied).toContainText("You can put the items back in the cart for 15 minutes.");
  await expect(emptied.getByRole("link", { name: `Open order ${reference}` })).toHaveAttribute("href", new RegExp(`^/order/${reference}\\?key=`));
  await emptied.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("heading", { name: "Your Cart", exact: true })).toBeFocused();
  await expect(page.getByRole("list", { name: "Items in your cart" }).getByRole("listitem").filter({ hasText: "Netflix Premium" })).toHaveCount(1);
  await expect(page.getByText(`Your last order, ${reference}, is on its order page.`)).toBeVisible();
  await expect(page.getByRole("link", { name: `Open order ${reference}` })).toBeVisible();

  // The seller finds it by the reference, however it is typed.
  const admin = await browser.newContext({ baseURL });
  try {
    const seller = await admin.newPage();
    await signedIn(seller, "/admin/orders");
    await seller.getByLabel("Reference or phone").fill(reference!.toLowerCase().replace("-", " "));
    await seller.getByRole("button", { name: "Search" }).click();
    await expect(seller).toHaveURL(/q=psl/);
    const orders = seller
      .getByRole("list", { name: "Orders" })
      .getByRole("listitem")
      .filter({ has: seller.getByRole("heading", { level: 2 }) });
    await expect(orders).toHaveCount(1);
    const order = orders.first();
    await expect(order.getByRole("heading", { name: reference })).toBeVisible();
    await expect(order).toContainText(shopper);
    await expect(order).toContainText("New");

    await order.getByRole("button", { name: `Manage order ${reference}` }).click();
    await order.getByRole("button", { name: "Mark paid" }).click();
    await expect(seller.getByRole("status").filter({ hasText: `Order ${reference} is now paid` })).toBeVisible();
    await expect(order.getByText("Paid", { exact: true })).toBeVisible();
    // Going back is not offered; delivering starts the plan on the chosen day.
    await expect(order.getByRole("button", { name: "Mark contacted" })).toHaveCount(0);
    await order.getByLabel("Subscriptions start on").fill(shopDate(-27));
    await order.getByRole("button", { name: "Mark delivered" }).click();
    await expect(seller.getByRole("status").filter({ hasText: `Order ${reference} is now delivered` })).toBeVisible();
    await expect(order).toContainText(`${shopDate(-27)} to`);

    // A month from 27 days ago ends within the week: it is due for renewal.
    await seller.goto("/admin/renewals");
    const due = seller.getByRole("list", { name: "Renewals due" }).getByRole("listitem").filter({ hasText: reference! });
    await expect(due).toHaveCount(1);
    await expect(due.getByRole("link", { name: /Remind on WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/9779801234567\?text=/);
    // Remind opens the chat and the line remembers it was reminded.
    await admin.route(/^https:\/\/wa\.me\//, (route) => route.abort());
    await due.getByRole("link", { name: /Remind on WhatsApp/ }).click();
    await expect(seller.getByRole("status").filter({ hasText: `Reminder for ${reference} noted` })).toBeVisible();
    await expect(due).toContainText("reminded");
    await due.getByRole("button", { name: /Mark renewed/ }).click();
    await expect(seller.getByRole("status").filter({ hasText: /Renewal order PSL-\w{5} created/ })).toBeVisible();
    await expect(due).toHaveCount(0);

    await seller.goto("/admin/dashboard");
    await expect(seller.getByRole("region", { name: "Orders in the last 7 days" })).toBeVisible();
  } finally {
    await admin.close();
  }
});

test(
  "the journey: search, a 3 month plan for 2 devices, cart, and the order on WhatsApp with its reference",
  { tag: "@phone" },
  async ({ page, context }) => {
    test.slow();
    const urls = await catchChatLinks(context);
    await page.goto("/");
    await hydrated(page, 'main input[role="combobox"]');
    const search = page.getByRole("main").getByRole("combobox", { name: "Search services" });
    await search.pressSequentially("netf");
    await expect(page.getByRole("option", { name: /Netflix Premium/ })).toBeVisible();
    await search.press("ArrowDown");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/prices\/Netflix%20Premium$/);

    const plan = page.getByRole("group", { name: "Choose a plan" }).getByRole("button", { name: /^3 months/ });
    const devices = page.getByRole("group", { name: "Devices" }).getByRole("button", { name: "2 devices" });
    // The first plan and 1 device are chosen to begin with.
    await expect(page.getByRole("group", { name: "Choose a plan" }).getByRole("button").first()).toHaveAttribute("aria-pressed", "true");
    await plan.click();
    await devices.click();
    await expect(plan).toHaveAttribute("aria-pressed", "true");
    await expect(devices).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Total cost: NPR 1,760")).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("button", { name: "Added to Cart!" })).toBeVisible();

    await page.getByRole("link", { name: "Cart, 1 item" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText("Total (1 item)").locator("..")).toContainText("Rs. 1,760");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    const dialog = page.getByRole("dialog", { name: "Select Payment Method" });
    const popup = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Proceed via WhatsApp" }).click();
    await popup;
    await expect.poll(() => urls.length).toBe(1);

    const reference = REFERENCE.exec(decodeURIComponent(urls[0]!))?.[0];
    expect(reference, urls[0]).toBeDefined();
    const message = [
      "Hello! I would like to order:",
      "Item: Netflix Premium, Quantity: 2, Price: 880 NPR, Plan: 3 months",
      "Total: 1,760 NPR",
      `Order ref: ${reference}`,
      orderLink(decodeURIComponent(urls[0]!), reference!),
    ].join("\n");
    expect(urls[0]).toBe(`https://wa.me/${WHATSAPP}?text=${encodeURIComponent(message)}`);
    await expect(dialog.getByRole("status")).toContainText(`Your order reference is ${reference}`);
  },
);

test("Proceed via Telegram copies the server's message, reference included, and opens the chat with it", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const urls = await catchChatLinks(context);
  // Which of the clipboard and the new tab the click reaches first, and whether the order was answered by then.
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.assign(window, { checkoutCalls: calls });
    const write = navigator.clipboard.write.bind(navigator.clipboard);
    navigator.clipboard.write = (items) => (calls.push("clipboard"), write(items));
    const open = window.open.bind(window);
    window.open = (...args) => (calls.push("tab"), open(...args));
    const fetchAnswer = window.fetch.bind(window);
    window.fetch = (input, init) => fetchAnswer(input, init).finally(() => String(input).endsWith("/api/orders") && calls.push("order answered"));
  });
  // A slow answer: the text reaches the clipboard well after the click.
  await context.route("**/api/orders", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await addNetflixToCart(page);
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Select Payment Method" });
  const popup = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "Proceed via Telegram" }).click();
  await popup;
  await expect.poll(() => urls.length).toBe(1);

  const reference = REFERENCE.exec(decodeURIComponent(urls[0]!))?.[0];
  expect(reference, urls[0]).toBeDefined();
  const message = `Hello! I would like to order:\nItem: Netflix Premium, Quantity: 1, Price: 300 NPR, Plan: 1 month\nTotal: 300 NPR\nOrder ref: ${reference}\n${orderLink(decodeURIComponent(urls[0]!), reference!)}`;
  expect(urls[0]).toBe(`https://t.me/${TELEGRAM}?text=${encodeURIComponent(message)}`);
  await expect(dialog.getByRole("status")).toContainText("Message copied — paste it in the chat if it is not filled in");
  await expect(dialog.getByRole("status")).toContainText(`Your order reference is ${reference}`);
  expect(await page.evaluate(() => (window as unknown as { checkoutCalls: string[] }).checkoutCalls)).toEqual(["clipboard", "tab", "order answered"]);
  await page.bringToFront();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(message);
});

test("when the shop's server cannot be reached, checkout still opens the chat, without a reference", async ({ page, context }) => {
  const urls = await catchChatLinks(context);
  await context.route("**/api/orders", (route) => route.abort());
  await addNetflixToCart(page);
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const popup = context.waitForEvent("page");
  await page.getByRole("dialog").getByRole("button", { name: "Proceed via WhatsApp" }).click();
  await popup;
  await expect.poll(() => urls.length).toBe(1);
  expect(new URL(urls[0]!).searchParams.get("text")).toBe(
    "Hello! I would like to order:\nItem: Netflix Premium, Quantity: 1, Price: 300 NPR, Plan: 1 month\nTotal: 300 NPR",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("region", { name: "Order sent on WhatsApp" })).toBeVisible();
});

test("a cart line the shop no longer sells is named, and no chat opens", async ({ page, context }) => {
  const urls = await catchChatLinks(context);
  await page.addInitScript(() => {
    if (sessionStorage.getItem("cart-seeded")) return;
    const line = {
      lineId: "gone",
      _id: "no-such-item",
      Id: "999",
      name: "Old Service",
      month: 1,
      selectedMonth: 100,
      selectedDevice: 1,
      image: "/images/placeholder.svg",
      cost: 100,
    };
    localStorage.setItem("cart", JSON.stringify([line]));
    sessionStorage.setItem("cart-seeded", "1");
  });
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Proceed via WhatsApp" }).click();
  await expect(dialog.getByRole("alert")).toContainText("We could not place this order");
  await expect(dialog.getByRole("alert")).toContainText("Old Service: This item is no longer sold; remove it from your cart");
  expect(urls).toEqual([]);
  await expect(page.getByRole("region", { name: /Order .*sent/ })).toHaveCount(0);
});

test("an orders address whose `before` names no order shows the newest orders and says why", async ({ page, signedIn }) => {
  await signedIn(page, "/admin/orders");
  const response = await page.goto("/admin/orders?before=PSL-22222");
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole("status").filter({ hasText: "No order PSL-22222 to continue after, so the list starts again from the newest orders." }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
});

test("a delivered order's timeline shows no step it skipped; a cancelled renewal frees the line it renewed: Renew again on the order page, due again in renewals and on the customer's page", async ({
  page,
  admin,
  baseURL,
  browser,
  signedIn,
}) => {
  const phone = `98${String(Date.now()).slice(-8)}`;
  const _id = await catalogueId(admin, "Netflix Premium");
  const order = await placeOrder(baseURL!, { items: [{ _id, months: 1, devices: 1 }], channel: "whatsapp", name: "Renewing Shopper", phone });
  // A month from 27 days ago ends within the week: the line is due for renewal.
  const delivered = await admin.post(`/api/admin/orders/${order.reference}/status`, { data: { status: "delivered", startDate: shopDate(-27) } });
  expect(delivered.status(), await delivered.text()).toBe(200);
  const orderUrl = new URL(order.orderUrl, baseURL);
  const orderPage = orderUrl.pathname + orderUrl.search;
  const key = orderUrl.searchParams.get("key")!;
  const { lines } = await (await page.request.get(`/api/orders/${order.reference}?key=${encodeURIComponent(key)}`)).json();
  const renewal = await placeOrder(baseURL!, {
    items: [{ _id, months: 1, devices: 1 }],
    channel: "whatsapp",
    name: "Renewing Shopper",
    phone,
    renews: { reference: order.reference, key, lineId: lines[0].id },
  });
  await page.goto(orderPage);
  await expect(page.getByText(`Renewed by ${renewal.reference}`)).toBeVisible();
  // Delivered straight from new: the timeline has no "Contacted" or "Paid" that will never come.
  const timeline = page.getByRole("region", { name: "Order status" }).getByRole("listitem");
  await expect(timeline).toHaveCount(2);
  await expect(timeline.filter({ hasText: "Not yet" })).toHaveCount(0);

  // The shopper never pays: the seller cancels the renewal.
  const sellerContext = await browser.newContext({ baseURL });
  try {
    const seller = await sellerContext.newPage();
    await signedIn(seller, `/admin/orders?q=${renewal.reference}`);
    const card = seller.getByRole("list", { name: "Orders" }).getByRole("listitem").filter({ hasText: renewal.reference });
    await card.getByRole("button", { name: `Manage order ${renewal.reference}` }).click();
    await card.getByRole("button", { name: "Cancel order" }).click();
    await seller.getByRole("dialog", { name: "Cancel this order?" }).getByRole("button", { name: "Cancel order" }).click();
    await expect(seller.getByRole("status").filter({ hasText: `Order ${renewal.reference} is now cancelled` })).toBeVisible();

    await seller.goto("/admin/renewals");
    await expect(seller.getByRole("list", { name: "Renewals due" }).getByRole("listitem").filter({ hasText: order.reference })).toHaveCount(1);
    await seller.goto(`/admin/customers/${encodeURIComponent(`+977${phone}`)}`);
    await expect(seller.getByRole("region", { name: "Renewals due" })).toContainText(order.reference);
  } finally {
    await sellerContext.close();
  }

  await page.goto(orderPage);
  await expect(page.getByRole("button", { name: "Renew Netflix Premium" })).toBeVisible();
  await expect(page.getByText(`Renewed by ${renewal.reference}`)).toHaveCount(0);
});

test("the orders screen finds an order by a phone number pasted in any form, and shows it one readable way", async ({
  page,
  admin,
  baseURL,
  signedIn,
}) => {
  const phone = `98${String(Date.now()).slice(-8)}`;
  const readable = `+977 ${phone.slice(0, 3)}-${phone.slice(3)}`;
  const _id = await catalogueId(admin, "Netflix Premium");
  const order = await placeOrder(baseURL!, { items: [{ _id, months: 1, devices: 1 }], channel: "whatsapp", name: "Pasted Phone", phone });
  await signedIn(page, "/admin/orders");
  for (const pasted of [readable, `+977${phone}`, `977${phone}`, phone]) {
    await page.getByLabel("Reference or phone").fill(pasted);
    await page.getByRole("button", { name: "Search" }).click();
    const found = page
      .getByRole("list", { name: "Orders" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 2 }) });
    await expect(found, pasted).toHaveCount(1);
    await expect(found.getByRole("heading", { name: order.reference })).toBeVisible();
    // Typed as the local number, shown as every number is.
    await expect(found.getByText(readable)).toBeVisible();
    // A customer without referral credit is offered none to apply.
    await expect(found.getByRole("button", { name: /Apply referral credit/ })).toHaveCount(0);
  }
  await page.goto(`/admin/customers/${encodeURIComponent(`+977${phone}`)}`);
  await expect(page.getByText(`${readable} · customer since`)).toBeVisible();
});

test("the dashboard's 'Say they paid' opens the queue of exactly those orders, the orders screen keeps that filter, and the sidebar's Orders leaves it", async ({
  page,
  admin,
  baseURL,
  signedIn,
}) => {
  const _id = await catalogueId(admin, "Netflix Premium");
  const place = () => placeOrder(baseURL!, { items: [{ _id, months: 1, devices: 1 }], channel: "whatsapp" });
  const [said, quiet] = [await place(), await place()];
  const key = new URL(said.orderUrl, baseURL).searchParams.get("key");
  const claim = await page.request.post(`/api/orders/${said.reference}/paid`, { data: { key, transactionId: "TX-77" } });
  expect(claim.status(), await claim.text()).toBe(200);

  await signedIn(page, "/admin/dashboard");
  await page.getByRole("link", { name: /Say they paid/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=claimed$/);
  await expect(page.getByLabel("Status")).toHaveValue("claimed");
  const cards = page
    .getByRole("list", { name: "Orders" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(cards.filter({ hasText: said.reference })).toContainText("Customer says paid");
  await expect(cards.filter({ hasText: quiet.reference })).toHaveCount(0);
  // Every order in the queue is one to check.
  for (const card of await cards.all()) await expect(card).toContainText("Customer says paid");

  // The sidebar's Orders is every order again, its filter too: the next search does not fall back into the queue.
  await page.getByRole("complementary", { name: "Admin" }).getByRole("link", { name: "Orders", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(cards.filter({ hasText: quiet.reference })).toHaveCount(1);
  await expect(page.getByLabel("Status")).toHaveValue("");
  await page.getByLabel("Reference or phone").fill(quiet.reference);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(cards.filter({ hasText: quiet.reference })).toHaveCount(1);
});

test("after the shop-wide ceiling refused orders, the seller is told, and cancels the made-up orders in one go (axe-clean, dark and light)", async ({
  page,
  admin,
  baseURL,
  signedIn,
}) => {
  const phone = `97${String(Date.now()).slice(-8)}`;
  const _id = await catalogueId(admin, "Netflix Premium");
  const order = { items: [{ _id, months: 1, devices: 1 }], channel: "whatsapp" as const, name: "Flood", phone };
  const [spam1, spam2, real] = [await placeOrder(baseURL!, order), await placeOrder(baseURL!, order), await placeOrder(baseURL!, order)];
  // The shop takes one order a minute for a moment: the next checkout is refused, and counted for the seller.
  expect((await admin.put("/api/admin/settings/order-limits", { data: { ...E2E_ORDER_LIMITS, ordersPerMinute: 1 } })).status()).toBe(200);
  try {
    const refused = await page.request.post("/api/orders", { data: order, headers: { origin: baseURL! } });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  } finally {
    expect((await admin.put("/api/admin/settings/order-limits", { data: E2E_ORDER_LIMITS })).status()).toBe(200);
  }

  await useTheme(page, "dark");
  await signedIn(page, `/admin/orders?q=${phone}`);
  const banner = page.getByRole("region", { name: "The shop refused requests from shoppers" });
  await expect(banner).toContainText("1 order refused at");
  await expect(banner).toContainText("more than the shop takes in a minute (its limit is 10,000 a minute now)");

  const card = (reference: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: reference }) });
  await card(spam1.reference)
    .getByRole("checkbox", { name: `Choose order ${spam1.reference}` })
    .check();
  await card(spam2.reference)
    .getByRole("checkbox", { name: `Choose order ${spam2.reference}` })
    .check();
  const bulk = page.getByRole("region", { name: "Spam orders" });
  await expect(bulk).toContainText("2 orders chosen");
  await bulk.getByRole("button", { name: "Cancel as spam (2)" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel 2 orders as spam?" });
  // In the list's order: newest first.
  await expect(dialog).toContainText(`${spam2.reference}, ${spam1.reference} will be cancelled as spam`);
  // The refusals banner, the chosen cards and the confirmation, in both themes.
  for (const theme of ["dark", "light"]) {
    if (theme === "light") {
      await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
      await page.evaluate(() => document.documentElement.classList.remove("dark"));
    }
    await expectNoAxeViolations(page, theme);
  }
  await dialog.getByRole("button", { name: "Cancel 2 orders" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 orders cancelled as spam" })).toBeVisible();
  await expect(card(spam1.reference)).toContainText("Cancelled · spam");
  await expect(card(spam2.reference)).toContainText("Cancelled · spam");
  await expect(card(real.reference)).toContainText("New");
  await expect(bulk).toContainText("Choose all 1 awaiting payment on this page");
  await expect(bulk).toContainText("None chosen");

  await banner.getByRole("button", { name: "Hide this notice" }).click();
  await expect(banner).toHaveCount(0);
});
