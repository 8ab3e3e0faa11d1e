import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

/** Names and Ids unique per moment: the tests of one worker share its server. */
function unique(offset: number) {
  const now = Date.now();
  return { name: `Test Service ${now}`, id: String((now % 1e8) + offset) };
}

const addForm = (page: Page) => page.getByRole("form", { name: "Add Price" });
const updateForm = (page: Page) => page.getByRole("form", { name: "Update Price" });
const grid = (page: Page) => page.getByRole("list", { name: "All prices" });
const box = (form: ReturnType<typeof addForm>, name: string) => form.getByRole("textbox", { name, exact: true });

async function fillPrice(page: Page, values: { name: string; id: string }) {
  const form = addForm(page);
  await box(form, "Name").fill(values.name);
  await box(form, "Id").fill(values.id);
  await box(form, "ImageId").fill("/images/placeholder.svg");
  await form.getByRole("combobox", { name: "Category" }).selectOption({ label: "OTT" });
  await box(form, "Info").fill("A test service made by the end-to-end suite.");
  await form.getByRole("combobox", { name: "Months" }).fill("1");
  await box(form, "Price (NPR)").fill("500");
  await form.getByRole("button", { name: "Add plan" }).click();
  // Enter in the plan inputs adds the plan too, instead of submitting the form.
  await form.getByRole("combobox", { name: "Months" }).fill("3");
  await box(form, "Price (NPR)").fill("1400");
  await box(form, "Price (NPR)").press("Enter");
  await box(form, "Note").fill("Made by a test");
  await form.getByRole("combobox", { name: "Status" }).selectOption({ label: "Shared" });
  await box(form, "SpecialLink").fill("https://example.com/order");
}

test("add a price with plans, see it in the shop, edit it, then delete it", async ({ page, signedIn }) => {
  const item = unique(1);
  await signedIn(page, "/admin/prices");
  await expect(page.getByRole("heading", { level: 1, name: "Prices" })).toBeVisible();

  const form = addForm(page);
  await expect(form.getByRole("combobox", { name: "Category" })).toHaveValue("");
  await expect(form.getByRole("combobox", { name: "Category" }).locator("option:checked")).toHaveText("Select Category");
  await expect(form.getByRole("combobox", { name: "Status" }).locator("option:checked")).toHaveText("Select Status");

  // A plan is added only when both months and price are filled in.
  await form.getByRole("combobox", { name: "Months" }).fill("6");
  await form.getByRole("button", { name: "Add plan" }).click();
  await expect(form.getByText("Enter both months and price to add a plan.")).toBeVisible();
  await expect(form.getByText("No plans yet.")).toBeVisible();
  await form.getByRole("combobox", { name: "Months" }).fill("");

  await fillPrice(page, item);
  const plans = form.getByRole("list", { name: "Plans" }).getByRole("listitem");
  await expect(plans).toHaveText([/^1 month/, /^3 months/]);
  await expect(form.getByRole("textbox", { name: "Price for 3 months (NPR)" })).toHaveValue("1400");

  await form.getByRole("button", { name: "Add Price" }).click();
  await expect(page.getByText(`${item.name} added`)).toBeVisible();
  await expect(box(addForm(page), "Name")).toHaveValue("");

  const itemCard = grid(page).getByRole("listitem", { name: item.name });
  await expect(itemCard).toContainText("OTT");
  await expect(itemCard).toContainText(item.id);
  await expect(itemCard).toContainText("Shared");
  await expect(itemCard).toContainText("Made by a test");
  await expect(itemCard).toContainText("1 month: NPR 500");
  await expect(itemCard).toContainText("3 months: NPR 1,400");
  await expect(itemCard.getByRole("link", { name: "https://example.com/order" })).toBeVisible();

  // The search filters the grid on the client.
  const search = page.getByRole("searchbox", { name: "Search prices" });
  await search.fill(item.name);
  await expect(grid(page).getByRole("listitem")).toHaveCount(1);
  await search.fill("no such service zzz");
  await expect(page.getByText("No prices match “no such service zzz”")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(itemCard).toBeVisible();

  // Shoppers see it.
  await page.goto(`/prices?q=${encodeURIComponent(item.name)}`);
  await expect(page.getByRole("list", { name: "Subscriptions" }).getByRole("listitem").filter({ hasText: item.name })).toContainText("NPR 500");
  const productPath = `/prices/${encodeURIComponent(item.name)}`;
  await page.goto(productPath);
  await expect(page.getByRole("heading", { level: 1, name: item.name })).toBeVisible();
  await expect(page.getByText("Total cost: NPR 500")).toBeVisible();

  // Edit: the form switches to update mode, prefilled, with the focus in it.
  await page.goto("/admin/prices");
  await page.getByRole("searchbox", { name: "Search prices" }).fill(item.name);
  await grid(page)
    .getByRole("listitem", { name: item.name })
    .getByRole("button", { name: `Edit ${item.name}` })
    .click();
  const update = updateForm(page);
  await expect(box(update, "Name")).toBeFocused();
  await expect(box(update, "Name")).toHaveValue(item.name);
  await expect(update.getByRole("combobox", { name: "Category" })).toHaveValue("ott");
  await expect(update.getByRole("combobox", { name: "Status" })).toHaveValue("shared");
  await expect(update.getByRole("list", { name: "Plans" }).getByRole("listitem")).toHaveText([/^1 month/, /^3 months/]);

  // Cancel edit goes back to add mode without saving.
  await update.getByRole("button", { name: "Cancel edit" }).click();
  await expect(box(addForm(page), "Name")).toHaveValue("");
  await grid(page)
    .getByRole("listitem", { name: item.name })
    .getByRole("button", { name: `Edit ${item.name}` })
    .click();

  await update.getByRole("textbox", { name: "Price for 1 month (NPR)" }).fill("550");
  await box(update, "Info").fill("Changed by the end-to-end suite.");
  await update.getByRole("button", { name: "Remove 3 months plan" }).click();
  await update.getByRole("button", { name: "Update Price" }).click();
  await expect(page.getByText(`${item.name} updated`)).toBeVisible();
  await expect(addForm(page)).toBeVisible();
  await expect(grid(page).getByRole("listitem", { name: item.name })).toContainText("1 month: NPR 550");
  await expect(grid(page).getByRole("listitem", { name: item.name })).not.toContainText("3 months");

  await page.goto(productPath);
  await expect(page.getByText("Total cost: NPR 550")).toBeVisible();
  await expect(page.getByText("Changed by the end-to-end suite.")).toBeVisible();

  // Delete asks first; Cancel keeps it.
  await page.goto("/admin/prices");
  await page.getByRole("searchbox", { name: "Search prices" }).fill(item.name);
  const deleteButton = grid(page)
    .getByRole("listitem", { name: item.name })
    .getByRole("button", { name: `Delete ${item.name}` });
  await deleteButton.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to delete this price?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  await deleteButton.click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText(`${item.name} deleted`)).toBeVisible();
  await expect(grid(page).getByRole("listitem", { name: item.name })).toHaveCount(0);
  await expect(page.getByText(`No prices match “${item.name}”`)).toBeVisible();
  expect((await page.request.get(productPath)).status()).toBe(404);
});

test("server errors show next to their fields and keep what was typed", async ({ page, signedIn }) => {
  const item = unique(2);
  await signedIn(page, "/admin/prices");
  await fillPrice(page, item);
  const form = addForm(page);
  await box(form, "Name").fill("");
  await form.getByRole("button", { name: "Add Price" }).click();

  const name = box(form, "Name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Name is required");
  await expect(name).toBeFocused();
  await expect(page.getByRole("alert").filter({ hasText: /Name is required|invalid/i })).toBeVisible();
  await expect(box(form, "Id")).toHaveValue(item.id);
  await expect(box(form, "Note")).toHaveValue("Made by a test");
  await expect(form.getByRole("combobox", { name: "Category" })).toHaveValue("ott");
  await expect(form.getByRole("list", { name: "Plans" }).getByRole("listitem")).toHaveCount(2);

  // Typing clears that field's error.
  await name.fill(item.name);
  await expect(name).not.toHaveAttribute("aria-invalid", "true");

  // An Id another price already uses: the 409 message, next to Id.
  const { allPrices } = (await (await page.request.get("/api/prices")).json()) as { allPrices: Array<{ Id: string }> };
  const takenId = allPrices[0]!.Id;
  await box(form, "Id").fill(takenId);
  await form.getByRole("button", { name: "Add Price" }).click();
  const message = `Another price already uses Id ${takenId}`;
  await expect(box(form, "Id")).toHaveAccessibleDescription(new RegExp(message));
  await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
  await expect(box(form, "Name")).toHaveValue(item.name);
  await expect(grid(page).getByRole("listitem", { name: item.name })).toHaveCount(0);
});

test("the screen's action checks the form with the same schema as the browser, so a request past the page is refused too", async ({
  page,
  signedIn,
}) => {
  await signedIn(page, "/admin/prices");
  const response = await page.request.post("/admin/prices.data", {
    headers: { "content-type": "application/json" },
    data: { intent: "create", fields: { Name: "", Id: "x1", ImageId: "/images/placeholder.svg", Category: "ott", SpecialLink: "/prices" } },
  });
  expect(response.status()).toBe(400);
  const body = await response.text();
  expect(body).toContain("Name is required");
  expect(body).toContain("Id must be a whole number");
});
