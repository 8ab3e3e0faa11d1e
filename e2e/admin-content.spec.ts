import { expect, test } from "./fixtures";
import type { CarouselSlide } from "../domain/carousel/carousel";

/** The tests of one worker share its server: every name carries the moment. */
const unique = (label: string) => `${label} ${Date.now()}`;

test("carousel: add, see it on the home page, edit, move up, delete", async ({ page, signedIn }) => {
  const title = unique("E2E slide");
  const renamed = `${title} renamed`;
  await signedIn(page, "/admin/carousel");
  await expect(page.getByRole("heading", { level: 1, name: "Carousel Admin Dashboard" })).toBeVisible();

  // An empty form: the server's words sit next to the fields, and the banner says what failed.
  await page.getByRole("button", { name: "Add New Item" }).first().click();
  const modal = page.getByRole("dialog", { name: "Add New Carousel Item" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByRole("alert")).toContainText("Failed to add item");
  await expect(modal.getByLabel("Title", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(modal.getByLabel("Title", { exact: true })).toHaveAccessibleDescription("Title is required");
  await expect(modal.getByLabel("Description", { exact: true })).toHaveAccessibleDescription("Description is required");

  // Closing with unsaved changes asks first.
  await modal.getByLabel("Title", { exact: true }).fill(title);
  await page.keyboard.press("Escape");
  await expect(modal.getByText("Discard your changes?")).toBeVisible();
  await modal.getByRole("button", { name: "Keep editing" }).click();
  await expect(modal.getByLabel("Title", { exact: true })).toHaveValue(title);

  await modal.getByLabel("Image URL").fill("/images/e2e-missing-slide.png");
  await modal.getByLabel("Description", { exact: true }).fill("A slide added by the end-to-end suite.");
  await modal.getByLabel("Badge").fill("New");
  await modal.getByLabel("CTA text (optional)", { exact: true }).fill("Buy now");
  await modal.getByLabel("CTA link").fill("/prices");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `"${title}" added` })).toBeVisible();
  const cardOf = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
  await expect(cardOf(title)).toBeVisible();
  // Its picture is missing (and lazy, so it is only asked for once on screen).
  await cardOf(title).scrollIntoViewIfNeeded();
  await expect(cardOf(title).getByText("Image not available")).toBeVisible();
  await expect(cardOf(title).getByText("Buy now")).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("region", { name: "Featured offers" }).getByText(title, { exact: true })).toHaveCount(1);

  // Edit the title.
  await page.goto("/admin/carousel");
  await page.getByRole("button", { name: `Edit "${title}"` }).click();
  const editModal = page.getByRole("dialog", { name: "Edit Carousel Item" });
  await expect(editModal.getByLabel("Title", { exact: true })).toHaveValue(title);
  await editModal.getByLabel("Title", { exact: true }).fill(renamed);
  await editModal.getByRole("button", { name: "Update" }).click();
  await expect(editModal).toBeHidden();
  await expect(cardOf(renamed)).toBeVisible();
  // The admin's write cleared the page cache: the home page shows the new title at once.
  await page.goto("/");
  const featured = page.getByRole("region", { name: "Featured offers" });
  await expect(featured.getByText(renamed, { exact: true })).toHaveCount(1);
  await expect(featured.getByText(title, { exact: true })).toHaveCount(0);
  await page.goto("/admin/carousel");

  // Move it up: it swaps with the slide before it, and no two slides share a position.
  const order = async () => ((await (await page.request.get("/api/admin/carousel")).json()) as CarouselSlide[]).map((s) => s._id);
  const before = await order();
  const slides = (await (await page.request.get("/api/admin/carousel")).json()) as CarouselSlide[];
  const id = slides.find((s) => s.title === renamed)!._id;
  const from = before.indexOf(id);
  expect(from).toBeGreaterThan(0);
  await page.getByRole("button", { name: `Move "${renamed}" up` }).click();
  await expect(page.getByRole("status").filter({ hasText: `"${renamed}" moved up` })).toBeVisible();
  await expect.poll(async () => (await order()).indexOf(id)).toBe(from - 1);
  const after = (await (await page.request.get("/api/admin/carousel")).json()) as CarouselSlide[];
  expect(new Set(after.map((s) => s.position)).size).toBe(after.length);
  await expect(cardOf(renamed).getByText(`Slide ${from} of ${after.length}`)).toBeVisible();
  // The home page shows the slides in the new order: this one is now slide `from` (1-based) of them all.
  await page.goto("/");
  const slideOnHome = page.locator('[aria-roledescription="slide"]').filter({ hasText: renamed });
  await expect(slideOnHome).toHaveAttribute("aria-label", `${from} of ${after.length}`);
  const displaced = after[from]!;
  await expect(page.locator('[aria-roledescription="slide"]').filter({ hasText: displaced.title })).toHaveAttribute(
    "aria-label",
    `${from + 1} of ${after.length}`,
  );
  await page.goto("/admin/carousel");

  // Delete, after confirming.
  await page.getByRole("button", { name: `Delete "${renamed}"` }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("Are you sure you want to delete this item?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(cardOf(renamed)).toHaveCount(0);

  await page.goto("/");
  await expect(page.getByRole("region", { name: "Featured offers" }).getByText(renamed, { exact: true })).toHaveCount(0);
});

test("what's new video: add, list on demand, edit, refuse a duplicate, delete", async ({ page, signedIn }) => {
  const name = unique("E2E trailer");
  await signedIn(page, "/admin/whatsNewVideo");
  await expect(page.getByRole("heading", { level: 1, name: "What's New Video" })).toBeVisible();
  // The list is not loaded until asked for.
  await expect(page.getByRole("heading", { name: /All videos/ })).toHaveCount(0);

  const form = page.locator("#video-form");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Platform").selectOption("Prime Video");
  await form.getByLabel("Trailer link").fill("not a link");
  await form.getByRole("button", { name: "Add/Update Video" }).click();
  await expect(form.getByRole("alert")).toHaveText(/Trailer link must be a valid URL/);
  await expect(form.getByLabel("Trailer link")).toHaveAccessibleDescription(/Trailer link must be a valid URL/);

  await form.getByLabel("Trailer link").fill("https://www.youtube.com/watch?v=e2e-trailer");
  await form.getByRole("button", { name: "Add/Update Video" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Video added" })).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("");

  await page.getByRole("button", { name: "View All Videos" }).click();
  const item = page.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Prime Video");
  const trailer = item.getByRole("link", { name: /Trailer/ });
  await expect(trailer).toHaveAttribute("target", "_blank");
  await expect(trailer).toHaveAttribute("rel", "noopener noreferrer");
  await expect(trailer).toHaveAttribute("href", "https://www.youtube.com/watch?v=e2e-trailer");

  // A second video with the same name: the server's 409 message in red.
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Trailer link").fill("https://www.youtube.com/watch?v=another");
  await form.getByRole("button", { name: "Add/Update Video" }).click();
  await expect(form.getByRole("alert")).toHaveText(`A video named "${name}" already exists`);
  await expect(form.getByRole("alert")).toHaveClass(/text-red-700/);

  // Edit fills the form; saving updates that video and the list follows.
  await item.getByRole("button", { name: /Edit/ }).click();
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await expect(form.getByLabel("Platform")).toHaveValue("Prime Video");
  await form.getByLabel("Platform").selectOption("Netflix");
  await form.getByRole("button", { name: "Add/Update Video" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Video updated" })).toBeVisible();
  await expect(item).toContainText("Netflix");

  // Delete: the list is read again and no longer has it.
  await item.getByRole("button", { name: /Delete/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Video deleted" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /All videos/ })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
});

test("what's new video: a list request the server answers with a 5xx shows 'Failed to fetch videos' in the form", async ({ page, signedIn }) => {
  await signedIn(page, "/admin/whatsNewVideo");
  const form = page.locator("#video-form");
  await form.getByLabel("Name").fill("Typed before the failure");
  // A proxy's or a crashed server's answer: not the loader's data, and a server error.
  await page.route("**/admin/whatsNewVideo.data?*list=all*", (route) =>
    route.fulfill({ status: 503, contentType: "text/html", body: "<h1>503 Service Unavailable</h1>" }),
  );
  await page.getByRole("button", { name: "View All Videos" }).click();
  await expect(form.getByRole("alert")).toHaveText("Failed to fetch videos");
  await expect(form.getByRole("alert")).toHaveClass(/text-red-700/);
  await expect(page.getByText("could not be loaded")).toHaveCount(0);
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await expect(form.getByLabel("Name")).toHaveValue("Typed before the failure");

  // Answered again, the same button lists them.
  await page.unroute("**/admin/whatsNewVideo.data?*list=all*");
  await page.getByRole("button", { name: "View All Videos" }).click();
  await expect(page.getByRole("heading", { name: /All videos/ })).toBeVisible();
  await expect(form.getByRole("alert")).toHaveCount(0);
});

test("updates: post, see it on /updates, edit, delete", async ({ page, signedIn }) => {
  const title = unique("E2E update");
  const renamed = `${title} corrected`;
  await signedIn(page, "/admin/update");
  await expect(page.getByRole("heading", { level: 1, name: "Post Form" })).toBeVisible();

  // A failure keeps what was typed and puts the server's words next to the fields.
  const form = page.locator("#post-form");
  await form.getByLabel("Title (optional)", { exact: true }).fill(title);
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByLabel("Description", { exact: true })).toHaveAccessibleDescription("Description is required");
  await expect(form.getByLabel("Image URL")).toHaveAccessibleDescription(/Image URL is required/);
  await expect(page.getByRole("alert").filter({ hasText: "Failed to post the update" })).toBeVisible();
  await expect(form.getByLabel("Title (optional)", { exact: true })).toHaveValue(title);

  await form.getByLabel("Description", { exact: true }).fill("Posted by the end-to-end suite.");
  await form.getByLabel("Image URL").fill("/images/e2e-missing-update.png");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Update posted" })).toBeVisible();
  await expect(form.getByLabel("Title (optional)", { exact: true })).toHaveValue("");
  const posts = page.getByRole("region", { name: /Published updates/ });
  // Newest first.
  await expect(posts.getByRole("heading", { level: 3 }).first()).toHaveText(title);

  await page.goto("/updates");
  await expect(page.getByRole("heading", { level: 3, name: title, exact: true })).toHaveCount(1);

  await page.goto("/admin/update");
  const post = posts.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  await post.getByRole("button", { name: /Edit/ }).click();
  await expect(form.getByLabel("Title (optional)", { exact: true })).toHaveValue(title);
  await expect(form.getByLabel("Description", { exact: true })).toHaveValue("Posted by the end-to-end suite.");
  await form.getByLabel("Title (optional)", { exact: true }).fill(renamed);
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Update saved" })).toBeVisible();
  const renamedPost = posts.getByRole("listitem").filter({ has: page.getByRole("heading", { name: renamed, exact: true }) });
  await expect(renamedPost).toBeVisible();

  await renamedPost.getByRole("button", { name: /Delete/ }).click();
  await expect(page.getByRole("dialog")).toContainText("Are you sure you want to delete this update?");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Update deleted" })).toBeVisible();
  await expect(renamedPost).toHaveCount(0);

  await page.goto("/updates");
  await expect(page.getByRole("heading", { name: renamed, exact: true })).toHaveCount(0);
});
