import { expect, test } from "./fixtures";
import { hydrated } from "./helpers";

// The seller's own words in Nepali (ADR 0093): Nepali pages show them, English pages never do.

test("a Nepali name set in the admin shows on Nepali pages only, and a Nepali search finds the item", async ({ page, signedIn }) => {
  // An admin form and four storefront pages.
  test.slow();
  const run = String(Date.now());
  const english = `Test Gift Card ${run}`;
  const nepali = `टेस्ट गिफ्ट कार्ड ${run}`;
  const nepaliList = `/ne/prices?q=${encodeURIComponent(nepali)}`;

  // Read before the edit, so the page cache holds an answer without the item: the save must drop it.
  await page.goto(nepaliList);
  await expect(page.getByRole("list", { name: "सदस्यताहरू" })).toHaveCount(0);

  await signedIn(page, "/admin/prices");
  const form = page.getByRole("form", { name: "Add Price" });
  const box = (name: string) => form.getByRole("textbox", { name, exact: true });
  await box("Name").fill(english);
  await box("Name in Nepali (optional)").fill(nepali);
  await expect(box("Name in Nepali (optional)")).toHaveAttribute("lang", "ne");
  await box("Id").fill(String(Number(run) % 1e8));
  await box("ImageId").fill("/images/placeholder.svg");
  await form.getByRole("combobox", { name: "Category" }).selectOption({ label: "Games" });
  await box("Info").fill("Any amount, delivered in minutes.");
  await box("Info in Nepali (optional)").fill("जुनसुकै रकम, केही मिनेटमै।");
  await form.getByRole("combobox", { name: "Months" }).fill("1");
  await box("Price (NPR)").fill("1000");
  await form.getByRole("button", { name: "Add plan" }).click();
  await form.getByRole("combobox", { name: "Status" }).selectOption({ label: "Empty" });
  await box("SpecialLink").fill("https://example.com/order");
  await form.getByRole("button", { name: "Add Price" }).click();
  await expect(page.getByText(`${english} added`)).toBeVisible();

  try {
    // The Nepali price list finds it by its Nepali name and shows that name; the product's address stays English.
    await page.goto(nepaliList);
    const card = page.getByRole("list", { name: "सदस्यताहरू" }).getByRole("link");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(nepali);
    await expect(card).toHaveAttribute("href", `/ne/prices/${encodeURIComponent(english)}`);

    // English pages show the English name, also when found by the Nepali one.
    await page.goto(`/prices?q=${encodeURIComponent(nepali)}`);
    const englishCard = page.getByRole("list", { name: "Subscriptions" }).getByRole("link");
    await expect(englishCard).toHaveText(new RegExp(english));
    await expect(englishCard).not.toContainText(nepali);

    // The home search on the Nepali page suggests it by its Nepali name and opens the product in Nepali.
    await page.goto("/ne/");
    await hydrated(page, 'main input[role="combobox"]');
    await page.getByRole("main").getByRole("combobox", { name: "सेवा खोज्नुहोस्" }).fill(nepali.slice(0, 10));
    const suggestion = page.getByRole("option", { name: new RegExp(nepali) });
    await expect(suggestion).toBeVisible();
    await suggestion.click();
    await expect(page).toHaveURL(new RegExp(`/ne/prices/${encodeURIComponent(english)}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(nepali);
    await expect(page.getByText("जुनसुकै रकम, केही मिनेटमै।")).toBeVisible();
    await expect(page).toHaveTitle(`${nepali} को नेपालमा मूल्य | Pasal`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(nepali));
    // Added here, the cart line shows the Nepali name; the English stays its address.
    await hydrated(page, "main button[aria-pressed]");
    await page.getByRole("button", { name: "कार्टमा राख्नुहोस्" }).click();
    await page.goto("/ne/cart");
    const line = page.getByRole("list", { name: "कार्टका सामान" }).getByRole("heading", { level: 2 });
    await expect(line).toHaveText(nepali);
    await expect(line.getByRole("link")).toHaveAttribute("href", `/ne/prices/${encodeURIComponent(english)}`);

    // The English product page knows nothing of the Nepali words.
    await page.goto(`/prices/${encodeURIComponent(english)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(english);
    await expect(page.getByText("Any amount, delivered in minutes.")).toBeVisible();
  } finally {
    expect((await page.request.delete(`/api/prices/${encodeURIComponent(english)}`)).status()).toBe(200);
  }
});

test(
  "an update post's Nepali title shows on the Nepali updates page, also when the browser loads it",
  { tag: "@phone" },
  async ({ page, isMobile, signedIn }) => {
    const run = String(Date.now());
    const title = `Steam cards ${run}`;
    const titleNe = `स्टिम कार्ड ${run}`;
    await signedIn(page, "/admin/update");
    const created = await page.request.post("/api/admin/addNewUpdates", {
      data: { Title: title, Description: "Buy them in NPR.", ImageUrl: "/images/placeholder.svg", TitleNe: titleNe },
    });
    expect(created.status()).toBe(201);
    const { _id } = (await created.json()).data;
    try {
      await page.goto("/updates");
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(page.getByText(titleNe)).toHaveCount(0);

      // Rendered by the server, then read by the browser itself (the page's clientLoader) on a navigation.
      await page.goto("/ne/updates");
      await expect(page.getByRole("heading", { name: titleNe })).toBeVisible();
      await expect(page.getByText("Buy them in NPR.")).toBeVisible();
      await page.goto("/ne/");
      await hydrated(page, "header a[href='/ne/updates']");
      if (isMobile) await page.getByRole("button", { name: "मेनु" }).click();
      await page.getByRole("link", { name: "अपडेट", exact: true }).first().click();
      await expect(page).toHaveURL(/\/ne\/updates$/);
      await expect(page.getByRole("heading", { name: titleNe })).toBeVisible();
    } finally {
      expect((await page.request.delete(`/api/admin/updates/${_id}`)).status()).toBe(200);
    }
  },
);
