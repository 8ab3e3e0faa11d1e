import { expect, test } from "./fixtures";
import { catalogueId, placeOrder } from "./helpers";

test("the accounts screen on a phone: the list first, the add form behind its button, Edit in place, and who holds a seat readable @phone", async ({
  page,
  admin,
  baseURL,
  signedIn,
}) => {
  const _id = await catalogueId(admin, "Spotify Premium");
  const service = `Spotify family ${Date.now()}`;
  const login = `seller-${Date.now()}@example.com`;
  const added = await admin.post("/api/admin/accounts", {
    data: {
      service,
      itemIds: [_id],
      login,
      password: "E2E-account-pass-4821",
      seats: [1, 2].map((n) => ({ profileName: `Profile ${n}`, pin: "4821" })),
      cost: 1200,
      billingCycle: "none",
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { reference } = await placeOrder(baseURL!, {
    items: [{ _id, months: 1, devices: 1 }],
    channel: "whatsapp",
    name: "Ramesh Bahadur Shrestha",
    phone: "9801234567",
  });
  expect((await admin.post(`/api/admin/orders/${reference}/status`, { data: { status: "delivered" } })).status()).toBe(200);
  await signedIn(page, `/admin/orders?q=${reference}`);
  const order = page
    .getByRole("list", { name: "Orders" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: reference }) });
  await order.getByRole("button", { name: `Manage order ${reference}` }).click();
  await order.getByRole("button", { name: /^Assign seat for/ }).click();
  await expect(order.getByText(`On ${service}, seat 1`)).toBeVisible();

  await page.goto(`/admin/accounts?q=${encodeURIComponent(login)}`);
  // The list first; the add form only once asked for, and it can be closed again.
  await expect(page.getByRole("heading", { name: /^Accounts \(/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Add a provider account" })).toHaveCount(0);
  await page.getByRole("button", { name: "Add a provider account" }).click();
  const addForm = page.getByRole("region", { name: "Add a provider account" });
  await expect(addForm.getByRole("textbox", { name: /^Service/ })).toBeFocused();
  await addForm.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(addForm).toHaveCount(0);

  // Who holds a seat has the room to be read on a 360 px screen.
  const card = page.getByRole("list", { name: "Accounts" }).getByRole("listitem").filter({ hasText: login });
  const holder = card.getByRole("cell").filter({ hasText: reference });
  await expect(holder).toContainText("Ramesh Bahadur Shrestha");
  expect((await holder.boundingBox())!.width).toBeGreaterThanOrEqual(150);
  expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  // The password shows only when asked for, and goes again on Hide.
  await card.getByRole("button", { name: `Reveal the password of ${service} ${login}` }).click();
  await expect(card.getByText("E2E-account-pass-4821")).toBeVisible();
  await card.getByRole("button", { name: "Hide" }).click();
  await expect(card.getByText("E2E-account-pass-4821")).toHaveCount(0);

  // Edit opens in place of the card, and saving shows the card again.
  await card.getByRole("button", { name: `Edit ${service} (${login})` }).click();
  const editForm = page.getByRole("region", { name: `Edit ${service} (${login})` });
  await expect(editForm.getByRole("textbox", { name: /^Service/ })).toBeFocused();
  await expect(page.getByRole("list", { name: "Accounts" }).getByRole("listitem").filter({ has: editForm })).toHaveCount(1);
  await editForm.getByLabel("Notes").fill("Paid by the shop's card");
  await editForm.getByRole("button", { name: "Save account" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Account ${service} saved` })).toBeVisible();
  await expect(editForm).toHaveCount(0);
  await expect(card).toContainText("Paid by the shop's card");
});
