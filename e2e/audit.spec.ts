import { expect, test } from "./fixtures";
import { placeOrder } from "./helpers";

// ADR 0100: a price whose key a customer holds is hidden, not deleted; an
// account that held a customer is retired; the audit log, from the sidebar, shows both and the reveal.
test("a seller hides a price customers hold keys of, retires an account whose password was revealed, and finds both and the reveal in the audit log", async ({
  page,
  admin,
  baseURL,
  signedIn,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `Audit Key ${stamp}`;
  const created = await admin.post("/api/prices", {
    data: {
      Name: name,
      Id: String(Number(stamp) % 1e8),
      ImageId: "/images/placeholder.svg",
      Category: "software",
      plans: { "1": 500 },
      SpecialLink: "https://example.com",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const itemId = (await created.json()).data._id as string;
  expect((await admin.post("/api/admin/keys/import", { data: { itemId, text: `KEY-${stamp}-1\nKEY-${stamp}-2`, cost: 100 } })).status()).toBe(200);
  const login = `audit-${stamp}@example.com`;
  const account = await admin.post("/api/admin/accounts", {
    data: {
      service: `Audit family ${stamp}`,
      itemIds: [itemId],
      login,
      password: "E2E-account-pass-4821",
      seats: [{ profileName: "Kitchen" }],
      cost: 900,
      billingCycle: "none",
    },
  });
  expect(account.status(), await account.text()).toBe(201);
  const { _id: accountId } = (await account.json()).account;
  // A customer got a key; the account's password was revealed once.
  const { reference } = await placeOrder(baseURL!, {
    items: [{ _id: itemId, months: 1, devices: 1 }],
    channel: "whatsapp",
    name: "Sita",
    phone: "9801234567",
  });
  const delivered = await admin.post(`/api/admin/orders/${reference}/status`, { data: { status: "delivered" } });
  const lineId = (await delivered.json()).order.lines[0].id as string;
  expect((await admin.post(`/api/admin/lines/${lineId}/key`)).status()).toBe(201);
  expect((await admin.post(`/api/admin/accounts/${accountId}/reveal`, { data: { what: "password" } })).status()).toBe(200);

  // Delete says why it cannot, before anything is sent, and hides the price instead.
  await signedIn(page, "/admin/prices");
  await page.getByLabel("Search prices").fill(name);
  const card = page.getByRole("listitem", { name });
  await expect(card).toContainText("Kept for its customers: 1 licence key delivered to customers, 1 key in stock.");
  await card.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "This price cannot be deleted" });
  await expect(dialog).toContainText(
    `${name} cannot be deleted: 1 licence key delivered to customers, 1 key in stock. Hide it from the shop instead`,
  );
  await dialog.getByRole("button", { name: "Hide it instead" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} is hidden from the shop` })).toBeVisible();
  await expect(card.getByText("Hidden from the shop")).toBeVisible();
  await expect(card.getByRole("button", { name: `Show ${name} in the shop` })).toBeVisible();

  // The account held no one, but its password was revealed: Retire, not Delete.
  await page.goto(`/admin/accounts?q=${encodeURIComponent(login)}`);
  await page.getByRole("button", { name: `Retire Audit family ${stamp} (${login})` }).click();
  const retire = page.getByRole("dialog", { name: "Retire this account" });
  await expect(retire).toContainText("so it is kept for that record: retired, it gets no new seats");
  await retire.getByRole("button", { name: "Retire" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Account retired, not deleted" })).toBeVisible();
  await expect(page.getByText("Retired: it takes no new customers, and is kept for its history.")).toBeVisible();

  // The audit log, from the sidebar: the retirements, then the reveals; filtered to what was taken out of use.
  await page.getByRole("complementary", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Text").fill(stamp);
  await page.getByRole("button", { name: "Filter" }).click();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.nth(1)).toContainText(`Audit family ${stamp} (${login})`);
  await expect(rows.nth(1)).toContainText("Retired");
  await expect(rows.nth(2)).toContainText(`${name} (Id `);
  await expect(rows.nth(2)).toContainText("catalogue item hidden from the shop");
  await expect(rows.nth(3)).toContainText("Password revealed");
  await expect(page.getByText("3 lines match")).toBeVisible();
  await page.getByLabel("What").selectOption("removals");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=removals/);
  await expect(page.getByText("2 lines match")).toBeVisible();
});
