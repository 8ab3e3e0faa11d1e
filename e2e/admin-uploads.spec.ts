import { expect, test } from "./fixtures";
import type { Locator } from "@playwright/test";
import sharp from "sharp";

const poster = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

const loaded = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test("an uploaded picture becomes an update post's image on /updates", async ({ page, signedIn }) => {
  const title = `E2E upload ${Date.now()}`;
  await signedIn(page, "/admin/update");
  const form = page.locator("#post-form");
  const imageUrl = form.getByLabel("Image URL");

  await form.locator("input[type=file]").setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: await poster() });
  await expect(form.getByRole("status").filter({ hasText: "Uploaded poster.png" })).toBeVisible();
  // 1200 px wide: copies at 480, 960 and its own width; the box holds the widest.
  await expect(imageUrl).toHaveValue(/^\/media\/[0-9a-f]{32}-1200\.webp$/);
  const url = await imageUrl.inputValue();
  await expect.poll(() => loaded(form.getByAltText("Preview of this image"))).toBe(true);

  await form.getByLabel("Title (optional)", { exact: true }).fill(title);
  await form.getByLabel("Description", { exact: true }).fill("Its picture was uploaded from this device.");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Update posted" })).toBeVisible();

  await page.goto("/updates");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  const picture = card.locator(`img[src="${url}"]`);
  await expect(picture).toHaveCount(1);
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(picture)).toBe(true);
  // The card is 18rem wide: the browser takes the 480 px copy, not the 1200 px one the field names.
  await expect(picture).toHaveAttribute("srcset", `${url.replace("-1200", "-480")} 480w, ${url.replace("-1200", "-960")} 960w, ${url} 1200w`);
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-480\.webp$/);

  // Tidy up, so the storefront's own tests see the seeded posts only.
  await page.goto("/admin/update");
  const post = page
    .getByRole("region", { name: /Published updates/ })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  await post.getByRole("button", { name: /Delete/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Update deleted" })).toBeVisible();
});

test("a file that is not a picture is refused with the server's reason, and the box keeps its URL", async ({ page, signedIn }) => {
  await signedIn(page, "/admin/carousel");
  await page.getByRole("button", { name: "Add New Item" }).first().click();
  const modal = page.getByRole("dialog", { name: "Add New Carousel Item" });
  await modal.getByLabel("Image URL").fill("/images/placeholder.svg");

  await modal.locator("input[type=file]").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
  await expect(modal.getByRole("alert")).toHaveText("Upload failed: Only JPEG, PNG, WebP or AVIF images can be uploaded");
  await expect(modal.getByLabel("Image URL")).toHaveValue("/images/placeholder.svg");
  await expect(modal.getByRole("button", { name: "Upload an image" })).toBeEnabled();
});
