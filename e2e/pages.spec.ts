import { expect, test } from "./fixtures";
import { NEWSLETTER_SUBSCRIBED_MESSAGE } from "../domain/newsletter/newsletter";
import { NEWSLETTER_EMAIL_ERROR } from "../domain/newsletter/schemas";
import { defaultShopSettings as shop } from "../domain/settings/settings";

// A fresh e2e database has no stored settings, so every page shows the defaults.

test("the about page shows the shop's figures and Get Started leads to contact", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/aboutUs");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const numbers = page.getByRole("region", { name: /in numbers/ });
  for (const text of ["7,000+", "Happy customers", "5", "Years of service", "4.8", "24", "Support hours a day"]) {
    await expect(numbers.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Where we serve" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nepal", exact: true })).toBeAttached();
  await expect(page.getByRole("heading", { name: "Other countries" })).toBeAttached();
  await page.getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the about page animates only when motion is welcome", async ({ page }) => {
  await page.goto("/aboutUs");
  expect(await page.evaluate(() => document.getAnimations().length)).toBeGreaterThan(0);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
});

test("the contact page links to the shop's chats, email and channels", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByText("24/7 Support")).toBeVisible();
  await expect(page.getByRole("link", { name: "Chat on WhatsApp" })).toHaveAttribute("href", `https://wa.me/${shop.whatsappNumber}`);
  await expect(page.getByRole("link", { name: "Write an email" })).toHaveAttribute("href", `mailto:${shop.email}`);
  await expect(page.getByRole("link", { name: "Chat on Telegram" })).toHaveAttribute("href", `https://t.me/${shop.telegramUsername}`);
  const follow = page.getByRole("region", { name: "Follow us" });
  await expect(follow.getByRole("link", { name: /Facebook/ })).toHaveAttribute("href", shop.facebookUrl);
  await expect(follow.getByRole("link", { name: /WhatsApp channel/ })).toHaveAttribute("href", shop.whatsappChannelUrl);
  await expect(follow.getByRole("link", { name: /Telegram channel/ })).toHaveAttribute("href", shop.telegramChannelUrl);
});

test("the help page walks through 5 illustrated steps and warns about recent apps", async ({ page }) => {
  await page.goto("/help");
  const steps = page.getByRole("list", { name: "Steps" }).locator(":scope > li");
  await expect(steps).toHaveCount(5);
  for (let i = 0; i < 5; i++) {
    const image = steps.nth(i).getByRole("img");
    await image.scrollIntoViewIfNeeded();
    expect((await image.getAttribute("alt"))?.length).toBeGreaterThan(20);
    await expect(image).toHaveAttribute("src", new RegExp(`^/images/help/step-${i + 1}-`));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(steps.nth(4).getByRole("note")).toContainText("Do not remove Netflix from your recent apps");
  await expect(page.getByRole("link", { name: /household code/i }).first()).toHaveAttribute("href", "/netflixCode");
});

test("privacy and terms pages render", { tag: "@phone" }, async ({ page }) => {
  const main = page.getByRole("main");
  await page.goto("/privacy");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Your privacy at Pasal");
  await expect(main.getByRole("heading", { name: /Newsletter/ })).toBeVisible();
  await expect(main.getByRole("heading", { name: /What stays in your browser/ })).toBeVisible();
  await page.goto("/terms");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await expect(main.getByRole("heading", { name: /Refunds/ })).toBeVisible();
  await expect(main.getByRole("heading", { name: /Validity and renewal/ })).toBeVisible();
});

test("footer link targets without screens redirect to the screens they mean", async ({ page, request }) => {
  for (const [from, to] of [
    ["/services", "/prices"],
    ["/pricing", "/prices"],
    ["/about", "/aboutUs"],
  ] as const) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers().location, from).toBe(to);
  }
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/aboutUs$/);
});

test("the footer shows the current year and the legal links", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${shop.shopName}`);
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(footer.getByRole("link", { name: shop.email })).toHaveAttribute("href", `mailto:${shop.email}`);
});

// Two subscribe attempts: with the other tests' sign-ups on this worker's shop, under the per-address limit (5 a minute).
test("the footer newsletter subscribes by keyboard and shows the server's refusal", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Newsletter" });
  const email = form.getByLabel("Email address");
  const status = form.getByRole("status");
  await expect(email).toHaveAttribute("type", "email");

  // Passes the browser's own type=email check, but the server wants a domain with a dot.
  await email.fill("someone@localhost");
  await email.press("Enter");
  await expect(status).toHaveText(NEWSLETTER_EMAIL_ERROR);
  await expect(email).toHaveAttribute("aria-invalid", "true");

  await email.fill(`Reader.${Date.now()}@Example.com`);
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Subscribe" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(status).toHaveText(NEWSLETTER_SUBSCRIBED_MESSAGE);
  await expect(email).toHaveValue("");
  await expect(email).not.toHaveAttribute("aria-invalid");
});
