import { expect, test } from "./fixtures";
import { catalogueId, expectNoAxeViolations, hydrated, placeOrder } from "./helpers";

test("a shopper asks for Telegram updates on the order page, and hears of payment and delivery the seller records in the admin", async ({
  page,
  browser,
  baseURL,
  shop,
  admin,
  signedIn,
}, testInfo) => {
  const token = shop.telegram.createBot("pasal_updates_bot", "Pasal updates");
  const shopper = { id: 8800777, first_name: "Gita", language_code: "en" };
  expect((await admin.put("/api/admin/telegram/token", { data: { token } })).status()).toBe(200);
  const seller = await browser.newContext({ baseURL });
  try {
    const _id = await catalogueId(admin, "Netflix Premium");
    const { reference, orderUrl } = await placeOrder(baseURL!, { items: [{ _id, months: 1, devices: 1 }], channel: "telegram", phone: "9800077700" });
    const orderPath = new URL(orderUrl, baseURL).pathname + new URL(orderUrl, baseURL).search;

    // The block on the order page, by keyboard, at 360 px and on a desktop, dark and light, passes axe.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(orderPath);
    const block = page.getByRole("region", { name: "Updates on Telegram" });
    await expect(block).toBeVisible();
    await hydrated(page, "#telegram-title");
    await block.screenshot({ path: testInfo.outputPath("telegram-360.png") });
    for (const theme of ["dark", "light"] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
      await expectNoAxeViolations(page, `360 ${theme}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page, "1280");
    await page.screenshot({ path: testInfo.outputPath("telegram-1280.png"), fullPage: true });

    const ask = block.getByRole("button", { name: "Get updates on Telegram" });
    await ask.focus();
    await page.keyboard.press("Enter");
    const open = block.getByRole("link", { name: "Open Telegram" });
    await expect(open).toBeFocused();
    const link = (await open.getAttribute("href"))!;
    expect(link).toMatch(/^https:\/\/t\.me\/pasal_updates_bot\?start=[A-Za-z0-9_-]{24}$/);
    await expect(block).toContainText("The link works once, for 30 minutes.");
    await expectNoAxeViolations(page, "with the link");
    await block.screenshot({ path: testInfo.outputPath("telegram-link-1280.png") });

    // Telegram opens the bot; the shopper presses Start.
    shop.telegram.say(token, shopper, `/start ${new URL(link).searchParams.get("start")}`);
    await expect
      .poll(() => shop.telegram.messages(token, shopper.id).at(-1)?.text ?? "", { timeout: 15_000 })
      .toContain(`You will get updates about order ${reference} here`);

    // The seller marks it paid, then delivered, in the admin.
    const admin2 = await seller.newPage();
    await signedIn(admin2, `/admin/orders?q=${reference}`);
    const card = admin2.getByRole("list", { name: "Orders" }).getByRole("listitem").filter({ hasText: reference }).first();
    await expect(card).toContainText("Gets Telegram updates");
    await card.getByRole("button", { name: `Manage order ${reference}` }).click();
    await card.getByRole("button", { name: "Mark paid" }).click();
    await expect(admin2.getByRole("status").filter({ hasText: `Order ${reference} is now paid` })).toBeVisible();
    await card.getByRole("button", { name: "Mark delivered" }).click();
    await expect(admin2.getByRole("status").filter({ hasText: `Order ${reference} is now delivered` })).toBeVisible();

    const texts = () => shop.telegram.messages(token, shopper.id).map((m) => m.text);
    await expect.poll(() => texts().filter((text) => text.includes(reference)).length, { timeout: 15_000 }).toBe(3);
    expect(texts().some((text) => text.includes(`Your payment for order <b>${reference}</b> is confirmed`))).toBe(true);
    expect(texts().some((text) => text.includes(`Order <b>${reference}</b> is delivered`))).toBe(true);

    // Back on the order page: it says a chat follows it.
    await page.reload();
    await expect(block).toContainText("A Telegram chat gets this order's updates");
    // In Nepali, at 360 px.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/ne${orderPath}`);
    const nepali = page.getByRole("region", { name: "Telegram मा सूचना" });
    await expect(nepali.getByRole("button", { name: "Telegram मा सूचना पाउनुहोस्" })).toBeVisible();
    await nepali.screenshot({ path: testInfo.outputPath("telegram-ne-360.png") });
  } finally {
    await seller.close();
    // The worker's shop is shared by its other tests: no bot is left behind.
    expect((await admin.delete("/api/admin/telegram")).status()).toBe(200);
  }
});
