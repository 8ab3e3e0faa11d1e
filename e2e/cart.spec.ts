import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { catchChatLinks, netflix1x1, netflix3x2, seedCart, special } from "./helpers";

const WHATSAPP = "9779800000000";
const TELEGRAM = "pasal_support";

const cartLines = (page: Page) =>
  page
    .getByRole("list", { name: "Items in your cart" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading") });

test("the server sends a skeleton, and a shopper with items never sees the empty cart", async ({ page, request }) => {
  const html = await (await request.get("/cart")).text();
  expect(html).toContain("Loading your cart");
  expect(html).not.toContain("Your Cart is Empty");

  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes("Your Cart is Empty")) (window as unknown as { sawEmpty: boolean }).sawEmpty = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await seedCart(page, [netflix3x2]);
  await page.goto("/cart");
  await expect(cartLines(page)).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { sawEmpty?: boolean }).sawEmpty ?? false)).toBe(false);
});

test("the cart lists its lines with the total, and a delete removes only that line", async ({ page }) => {
  await seedCart(page, [netflix3x2, netflix1x1]);
  await page.goto("/cart");

  const lines = cartLines(page);
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText("Netflix Premium");
  await expect(lines.nth(0)).toContainText("3 month plan");
  await expect(lines.nth(0)).toContainText("2 users");
  await expect(lines.nth(0)).toContainText("Rs. 1,760");
  await expect(lines.nth(1)).toContainText("1 month plan");
  await expect(lines.nth(1)).toContainText("1 user");
  await expect(lines.nth(1)).toContainText("Rs. 300");
  await expect(lines.nth(0).locator("img")).toHaveAttribute("src", "/images/catalogue/netflix-premium.svg");
  const totalBar = page.getByText("Total (2 items)").locator("..");
  await expect(totalBar).toBeVisible();
  await expect(totalBar).toContainText("Rs. 2,060");
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  // Same Id, different line: only the one asked for goes.
  await page.getByRole("button", { name: "Remove Netflix Premium, 3 month plan, 2 users" }).click();
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText("1 month plan");
  await expect(page.getByText("Total (1 item)").locator("..")).toContainText("Rs. 300");
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  // Focus moves to the next remove button rather than getting lost.
  await expect(page.getByRole("button", { name: "Remove Netflix Premium, 1 month plan, 1 user" })).toBeFocused();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cart")))!)).toMatchObject([{ lineId: "line-b" }]);

  await page.reload();
  await expect(lines).toHaveCount(1);

  await page.getByRole("button", { name: "Remove Netflix Premium, 1 month plan, 1 user" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeFocused();
  await expect(page.getByText("Looks like you haven't added anything to your cart yet.")).toBeVisible();
});

test("the empty cart offers Start Shopping and Go back", async ({ page }) => {
  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Shopping" })).toHaveAttribute("href", "/");
  // Nothing of ours to go back to in this tab: home.
  await page.getByRole("button", { name: "Go back" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/help");
  await page.getByRole("link", { name: /^Cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole("button", { name: "Go back" }).click();
  await expect(page).toHaveURL(/\/help$/);
});

test("a stored cart that no longer parses shows the empty cart, without errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await seedCart(page, "{nope");
  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the checkout dialog keeps focus inside and closes on Escape", { tag: "@phone" }, async ({ page }) => {
  await seedCart(page, [netflix3x2, netflix1x1]);
  await page.goto("/cart");
  const proceed = page.getByRole("button", { name: "Proceed to Checkout" });
  await proceed.click();
  const dialog = page.getByRole("dialog", { name: "Select Payment Method" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Proceed via WhatsApp" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Proceed via Telegram" })).toBeVisible();
  await expect(dialog).toContainText("2 items");
  await expect(dialog).toContainText("Rs. 2,060");

  // The page behind is inert: Tab cycles through the dialog, with at most a stop in the browser's own UI
  // (where the document reports the body as focused), and never reaches the page.
  const stops = new Set<string>();
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    const where = await page.evaluate(() =>
      document.activeElement?.closest("dialog")
        ? (document.activeElement.textContent ?? "").trim()
        : document.activeElement === document.body
          ? "browser"
          : "page",
    );
    expect(where).not.toBe("page");
    stops.add(where);
  }
  expect(stops).toContain("Proceed via WhatsApp");
  expect(stops).toContain("Proceed via Telegram");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(proceed).toBeFocused();
});

test("Proceed via WhatsApp opens the seller's chat with the order filled in", async ({ page, context }) => {
  const urls = await catchChatLinks(context);
  await seedCart(page, [netflix3x2, special]);
  await page.goto("/cart");
  await expect(page.getByText("Total (2 items)")).toBeVisible();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();

  const popup = context.waitForEvent("page");
  await page.getByRole("dialog").getByRole("button", { name: "Proceed via WhatsApp" }).click();
  await popup;
  await expect.poll(() => urls.length).toBe(1);

  const message = [
    "Hello! I would like to order:",
    "Item: Netflix Premium, Quantity: 2, Price: 880 NPR, Plan: 3 months",
    "Item: Tom & Jerry + Friends 🎬, Quantity: 1, Price: 250 NPR, Plan: 1 month",
    "Total: 2,010 NPR",
  ].join("\n");
  expect(urls[0]).toBe(`https://wa.me/${WHATSAPP}?text=${encodeURIComponent(message)}`);
  expect(new URL(urls[0]!).searchParams.get("text")).toBe(message);
  // The cart stays where it was.
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("dialog").getByRole("status")).toContainText("WhatsApp opened in a new tab");
});

test("a plan chosen on the product page arrives in the cart", async ({ page }) => {
  await page.goto("/prices/Netflix%20Premium");
  const add = page.getByRole("button", { name: "Add to Cart" });

  const plan = page.getByRole("group", { name: "Choose a plan" }).getByRole("button", { name: /^3 month/ });
  const devices = page.getByRole("group", { name: "Devices" }).getByRole("button", { name: "2 devices" });
  // Clicks before hydration do nothing: repeat until the page answers.
  await expect(async () => {
    await plan.click();
    await devices.click();
    await expect(plan).toHaveAttribute("aria-pressed", "true", { timeout: 500 });
    await expect(devices).toHaveAttribute("aria-pressed", "true", { timeout: 500 });
  }).toPass();
  await add.click();
  await page.getByRole("link", { name: "Cart, 1 item" }).click();

  await expect(page).toHaveURL(/\/cart$/);
  const lines = cartLines(page);
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText("Netflix Premium");
  await expect(lines.first()).toContainText("3 month plan");
  await expect(lines.first()).toContainText("2 users");
  await expect(lines.first()).toContainText("Rs. 1,760");
  await expect(page.getByText("Total (1 item)")).toBeVisible();
});

test("at 360 px nothing sticks out sideways", { tag: "@phone" }, async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await seedCart(page, [netflix3x2, special, netflix1x1]);
  await page.goto("/cart");
  await expect(page.getByText("Total (3 items)")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test.describe("/netflixCode", () => {
  const household = "Hello! Please send me a Netflix Household (travel/temporary access) code.";

  test("checks the form, then opens WhatsApp with the request", { tag: "@phone" }, async ({ page, context }) => {
    const urls = await catchChatLinks(context);
    await page.goto("/netflixCode");
    await expect(page.getByRole("heading", { level: 1, name: "Get a Netflix code" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Follow our step-by-step guide" })).toHaveAttribute("href", "/help");

    const email = page.getByRole("textbox", { name: "Netflix account email" });
    const submit = page.getByRole("button", { name: "Ask on WhatsApp" });
    await expect(async () => {
      await submit.click();
      await expect(page.getByText("Enter the email of your Netflix account")).toBeVisible({ timeout: 500 });
    }).toPass();
    await expect(page.getByText("Choose which code you need")).toBeVisible();
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    expect(urls).toEqual([]);

    await email.fill("not-an-email");
    await page.getByRole("radio", { name: /Household \(travel\/temporary access\) code/ }).check();
    await submit.click();
    await expect(page.getByText("Enter a valid email address, like name@example.com")).toBeVisible();
    await expect(page.getByText("Choose which code you need")).toHaveCount(0);
    expect(urls).toEqual([]);

    await email.fill("me+tv@example.com");
    await page.getByRole("textbox", { name: /Note/ }).fill("Living room TV & phone 📺");
    const popup = context.waitForEvent("page");
    await submit.click();
    await popup;
    await expect.poll(() => urls.length).toBe(1);
    const message = `${household}\nAccount email: me+tv@example.com\nNote: Living room TV & phone 📺`;
    expect(urls[0]).toBe(`https://wa.me/${WHATSAPP}?text=${encodeURIComponent(message)}`);
    expect(new URL(urls[0]!).searchParams.get("text")).toBe(message);
    await expect(page.getByText("WhatsApp opened in a new tab")).toBeVisible();
  });

  test("asks on Telegram for a sign-in code and copies the request", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const urls = await catchChatLinks(context);
    await page.goto("/netflixCode");
    await page.getByRole("textbox", { name: "Netflix account email" }).fill("me@example.com");
    await page.getByRole("radio", { name: /Sign-in code/ }).check();
    const popup = context.waitForEvent("page");
    await page.getByRole("button", { name: "Ask on Telegram" }).click();
    await popup;
    await expect.poll(() => urls.length).toBe(1);
    const message = "Hello! Please send me a Netflix Sign-in code.\nAccount email: me@example.com";
    expect(urls[0]).toBe(`https://t.me/${TELEGRAM}?text=${encodeURIComponent(message)}`);
    await expect(page.getByText("Message copied — paste it in the chat if it is not filled in")).toBeVisible();
    await page.bringToFront();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(message);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server checks the form and sends the shopper to the chat", async ({ page, context }) => {
      const urls = await catchChatLinks(context);
      await page.goto("/netflixCode");
      await page.getByRole("textbox", { name: "Netflix account email" }).fill("nope");
      await page.getByRole("button", { name: "Ask on WhatsApp" }).click();
      await expect(page.getByText("Enter a valid email address, like name@example.com")).toBeVisible();
      await expect(page.getByText("Choose which code you need")).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Netflix account email" })).toHaveValue("nope");

      await page.getByRole("textbox", { name: "Netflix account email" }).fill("me@example.com");
      await page.getByRole("radio", { name: /Household/ }).check();
      await page.getByRole("button", { name: "Ask on WhatsApp" }).click();
      await expect.poll(() => urls.length).toBe(1);
      expect(new URL(urls[0]!).searchParams.get("text")).toBe(`${household}\nAccount email: me@example.com`);
    });
  });
});

test("the stored cart's reader (zod/mini) is fetched only when a cart is stored", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Cart, 0 items" }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((path) => path.includes("stored-cart"))).toEqual([]);

  await page.evaluate((line) => localStorage.setItem("cart", JSON.stringify([line])), netflix3x2);
  await page.reload();
  await expect(page.getByRole("link", { name: "Cart, 1 item" }).first()).toBeVisible();
  expect(scripts.filter((path) => path.includes("stored-cart"))).toHaveLength(1);
});

test("the cart and the checkout show today's prices, and say what changed, before the order is sent", async ({ page, context, request }) => {
  const urls = await catchChatLinks(context);
  const { allPrices } = await (await request.get("/api/prices")).json();
  const netflixId: string = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
  // Added when the 1 month plan cost 250; the shop now sells it at 300. The 3 month line's price still holds.
  await seedCart(page, [
    { ...netflix1x1, _id: netflixId, selectedMonth: 250, cost: 250 },
    { ...netflix3x2, _id: netflixId },
  ]);
  await page.goto("/cart");

  // The closed checkout dialog holds the same banner, out of sight.
  const banner = page.getByText("A price has changed since you added these items").locator("..").filter({ visible: true });
  await expect(banner).toContainText("Netflix Premium, 1 month: was Rs. 250, now Rs. 300 per device");
  await expect(banner.getByRole("listitem")).toHaveCount(1);
  await expect(cartLines(page).first()).toContainText("Rs. 300 × 1");
  await expect(page.getByText("Total (2 items)").locator("..")).toContainText("Rs. 2,060");

  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Select Payment Method" });
  await expect(dialog).toContainText("Your order of 2 items for Rs. 2,060");
  await expect(dialog).toContainText("Netflix Premium, 1 month: was Rs. 250, now Rs. 300 per device");

  const popup = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "Proceed via WhatsApp" }).click();
  await popup;
  await expect.poll(() => urls.length).toBe(1);
  const text = new URL(urls[0]!).searchParams.get("text")!;
  expect(text).toContain(
    "Item: Netflix Premium, Quantity: 1, Price: 300 NPR, Plan: 1 month\nItem: Netflix Premium, Quantity: 2, Price: 880 NPR, Plan: 3 months\nTotal: 2,060 NPR",
  );
  // What was sent is what the shopper saw: no surprise after the chat opened.
  await expect(dialog.getByRole("status")).not.toContainText("Prices have changed since you added these items: your order total");
});

test("a line the shop no longer sells is named before checkout", async ({ page, request }) => {
  const { allPrices } = await (await request.get("/api/prices")).json();
  const netflixId: string = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
  await seedCart(page, [
    { ...netflix1x1, _id: netflixId },
    { ...netflix3x2, _id: netflixId, month: 2 },
  ]);
  await page.goto("/cart");
  await expect(page.getByText("An item in your cart can no longer be ordered").locator("..").filter({ visible: true })).toContainText(
    "Netflix Premium no longer has a 2 months plan; remove it and add it again",
  );
});
