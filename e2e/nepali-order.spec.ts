import { expect, test } from "./fixtures";
import { hydrated, placeOrder, withWrongKey } from "./helpers";

// The order's language (ADR 0094): the order page, the seller's screens, and the last English on Nepali pages.

async function placeNepaliOrder(origin: string) {
  const { allPrices } = await (await fetch(`${origin}/api/prices`)).json();
  const _id = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
  return placeOrder(origin, { items: [{ _id, months: 3, devices: 2 }], channel: "whatsapp", name: "सीता", phone: "9800000001", language: "ne" });
}

test("a Nepali order: payment instructions in Nepali with Devanagari amounts, and the seller sees its language", async ({
  page,
  browser,
  baseURL,
  signedIn,
}) => {
  test.slow();
  const methodName = `Khalti ${Date.now()}`;
  const adminContext = await browser.newContext({ baseURL });
  const seller = await adminContext.newPage();
  try {
    await signedIn(seller, "/admin/settings");
    const added = await seller.request.post("/api/admin/payment-methods", {
      data: { kind: "bank", name: methodName, account: "0123456789", holder: "Pasal Traders" },
    });
    expect(added.status(), await added.text()).toBeLessThan(300);

    const { reference, orderUrl } = await placeNepaliOrder(baseURL!);
    expect(orderUrl).toMatch(new RegExp(`/ne/order/${reference}\\?key=`));
    await page.goto(orderUrl);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne");
    const howToPay = page.getByRole("region", { name: "कसरी भुक्तानी गर्ने" });
    await expect(howToPay).toContainText("रु. १,७६०");
    await expect(howToPay).toContainText(`कैफियतमा ${reference} लेख्नुहोस्`);
    await expect(howToPay).toContainText("बैंक");
    await expect(howToPay).toContainText(methodName);
    await expect(howToPay).not.toContainText("NPR");

    // A link with a wrong key says so in Nepali, not in the API's English.
    await page.goto(withWrongKey(orderUrl));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("अर्डर भेटिएन");
    await expect(page.getByText("यो लिङ्कमा कुनै अर्डर भेटिएन")).toBeVisible();

    // The seller reads which language the order is in.
    await seller.goto(`/admin/orders?q=${reference}`);
    const card = seller.getByRole("listitem").filter({ has: seller.getByRole("heading", { name: reference }) });
    await expect(card).toContainText("Nepali");
    // The Nepali delivery message is a setting of its own, shown with the built-in text.
    await seller.goto("/admin/settings");
    await expect(seller.getByLabel("Delivery message in Nepali")).toHaveValue(/^नमस्ते \{customer\}!/);
  } finally {
    await adminContext.close();
  }
});

test("Nepali pages preview in Nepali: Open Graph and JSON-LD of the info pages", async ({ page }) => {
  for (const path of ["/ne/", "/ne/privacy", "/ne/terms", "/ne/netflixCode", "/ne/all-content", "/ne/updates", "/ne/aboutUs", "/ne/help"]) {
    await page.goto(path);
    const title = await page.title();
    expect(title, path).toMatch(/[\u0900-\u097F]/);
    await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:locale"]'), path).toHaveAttribute("content", "ne_NP");
    await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute("content", new RegExp(`${path.replace(/\/$/, "")}/?$`));
    await expect(page.locator('meta[property="og:description"]'), path).toHaveAttribute("content", /[\u0900-\u097F]/);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd, path).toMatchObject({ "@type": "WebPage", name: title, inLanguage: "ne-NP" });
  }
  await page.goto("/privacy");
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
});

test("the last English on Nepali pages: legal texts, the Netflix code form, trailers and the updates' months", async ({ page }) => {
  await page.goto("/ne/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pasal मा तपाईंको गोपनीयता");
  await expect(page.getByRole("navigation", { name: "यस पेजमा" })).toContainText("१. छोटकरीमा");
  await expect(page.locator("main")).not.toContainText("The short version");
  await page.goto("/ne/terms");
  await expect(page.getByRole("heading", { name: "अर्डर र भुक्तानी" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("Terms of Service");

  await page.goto("/ne/netflixCode");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Netflix कोड लिनुहोस्");
  await hydrated(page, "form");
  await page.getByRole("button", { name: "WhatsApp मा माग्नुहोस्" }).click();
  await expect(page.getByText("Netflix खाताको इमेल लेख्नुहोस्")).toBeVisible();
  await expect(page.getByText("कुन कोड चाहिन्छ, छान्नुहोस्")).toBeVisible();

  await page.goto("/ne/all-content");
  await expect(page.getByRole("heading", { name: "ट्रेलर", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "यस हप्ताका चर्चित" })).toBeVisible();

  await page.goto("/ne/updates");
  const months = page.getByRole("heading", { level: 2 });
  await expect(months.first()).toHaveText(/^[०-९]{4} [\u0900-\u097F]+$/);
});
