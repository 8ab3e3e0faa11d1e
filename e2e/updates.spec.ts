import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SQLite, type SQLiteConnection } from "../server/db/sqlite";
import { expect, test } from "./fixtures";
import { groupUpdatesByMonth } from "../domain/updates/grouping";
import type { UpdatePost } from "../domain/updates/schemas";
import { runFolder, startServer, stopServer, templateDatabase, type RunningServer } from "./server";

test("the seeded posts are grouped by month, newest first, in rows that scroll sideways", { tag: "@phone" }, async ({ page, request }) => {
  const posts = ((await (await request.get("/api/admin/update")).json()) as { data: UpdatePost[] }).data;
  expect(posts.length).toBeGreaterThan(0);
  const months = groupUpdatesByMonth(posts);

  await page.goto("/updates");
  await expect(page.getByRole("heading", { level: 1, name: "Updates" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(months.map((m) => m.label));
  for (const month of months) {
    const row = page.getByRole("region", { name: `Updates from ${month.label}` });
    await expect(row).toHaveAttribute("tabindex", "0");
    await expect(row.getByRole("heading", { level: 3 })).toHaveText(month.posts.map((p) => p.Title));
    await expect(row.locator("time")).toHaveText(month.posts.map((p) => p.dateLabel));
  }
  // The months read like 'November 2026'.
  for (const label of months.map((m) => m.label)) expect(label).toMatch(/^[A-Z][a-z]+ \d{4}$/);

  // Reachable by keyboard, and the page itself never scrolls sideways.
  const firstRow = page.getByRole("region", { name: `Updates from ${months[0]!.label}` });
  await firstRow.focus();
  await expect(firstRow).toBeFocused();
  const viewport = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport);
});

test("a long description opens with Read more", async ({ page, request }) => {
  const posts = ((await (await request.get("/api/admin/update")).json()) as { data: UpdatePost[] }).data;
  const long = posts.find((p) => p.Description.length > 180);
  test.skip(!long, "no seeded post is long enough");
  await page.goto("/updates");
  const card = page.getByRole("article").filter({ hasText: long!.Title });
  const more = card.getByRole("button", { name: /Read more/ });
  await expect(async () => {
    await more.click();
    await expect(card.getByRole("button", { name: /Show less/ })).toHaveAttribute("aria-expanded", "true", { timeout: 500 });
  }).toPass();
});

/**
 * The error and empty states need a database that fails or has no posts: a server of our own,
 * on a database file this test changes underneath it.
 */
test.describe("on a database of its own", () => {
  // This server has another origin: the Origin header the config names for the main server would be wrong here.
  test.use({ extraHTTPHeaders: {} });
  let server: RunningServer;
  let db: SQLiteConnection;
  let base: string;

  test.beforeAll(async () => {
    const folder = path.join(runFolder(), `updates-${randomUUID()}`);
    fs.mkdirSync(folder);
    const file = path.join(folder, "pasal.db");
    fs.copyFileSync(templateDatabase(), file);
    // This suite writes to the database behind the server's back, which the page cache cannot see.
    server = await startServer({ DATABASE_URL: file, MEDIA_DIR: path.join(folder, "media"), LOG_LEVEL: "silent", PAGE_CACHE_MB: "0" });
    base = server.origin;
    db = new SQLite(file);
  });

  test.afterAll(async () => {
    db?.close();
    if (server) await stopServer(server);
  });

  test("a failure shows 'Error Loading Updates' with the spec's detail, and Try Again recovers", async ({ page }) => {
    const error = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Error Loading Updates" }) });
    const tryAgain = page.getByRole("button", { name: "Try Again" });
    db.exec("ALTER TABLE update_posts RENAME TO update_posts_away");
    try {
      const response = await page.goto(`${base}/updates`);
      expect(response?.status()).toBe(503);
      await expect(error).toContainText("Failed to fetch updates");
      // In the browser Try Again reads GET /api/admin/update, which fails with a 500 now. Before hydration
      // the button reloads the page instead: repeat until the page answers.
      await expect(async () => {
        await tryAgain.click();
        await expect(error).toContainText("Server responded with status: 500", { timeout: 1000 });
      }).toPass();
    } finally {
      db.exec("ALTER TABLE update_posts_away RENAME TO update_posts");
    }

    await page.route("**/api/admin/update", (route) => route.abort("internetdisconnected"));
    await tryAgain.click();
    await expect(error).toContainText("An error occurred while fetching updates");
    await page.unroute("**/api/admin/update");

    await tryAgain.click();
    await expect(page.getByRole("region").first()).toBeVisible();
    await expect(error).toHaveCount(0);
  });

  test("no posts shows 'No updates available', and Refresh shows a new one", async ({ page }) => {
    db.exec("DELETE FROM update_posts");
    await page.goto(`${base}/updates`);
    await expect(page.getByRole("heading", { name: "No updates available" })).toBeVisible();
    await expect(page.getByText("Check back later for new content")).toBeVisible();

    const now = new Date().toISOString();
    db.prepare("INSERT INTO update_posts (id, title, description, image_url, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)").run(
      randomUUID(),
      "",
      "",
      "/images/missing.svg",
      now,
      now,
    );
    await expect(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(page.getByText("No description available")).toBeVisible({ timeout: 1000 });
    }).toPass();
    // A missing image falls back to the placeholder.
    await expect(page.getByRole("article").locator("img")).toHaveAttribute("src", "/images/placeholder.svg");
  });
});
