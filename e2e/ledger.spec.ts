import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { catchChatLinks, placeOrder, shopDate } from "./helpers";

const PASSWORD = "E2E-account-pass-4821";
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

test("the ledger: an account of 4 seats, 5 lines sold, 4 delivered on seats with their message, the 5th waits, and an ended line frees its seat", async ({
  page,
  context,
  baseURL,
  signedIn,
}) => {
  test.slow();
  // No other test sells this item or gives it seats.
  const item = "Amazon Prime Video";
  const login = `seller-${Date.now()}@example.com`;
  const urls = await catchChatLinks(context);

  // An account of 4 seats serving the item.
  await signedIn(page, "/admin/accounts");
  await page.getByRole("button", { name: "Add a provider account" }).click();
  const form = page.getByRole("region", { name: "Add a provider account" });
  await expect(form.getByRole("textbox", { name: /^Service/ })).toBeFocused();
  await form.getByRole("textbox", { name: /^Service/ }).fill(`${item} family`);
  await form.getByLabel("Login (email or username)").fill(login);
  await form.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await form.getByLabel("Billed").selectOption("monthly");
  await form.getByLabel("Cost per month (NPR)").fill("1200");
  await form.getByLabel("Next bill date").fill(shopDate(90));
  await form.getByRole("checkbox", { name: item, exact: true }).check();
  await form.getByLabel(/^PIN/).first().fill("4821");
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(toast(page, `Account ${item} family added`)).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: login });
  await expect(card.getByText("0/4 seats")).toBeVisible();
  await expect(card).not.toContainText(PASSWORD);

  const product = `/prices/${encodeURIComponent(item)}`;
  await page.goto(product);
  await expect(page.getByText("In stock", { exact: true })).toBeVisible();

  // Five one-device lines: an order of four and an order of one.
  const { allPrices } = await (await page.request.get("/api/prices")).json();
  const itemId = allPrices.find((found: { Name: string }) => found.Name === item)._id;
  const sell = async (lines: number) =>
    (
      await placeOrder(baseURL!, {
        items: Array.from({ length: lines }, () => ({ _id: itemId, months: 1, devices: 1 })),
        channel: "whatsapp",
        name: "Ledger Shopper",
        phone: "9801234567",
      })
    ).reference;
  const four = await sell(4);
  const fifth = await sell(1);

  // The fifth line waits for stock; the sale went through.
  await page.goto(`/admin/orders?q=${fifth}`);
  const waiting = page
    .getByRole("list", { name: "Orders" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: fifth }) });
  await expect(waiting.getByText("Waiting for stock")).toBeVisible();

  // The order of four is delivered, each line put on the seat Pasal proposes.
  await page.goto(`/admin/orders?q=${four}`);
  const order = page
    .getByRole("list", { name: "Orders" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: four }) });
  await order.getByRole("button", { name: `Manage order ${four}` }).click();
  await order.getByRole("button", { name: "Mark delivered" }).click();
  await expect(toast(page, `Order ${four} is now delivered`)).toBeVisible();
  for (let seat = 1; seat <= 4; seat++) {
    const assign = order.getByRole("button", { name: new RegExp(`^Assign seat for ${item.replace("+", "\\+")}`) }).first();
    await expect(order.getByText(`Proposed: ${item} family, seat ${seat}`).first()).toBeVisible();
    await assign.click();
    await expect(toast(page, `On ${item} family, seat ${seat}`).last()).toBeVisible();
  }
  await expect(order.getByText(`On ${item} family, seat 4`)).toBeVisible();

  // The delivery message opens WhatsApp to the customer, with the login, password, PIN and reference.
  await order
    .getByRole("button", { name: new RegExp(`^Send on WhatsApp: delivery of ${item.replace("+", "\\+")}`) })
    .first()
    .click();
  await expect.poll(() => urls.length).toBe(1);
  expect(urls[0]).toMatch(/^https:\/\/wa\.me\/9779801234567\?text=/);
  const text = new URL(urls[0]!).searchParams.get("text")!;
  expect(text).toContain(`Login: ${login}`);
  expect(text).toContain(`Password: ${PASSWORD}`);
  expect(text).toContain("PIN: 4821");
  expect(text).toContain(`Order ${four}`);
  expect(text).toMatch(/Valid from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\./);

  // Telegram may drop a pre-filled text: sending there copies the message too.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await order
    .getByRole("button", { name: new RegExp(`^Send on Telegram: delivery of ${item.replace("+", "\\+")}`) })
    .first()
    .click();
  // The WhatsApp tab may ask for its address more than once: the Telegram one is looked for, not counted.
  await expect.poll(() => urls.find((url) => url.startsWith("https://t.me/"))).toBeDefined();
  await expect(toast(page, "Delivery message copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

  // No seat left: the product page says so on the next request.
  await page.goto(product);
  await expect(page.getByText("Out of stock – message us")).toBeVisible();

  // A line that ended more than the grace period ago without a renewal frees its seat.
  await page.goto(`/admin/orders?q=${four}`);
  await order.getByRole("button", { name: `Manage order ${four}` }).click();
  await order
    .getByLabel(/starts on/)
    .first()
    .fill(shopDate(-40));
  await order.getByRole("button", { name: /^Save/ }).first().click();
  await expect(toast(page, "Start date saved")).toBeVisible();
  await page.reload();
  await expect(order.getByText(/and past the grace period: its seat was freed/)).toBeVisible();
  await expect(order.getByRole("button", { name: /^Take a key for/ })).toHaveCount(0);
  // The freed seat can be chosen by hand: a customer moves onto it, and the move is kept in the history.
  await order
    .getByRole("button", { name: `Move ${item}` })
    .first()
    .click();
  await expect(order.getByLabel(`Seat for ${item}`)).toHaveValue(/.+/);
  await expect(order.getByLabel(`Seat for ${item}`).locator("option")).toHaveText([`${item} family (${login}), seat 1 (Profile 1)`]);
  await order.getByRole("button", { name: "Move here" }).click();
  await expect(toast(page, `On ${item} family, seat 1`)).toBeVisible();
  await expect(order.getByText(`On ${item} family, seat 1`)).toBeVisible();
  // The list is searched on the server: the account is found by its login.
  await page.goto("/admin/accounts");
  const search = page.getByRole("search", { name: "Find accounts" });
  await search.getByLabel("Service, login, note or customer").fill(login);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(login)}`));
  await expect(page.getByRole("list", { name: "Accounts" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("listitem").filter({ hasText: login }).getByText("3/4 seats")).toBeVisible();
  await page.goto(product);
  await expect(page.getByText("Only 1 left")).toBeVisible();
  // The freed seat is there for the fifth line: it waits no more.
  await page.goto(`/admin/orders?q=${fifth}`);
  await expect(waiting.getByRole("heading", { name: fifth })).toBeVisible();
  await expect(waiting.getByText("Waiting for stock")).toHaveCount(0);

  // The delivered order still shows the seats it was given.
  await page.goto(`/admin/orders?q=${four}`);
  await expect(page.getByText(`On ${item} family, seat 3`)).toBeVisible();
});
