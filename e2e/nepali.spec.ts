import { expect, test } from "./fixtures";
import { catchChatLinks, netflix3x2, seedCart } from "./helpers";

// The storefront in Nepali under /ne (ADR 0091, 0092).
const NETFLIX = "/prices/Netflix%20Premium";

test("the language switch on a product page opens the same product in Nepali, and back", { tag: "@phone" }, async ({ page, context, isMobile }) => {
  await page.goto(NETFLIX);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const openMenu = async () => {
    if (isMobile) await page.getByRole("button", { name: /^(Menu|मेनु)$/ }).click();
  };
  await expect(async () => {
    await openMenu();
    await page.getByRole("link", { name: "नेपाली" }).click({ timeout: 1000 });
    await expect(page).toHaveURL(/\/ne\/prices\/Netflix%20Premium$/, { timeout: 1000 });
  }).toPass();
  await expect(page.locator("html")).toHaveAttribute("lang", "ne");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Netflix Premium");
  await expect(page.getByRole("group", { name: "योजना छान्नुहोस्" })).toBeVisible();
  await expect(page.getByRole("group", { name: "योजना छान्नुहोस्" }).getByRole("button").first()).toContainText("रु. ");
  await expect(page).toHaveTitle("Netflix Premium को नेपालमा मूल्य | Pasal");

  // A first visit to / in a new tab follows the remembered choice; any other page opens as linked.
  const later = await context.newPage();
  await later.goto("/");
  await expect(later).toHaveURL(/\/ne\/$/);
  const other = await context.newPage();
  await other.goto("/prices");
  await expect(other).toHaveURL(/\/prices$/);
  await expect(other.locator("html")).toHaveAttribute("lang", "en");

  // And back to English, which is then remembered.
  await openMenu();
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/prices\/Netflix%20Premium$/);
  await expect(page.getByRole("group", { name: "Choose a plan" })).toBeVisible();
  const english = await context.newPage();
  await english.goto("/");
  await expect(english).toHaveURL(/\/$/);
  await expect(english.locator("html")).toHaveAttribute("lang", "en");
});

test("checking out in Nepali sends a Nepali message with the seller's numbers, and the order page is in Nepali", async ({
  page,
  context,
  request,
}) => {
  const urls = await catchChatLinks(context);
  // With the catalogue's id, so the server prices and stores the order.
  const { allPrices } = await (await request.get("/api/prices")).json();
  const _id = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
  await seedCart(page, [{ ...netflix3x2, _id }]);
  await page.goto("/ne/cart");
  await expect(page.getByText("जम्मा (१ सामान)")).toBeVisible();
  await expect(page.getByRole("list", { name: "कार्टका सामान" })).toContainText("रु. १,७६०");
  await page.getByRole("button", { name: "अर्डर गर्न अघि बढ्नुहोस्" }).click();
  const dialog = page.getByRole("dialog", { name: "अर्डर पठाउने तरिका छान्नुहोस्" });
  await expect(dialog).toContainText("रु. १,७६०");

  const popup = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "WhatsApp बाट पठाउनुहोस्" }).click();
  await popup;
  await expect.poll(() => urls.length).toBe(1);
  const message = new URL(urls[0]!).searchParams.get("text")!;
  const lines = message.split("\n");
  expect(lines.slice(0, 3)).toEqual([
    "नमस्ते! मलाई यो अर्डर गर्नु छ:",
    "सामान: Netflix Premium, संख्या: 2, मूल्य: 880 NPR, योजना: 3 महिना",
    "जम्मा: 1,760 NPR",
  ]);
  expect(lines[3]).toMatch(/^अर्डर नम्बर \(Order ref\): PSL-[0-9A-Z]+$/);
  const reference = lines[3]!.split(": ")[1]!;
  expect(lines[4]).toMatch(new RegExp(`/ne/order/${reference}\\?key=`));
  await expect(dialog.getByRole("status")).toContainText("WhatsApp नयाँ ट्याबमा");

  await dialog.getByRole("link", { name: "अर्डर र भुक्तानीको तरिका हेर्नुहोस्" }).click();
  await expect(page).toHaveURL(new RegExp(`/ne/order/${reference}\\?key=`));
  await expect(page.locator("html")).toHaveAttribute("lang", "ne");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`अर्डर ${reference}`);
  // Placed on a Bikram Sambat day, in Devanagari digits.
  await expect(page.getByText(/^२०[८९][०-९] .+ [०-९]+, [०-९]{2}:[०-९]{2} मा राखिएको$/)).toBeVisible();
  await expect(page.getByRole("region", { name: "तपाईंले अर्डर गरेको" })).toContainText("३ महिना · २ डिभाइस · प्रति रु. ८८०");
  await expect(page.getByRole("region", { name: "तपाईंले अर्डर गरेको" })).toContainText("रु. १,७६०");
  await expect(page.getByRole("form", { name: "भुक्तानी गरिसक्नुभयो?" })).toBeVisible();
  // Never kept by a cache, in Nepali as in English (ADR 0076).
  const answer = await request.get(new URL(page.url()).pathname + new URL(page.url()).search);
  expect(answer.headers()["cache-control"]).toBe("no-store");
  expect(answer.headers()["referrer-policy"]).toBe("no-referrer");
});
