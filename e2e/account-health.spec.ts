import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { catalogueId, expectNoAxeViolations, placeOrder, shopDate } from "./helpers";

// ADR 0109: a banned account's holders moved and told, and a changed password told to every holder.

let phones = 0;

async function addAccount(admin: APIRequestContext, itemId: string, login: string, password: string, seats = 4) {
  const added = await admin.post("/api/admin/accounts", {
    data: {
      service: "Netflix family",
      itemIds: [itemId],
      login,
      password,
      seats: Array.from({ length: seats }, (_, i) => ({ profileName: `Profile ${i + 1}` })),
      cost: 1500,
      billingCycle: "monthly",
      renewalDate: shopDate(60),
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  return (await added.json()).account as { _id: string; seats: Array<{ id: string }> };
}

/** A delivered line on each seat, for customers of their own; their order references. */
async function fill(admin: APIRequestContext, baseURL: string, itemId: string, seatIds: string[], language: "en" | "ne" = "en") {
  const references = [];
  for (const seatId of seatIds) {
    const { reference } = await placeOrder(baseURL, {
      items: [{ _id: itemId, months: 1, devices: 1 }],
      channel: "whatsapp",
      name: `Holder ${++phones}`,
      phone: `98${String((Date.now() + phones) % 100_000_000).padStart(8, "0")}`,
      language,
    });
    const delivered = await admin.post(`/api/admin/orders/${reference}/status`, { data: { status: "delivered" } });
    expect(delivered.status()).toBe(200);
    const lineId = (await delivered.json()).order.lines[0].id;
    expect((await admin.put(`/api/admin/lines/${lineId}/seat`, { data: { seatId } })).status()).toBe(200);
    references.push(reference);
  }
  return references;
}

/** Where each "Send on …" went: the chat link the tell route sends the new tab on to (the machine is offline). */
function chatLinks(context: BrowserContext) {
  const links: string[] = [];
  context.on("response", (response) => {
    if (response.url().includes("/admin/tell/") && response.status() === 302) links.push(response.headers().location ?? "");
  });
  return links;
}

async function sendOn(page: Page, reference: string) {
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: `Send on WhatsApp to ${reference}` }).click();
  await (await popup).close();
}

async function checkAxe(page: Page) {
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
    await expectNoAxeViolations(page, dark ? "dark" : "light");
  }
}

test("a banned account: all 4 holders moved in one confirmation, then each told on WhatsApp, in 7 clicks", async ({
  page,
  context,
  admin,
  baseURL,
  signedIn,
}) => {
  const netflix = await catalogueId(admin, "Netflix Premium");
  const stamp = Date.now();
  const banned = await addAccount(admin, netflix, `banned-${stamp}@example.com`, "banned-pass-1");
  await addAccount(admin, netflix, `spare-${stamp}@example.com`, "spare-pass-7731");
  const references = await fill(
    admin,
    baseURL!,
    netflix,
    banned.seats.map((seat) => seat.id),
  );
  const links = chatLinks(context);
  await context.route(/^https:\/\/(wa|t)\.me\//, (route) => route.abort());

  await signedIn(page, `/admin/accounts?q=banned-${stamp}`);
  let clicks = 0;
  await page.getByRole("link", { name: /^Open Netflix family/ }).click();
  clicks++;
  await expect(page.getByRole("heading", { name: "Move holders" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Proposed moves" }).getByRole("listitem")).toHaveCount(4);
  await checkAxe(page);
  await page.screenshot({ path: "test-results/account-health-desktop.png", fullPage: true });

  await page.getByRole("button", { name: "Move all 4" }).click();
  clicks++;
  await page.getByRole("dialog").getByRole("button", { name: "Move", exact: true }).click();
  clicks++;
  await expect(page.getByRole("status").filter({ hasText: "4 holders moved: tell them their new details below" })).toBeVisible();
  await expect(page.getByText("No one holds a seat of this account.")).toBeVisible();

  const told = page.getByRole("list", { name: "Holders to tell" });
  await expect(told.getByRole("listitem")).toHaveCount(4);
  for (const reference of references) {
    await sendOn(page, reference);
    clicks++;
  }
  await expect(told.getByText("✓ Told")).toHaveCount(4);
  expect(clicks).toBe(7);
  expect(links).toHaveLength(4);
  for (const link of links) {
    const message = decodeURIComponent(link.split("?text=")[1]!);
    expect(link).toMatch(/^https:\/\/wa\.me\/977\d{10}\?text=/);
    expect(message).toMatch(/^We have moved you to another account/);
    expect(message).toContain("spare-pass-7731");
  }
});

test("the password changed: every holder listed, told in their order's language, the old one readable in the reveal log", async ({
  page,
  context,
  admin,
  baseURL,
  signedIn,
}) => {
  const netflix = await catalogueId(admin, "Netflix Premium");
  const login = `changed-${Date.now()}@example.com`;
  const account = await addAccount(admin, netflix, login, "before-change-55", 3);
  const [english] = await fill(admin, baseURL!, netflix, [account.seats[0]!.id]);
  const [nepali] = await fill(admin, baseURL!, netflix, [account.seats[1]!.id], "ne");
  const links = chatLinks(context);
  await context.route(/^https:\/\/(wa|t)\.me\//, (route) => route.abort());

  await signedIn(page, `/admin/accounts/${account._id}`);
  await expect(page.getByText("No one to tell")).toBeVisible();
  await page.getByRole("textbox", { name: /^New value/ }).fill("after-change-66");
  await page.getByRole("button", { name: "Save and list holders" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Password saved: tell the 2 holders below" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: /^New value/ })).toHaveValue("");
  const told = page.getByRole("list", { name: "Holders to tell" });
  await expect(told.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText("2 not told")).toBeVisible();

  await sendOn(page, nepali!);
  await expect(told.getByRole("listitem").filter({ hasText: nepali! })).toContainText("✓ Told");
  await expect(page.getByText("1 not told")).toBeVisible();
  const message = decodeURIComponent(links[0]!.split("?text=")[1]!);
  expect(message).toMatch(/^तपाईंको खाताको पासवर्ड परिवर्तन भएको छ।/);
  expect(message).toContain("after-change-66");
  await expect(told.getByRole("listitem").filter({ hasText: english! })).not.toContainText("✓ Told");

  // The old password stays readable by a logged reveal for 7 days.
  await page.getByRole("button", { name: /^Reveal the password replaced/ }).click();
  await expect(page.getByText("before-change-55")).toBeVisible();
  await page.reload();
  await expect(page.getByText(/replaced password \(replaced /)).toBeVisible();
  await checkAxe(page);
});

test("the account screen fits a phone @phone", async ({ page, admin, baseURL, signedIn }) => {
  const netflix = await catalogueId(admin, "Netflix Premium");
  const account = await addAccount(admin, netflix, `phone-${Date.now()}@example.com`, "phone-pass-1", 2);
  await fill(admin, baseURL!, netflix, [account.seats[0]!.id]);
  await signedIn(page, `/admin/accounts/${account._id}`);
  await expect(page.getByRole("heading", { name: "Move holders" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: "test-results/account-health-phone.png", fullPage: true });
  await checkAxe(page);
});

test("bills due: the week's bills against its renewals on the dashboard, Paid once on the accounts screen, profit on the reports", async ({
  page,
  admin,
  signedIn,
}) => {
  // Three screens, each checked by axe in both themes.
  test.slow();
  const netflix = await catalogueId(admin, "Netflix Premium");
  const login = `billed-${Date.now()}@example.com`;
  const added = await admin.post("/api/admin/accounts", {
    data: {
      service: "Netflix family",
      itemIds: [netflix],
      login,
      password: "billed-pass",
      seats: [{}],
      cost: 2345,
      billingCycle: "monthly",
      renewalDate: shopDate(2),
    },
  });
  expect(added.status()).toBe(201);
  const { week } = await (await admin.get("/api/admin/bills")).json();
  expect(week.toProviders).toBeGreaterThanOrEqual(2345);

  await signedIn(page, "/admin/dashboard");
  const thisWeek = page.getByRole("region", { name: /^This week, / });
  await expect(thisWeek.getByRole("link", { name: /To pay providers/ })).toContainText(`NPR ${week.toProviders.toLocaleString("en-IN")}`);
  await expect(thisWeek.getByRole("link", { name: /Customers owe for renewals/ })).toBeVisible();
  await checkAxe(page);

  await page.goto(`/admin/accounts?q=${encodeURIComponent(login)}`);
  const bills = page.getByRole("list", { name: "Bills due" });
  const bill = bills.getByRole("listitem").filter({ hasText: login });
  await expect(bill).toContainText(`NPR 2,345 on ${shopDate(2)} (in 2 days)`);
  await checkAxe(page);
  await page.screenshot({ path: "test-results/bills-due-desktop.png", fullPage: true });
  await bill.getByRole("button", { name: `Mark the ${shopDate(2)} bill of Netflix family (${login}) paid` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked paid: the next bill is on" })).toBeVisible();
  await expect(bills.getByRole("listitem").filter({ hasText: login })).toHaveCount(0);

  await page.goto("/admin/reports");
  const profit = page.getByRole("region", { name: "Profit per provider account" });
  await expect(profit.getByRole("row").filter({ hasText: login })).toContainText("losing money");
  await checkAxe(page);
});
