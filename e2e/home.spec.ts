import { expect, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";
import { defaultSlides } from "../domain/carousel/default-slides";
import { hydrated } from "./helpers";

const titles = defaultSlides.map((s) => s.title);

/** Opens home with the page's clock stopped, so the carousel only moves when the test says so. */
async function openHomeWithStoppedClock(page: Page) {
  await page.clock.install();
  await page.goto("/");
  await hydrated(page, '[aria-roledescription="carousel"]');
  // A second ahead: the page's clock keeps running until paused, and on a busy machine more than a few
  // milliseconds pass before pauseAt arrives (a time already past is refused). The slides wait 5 s.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
  return page.getByRole("region", { name: "Featured offers" });
}

async function expectSlide(carousel: Locator, n: number) {
  await expect(carousel.getByRole("heading", { name: titles[n - 1] })).toBeVisible();
  await expect(carousel.getByRole("button", { name: `Go to slide ${n}` })).toHaveAttribute("aria-current", "true");
  for (const [i, title] of titles.entries()) {
    if (i !== n - 1) await expect(carousel.getByText(title, { exact: true })).toBeHidden();
  }
}

/** Lets the 500 ms transition lock run out. */
const afterTransition = (page: Page) => page.clock.runFor(600);

test("the search suggests services and goes to the one chosen", async ({ page }) => {
  await page.goto("/");
  await hydrated(page, 'main input[role="combobox"]');
  const search = page.getByRole("main").getByRole("combobox", { name: "Search services" });

  await search.fill("net");
  const suggestion = page.getByRole("option", { name: /Netflix Premium/ });
  await expect(suggestion).toBeVisible();
  await expect(suggestion).toContainText("Starting at Rs. 300 for 1 month");
  await search.press("Escape");
  await expect(suggestion).toBeHidden();

  await search.fill("zzz");
  await expect(page.getByText("No results")).toBeVisible();
  await expect(page.getByText('We couldn\'t find any services matching "zzz"')).toBeVisible();
  await search.press("Escape");
  await expect(page.getByText("No results")).toBeHidden();

  await search.fill("net");
  await expect(suggestion).toBeVisible();
  await search.press("Enter");
  await expect(page).toHaveURL(/\/prices\/Netflix%20Premium$/);
});

test("the search answers up, down and escape, clears, and closes on a click outside", async ({ page }) => {
  await page.goto("/");
  await hydrated(page, 'main input[role="combobox"]');
  const main = page.getByRole("main");
  const search = main.getByRole("combobox", { name: "Search services" });
  const options = main.getByRole("option");
  const expectActive = async (n: number) => {
    await expect(options.nth(n)).toHaveAttribute("aria-selected", "true");
    await expect(main.getByRole("option", { selected: true })).toHaveCount(1);
    await expect(search).toHaveAttribute("aria-activedescendant", (await options.nth(n).getAttribute("id"))!);
  };

  await search.fill("premium");
  await expect(options.first()).toContainText("Premium");
  const count = await options.count();
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(main.getByRole("option", { selected: true })).toHaveCount(0);
  await search.press("ArrowDown");
  await expectActive(0);
  await search.press("ArrowDown");
  await expectActive(1);
  await search.press("ArrowUp");
  await expectActive(0);
  // Up from the first goes round to the last.
  await search.press("ArrowUp");
  await expectActive(count - 1);

  // Escape closes the list and keeps what was typed.
  await search.press("Escape");
  await expect(options).toHaveCount(0);
  await expect(search).toHaveAttribute("aria-expanded", "false");
  await expect(search).toHaveValue("premium");
  await search.press("ArrowDown");
  await expect(options).toHaveCount(count);

  const clear = main.getByRole("button", { name: "Clear search" });
  await clear.click();
  await expect(search).toHaveValue("");
  await expect(search).toBeFocused();
  await expect(options).toHaveCount(0);
  await expect(clear).toHaveCount(0);

  await search.fill("spotify");
  await expect(options.first()).toContainText("Spotify Premium");
  await main.getByRole("heading", { level: 1 }).click();
  await expect(options).toHaveCount(0);
  await expect(search).toHaveValue("spotify");
});

test("carousel buttons, dots and arrow keys change the slide and wrap around", async ({ page }) => {
  const carousel = await openHomeWithStoppedClock(page);
  await carousel.getByRole("button", { name: "Pause slides" }).click();
  await expect(carousel.getByRole("button", { name: "Play slides" })).toBeVisible();
  await expectSlide(carousel, 1);

  const next = carousel.getByRole("button", { name: "Next slide" });
  const previous = carousel.getByRole("button", { name: "Previous slide" });
  await next.click();
  await expectSlide(carousel, 2);
  await afterTransition(page);
  await previous.click();
  await expectSlide(carousel, 1);
  await afterTransition(page);
  await previous.click();
  await expectSlide(carousel, 5);
  await afterTransition(page);
  await next.click();
  await expectSlide(carousel, 1);
  await afterTransition(page);

  // A second click within the 500 ms lock is ignored.
  await next.click();
  await next.click();
  await expectSlide(carousel, 2);
  await afterTransition(page);

  await carousel.getByRole("button", { name: "Go to slide 4" }).click();
  await expectSlide(carousel, 4);
  await afterTransition(page);

  await carousel.focus();
  await page.keyboard.press("ArrowRight");
  await expectSlide(carousel, 5);
  await afterTransition(page);
  await page.keyboard.press("ArrowRight");
  await expectSlide(carousel, 1);
  await afterTransition(page);
  await page.keyboard.press("ArrowLeft");
  await expectSlide(carousel, 5);
  // Hidden slides are out of the tab order: the only call to action reachable is the visible one's.
  await expect(carousel.getByRole("link")).toHaveCount(1);
});

test("the carousel advances every 5 seconds until paused", async ({ page }) => {
  const carousel = await openHomeWithStoppedClock(page);
  await expectSlide(carousel, 1);
  await page.clock.runFor(5000);
  await expectSlide(carousel, 2);

  await carousel.getByRole("button", { name: "Pause slides" }).click();
  // Moving away ends the hover pause, so only the button holds it.
  await page.mouse.move(0, 0);
  await page.clock.runFor(11_000);
  await expectSlide(carousel, 2);
  await expect(carousel.locator("[aria-live]")).toHaveAttribute("aria-live", "polite");

  await carousel.getByRole("button", { name: "Play slides" }).click();
  await page.mouse.move(0, 0);
  await expect(carousel.locator("[aria-live]")).toHaveAttribute("aria-live", "off");
  await page.clock.runFor(5000);
  await expectSlide(carousel, 3);
});

test("a swipe of 30 px or more changes the slide", { tag: "@phone-only" }, async ({ page }) => {
  const carousel = await openHomeWithStoppedClock(page);
  await carousel.getByRole("button", { name: "Pause slides" }).click();
  const slides = carousel.locator("[aria-live]");
  const box = (await slides.boundingBox())!;
  const y = box.y + box.height / 2;
  const swipe = async (fromX: number, toX: number) => {
    const start = [{ identifier: 0, clientX: fromX, clientY: y }];
    const end = [{ identifier: 0, clientX: toX, clientY: y + 4 }];
    await slides.dispatchEvent("touchstart", { touches: start, changedTouches: start, targetTouches: start });
    await slides.dispatchEvent("touchend", { touches: [], changedTouches: end, targetTouches: [] });
  };

  await swipe(200, 180);
  await afterTransition(page);
  await expectSlide(carousel, 1);
  await swipe(200, 160);
  await expectSlide(carousel, 2);
  await afterTransition(page);
  await swipe(100, 180);
  await expectSlide(carousel, 1);
  await afterTransition(page);
  await swipe(100, 180);
  await expectSlide(carousel, 5);
});

test("a category opens its price list", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/");
  await hydrated(page, 'a[href="/price/ott"]');
  await page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "OTT" }).click();
  await expect(page).toHaveURL(/\/price\/ott$/);
});

test("what's new shows 5 titles on wide screens and 4 on phones, and leads to all content", { tag: "@phone" }, async ({ page, isMobile, admin }) => {
  // All content says there are no trailers: this test's shop has none, whatever other tests added.
  const { items } = await (await admin.get("/api/admin/viewWhatsNewVideo")).json();
  for (const { _id } of items as Array<{ _id: string }>)
    expect((await admin.post("/api/admin/deleteWhatsNewVideo", { data: { _id } })).ok()).toBe(true);
  await page.goto("/");
  const section = page.getByRole("region", { name: "What's New to Watch" });
  const visible = section.getByRole("article").filter({ visible: true });
  await expect(visible).toHaveCount(isMobile ? 4 : 5);
  const first = visible.first();
  await expect(first.getByRole("heading", { name: "Stranger Things" })).toBeVisible();
  await expect(first).toContainText("Netflix");
  await expect(first).toContainText("8.6");
  await expect(first).toContainText("TV");
  await expect(first).toContainText("15 Jul 2016");
  await expect(section.getByText("Coming Soon")).toBeVisible();

  await hydrated(page, 'a[href="/all-content"]');
  await section.getByRole("link", { name: "Browse All Content" }).click();
  await expect(page).toHaveURL(/\/all-content$/);
  await expect(page.getByRole("heading", { level: 1, name: "What's New to Watch" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Trending this week" }).getByRole("article")).toHaveCount(12);
  await expect(page.getByText("No trailers yet")).toBeVisible();
});

test("all content lists the admin's trailers, opening in a new tab", { tag: "@phone" }, async ({ page, admin }) => {
  // A long name must wrap, not widen the page on a phone.
  const name = `E2E trailer with a rather long name that would not fit on one line ${Date.now()}`;
  const added = await admin.post("/api/admin/addWhatsNewVideo", {
    data: { Name: name, Platform: "Netflix", TrailerLink: "https://www.youtube.com/watch?v=e2e" },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const id = (await added.json()).item._id;
  try {
    await page.goto("/all-content");
    const item = page.getByRole("region", { name: "Trailers" }).getByRole("listitem").filter({ hasText: name });
    await expect(item).toContainText("Netflix");
    const link = item.getByRole("link", { name: `Trailer for ${name} (opens in a new tab)` });
    await expect(link).toHaveAttribute("href", "https://www.youtube.com/watch?v=e2e");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  } finally {
    await admin.post("/api/admin/deleteWhatsNewVideo", { data: { _id: id } });
  }
});

test("a slide whose picture cannot be loaded says so", async ({ page, admin }) => {
  const added = await admin.post("/api/admin/carousel", {
    data: { image: "/images/slides/no-such-file.svg", title: "E2E broken picture", description: "Its image is missing", badge: "Hot" },
  });
  expect(added.ok(), await added.text()).toBe(true);
  try {
    const carousel = await openHomeWithStoppedClock(page);
    await carousel.getByRole("button", { name: "Go to slide 6" }).click();
    const slide = carousel.getByRole("group", { name: "6 of 6" });
    await expect(slide.getByRole("heading", { name: "E2E broken picture" })).toBeVisible();
    await expect(slide.getByText("Image not available")).toBeVisible();
    // No call to action was set: the slide offers the price list.
    await expect(slide.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/prices");
  } finally {
    await admin.delete(`/api/admin/carousel/${(await added.json())._id}`);
  }
});

test("home and all content never scroll sideways", { tag: "@phone" }, async ({ page }) => {
  for (const path of ["/", "/all-content"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
});
