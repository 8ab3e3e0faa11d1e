import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

const NETFLIX = "/prices/Netflix%20Premium";
const ADULT = "/prices/Adult%20Streaming%20Pass";

const plan = (page: Page, name: string) => page.getByRole("group", { name: "Choose a plan" }).getByRole("button", { name });
const devices = (page: Page, name: string) => page.getByRole("group", { name: "Devices" }).getByRole("button", { name, exact: true });

test("choosing a plan and devices updates the total and the validity", async ({ page }) => {
  await page.goto(NETFLIX);
  await expect(page.getByRole("heading", { level: 1, name: "Netflix Premium" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Netflix Premium" })).toHaveAttribute("fetchpriority", "high");
  await expect(page.getByText(/Netflix Premium on a shared account/)).toBeVisible();
  await expect(page.getByText("Shared profile: not for Smart TV use.")).toBeVisible();

  await expect(plan(page, "1 month")).toHaveAttribute("aria-pressed", "true");
  await expect(devices(page, "1 device")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Total cost: NPR 300")).toBeVisible();
  await expect(page.getByText("27 to 33 days", { exact: true })).toBeVisible();

  await plan(page, "3 months").click();
  await devices(page, "2 devices").click();
  await expect(plan(page, "3 months")).toHaveAttribute("aria-pressed", "true");
  await expect(plan(page, "1 month")).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("Total cost: NPR 1,760")).toBeVisible();
  await expect(page.getByText("81 to 99 days", { exact: true })).toBeVisible();

  await plan(page, "12 months").click();
  await devices(page, "3 devices").click();
  await expect(page.getByText("Total cost: NPR 9,600")).toBeVisible();
  await expect(page.getByText(/valid for about 360 days.*differ by 5-10 days/)).toBeVisible();
  await expect(page.getByText("Feature Coming Soon!")).toBeVisible();
});

test("Add to Cart confirms for 2 seconds and the header badge counts the item", async ({ page }) => {
  await page.goto(NETFLIX);
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  await plan(page, "3 months").click();
  await devices(page, "2 devices").click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("button", { name: "Added to Cart!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
  expect(cart).toEqual([expect.objectContaining({ name: "Netflix Premium", Id: "1", month: 3, selectedMonth: 880, selectedDevice: 2, cost: 1760 })]);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible({ timeout: 4000 });
});

test("a product without plans asks the shopper to contact the seller", async ({ page }) => {
  await page.goto("/prices/Internet%20Download%20Manager");
  await expect(page.getByText("Contact Admin for this Item")).toBeVisible();
  await expect(page.getByRole("link", { name: /Message us on WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
  await expect(page.getByText(/Total cost/)).toHaveCount(0);
  // Neither shared nor private: no FAQ.
  await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toHaveCount(0);
});

test("product names match ignoring case; unknown products are a 404", async ({ page, baseURL }) => {
  const found = await page.goto("/prices/netflix%20premium");
  expect(found?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Netflix Premium" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${NETFLIX}`);

  const missing = await page.goto("/prices/No%20Such%20Service");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page Not Found" })).toBeVisible();
});

test("the FAQ opens one answer at a time, by keyboard", async ({ page }) => {
  await page.goto(NETFLIX);
  const faq = page.locator("[data-accordion]");
  const first = faq.getByRole("button", { name: "What kind of account will I get?" });
  const second = faq.getByRole("button", { name: "Can I share it with my friends?" });
  await expect(first).toHaveAttribute("aria-expanded", "false");

  await first.focus();
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText(/^A shared account with your own private profile, protected by a PIN/)).toBeVisible();

  await page.keyboard.press("ArrowDown");
  await expect(second).toBeFocused();
  await page.keyboard.press("Space");
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText(/^A shared account with your own private profile/)).toBeHidden();
  await expect(page.getByText(/Please do not share the account/)).toBeVisible();

  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await expect(page.getByText(/validity varies a little: by 5-10 days for 6 or 12 month plans/)).toBeVisible();

  // A private account answers differently.
  await page.goto("/prices/YouTube%20Premium");
  await page.locator("[data-accordion]").getByRole("button", { name: "Can I use it on a Smart TV?" }).click();
  await expect(page.getByText(/A private account works on a Smart TV/)).toBeVisible();
});

test.describe("the 18+ gate", () => {
  test("asks for the visitor's age before showing the product, and remembers the answer", async ({ page, request }) => {
    const html = await (await request.get(ADULT)).text();
    expect(html).toContain("Are you 18 or older?");
    expect(html).not.toMatch(/<img[^>]+adult-streaming-pass/);
    expect(html).not.toMatch(/<meta[^>]+content="[^"]*adult-streaming-pass/);

    const adultRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("adult-streaming-pass")) adultRequests.push(r.url());
    });
    await page.goto(ADULT);
    await expect(page.getByRole("heading", { level: 1, name: "Are you 18 or older?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
    expect(adultRequests).toEqual([]);

    await page.getByRole("button", { name: "Yes, I am 18 or older" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Adult Streaming Pass" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Adult Streaming Pass" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Adult Streaming Pass" })).toBeVisible();
  });

  test("going back leads to the price list", async ({ page }) => {
    await page.goto(ADULT);
    await page.getByRole("link", { name: "No, go back" }).click();
    await expect(page).toHaveURL(/\/prices$/);
  });
});

test("adding from a page opened before a price change says so, and the cart gets today's price", async ({ page, browser, baseURL, signedIn }) => {
  await page.goto("/prices/Zee5");
  await expect(page.getByText("Total cost: NPR 150")).toBeVisible();

  // Meanwhile the admin raises the 1 month plan.
  const admin = await browser.newContext({ baseURL });
  const seller = await admin.newPage();
  await signedIn(seller, "/admin/dashboard");
  const { allPrices } = await (await seller.request.get("/api/prices")).json();
  const zee5 = allPrices.find((item: { Name: string }) => item.Name === "Zee5");
  const { _id, Id, Name, Info, ImageId, Note, SpecialLink, category, status, plans } = zee5;
  const save = (newPlans: Record<string, number>) =>
    seller.request.put(`/api/prices/${_id}`, {
      data: { Id, Name, Info, ImageId, Note, SpecialLink, Category: category, Status: status, plans: newPlans },
    });
  expect((await save({ ...plans, "1": 175 })).status()).toBe(200);
  try {
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("The price of this plan changed since this page opened: Rs. 150 is now Rs. 175 per device.")).toBeVisible();
    await expect(page.getByText("Total cost: NPR 175")).toBeVisible();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]")[0]?.cost)).toBe(175);
  } finally {
    expect((await save(plans)).status()).toBe(200);
    await admin.close();
  }
});
