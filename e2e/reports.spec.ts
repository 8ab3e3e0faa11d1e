import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { placeOrder } from "./helpers";

/**
 * A known history written through the API: a service of its own, sold twice this month (1 device and 2
 * devices at NPR 1,000 a month) and delivered, to a customer of its own, so other tests' orders on the
 * worker's shop do not mix in.
 */
async function seedHistory(page: Page, origin: string) {
  const stamp = String(Date.now());
  const name = `Report Box ${stamp}`;
  const customer = `Reporter ${stamp}`;
  const created = await page.request.post("/api/prices", {
    headers: { origin },
    data: {
      Name: name,
      Id: String(1_000_000 + Math.floor(Math.random() * 900_000_000)),
      ImageId: "/images/placeholder.svg",
      Category: "ott",
      Info: "",
      plans: { "1": 1000 },
      Note: "",
      Status: "shared",
      SpecialLink: "/prices",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { allPrices } = await (await page.request.get("/api/prices")).json();
  const itemId = allPrices.find((item: { Name: string }) => item.Name === name)._id;
  const phone = `98${String(Date.now()).slice(-8)}`;
  for (const devices of [1, 2]) {
    const { reference } = await placeOrder(origin, { items: [{ _id: itemId, months: 1, devices }], channel: "whatsapp", name: customer, phone });
    const delivered = await page.request.post(`/api/admin/orders/${reference}/status`, { headers: { origin }, data: { status: "delivered" } });
    expect(delivered.status()).toBe(200);
  }
  return { name, customer, phone: `+977${phone}` };
}

const grouped = (n: number) => (n < 0 ? `−${new Intl.NumberFormat("en-IN").format(-n)}` : new Intl.NumberFormat("en-IN").format(n));

async function chartsDrawn(page: Page) {
  const canvases = page.locator("canvas[role=img]");
  await expect(canvases).toHaveCount(4);
  // Each canvas has pixels drawn on it (not a blank box).
  await expect
    .poll(() =>
      canvases.evaluateAll((all) =>
        all.every((canvas) => {
          const c = canvas as HTMLCanvasElement;
          const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
          return false;
        }),
      ),
    )
    .toBe(true);
}

test("reports: four charts drawn with the server's numbers, each with its table, in both themes", async ({ page, baseURL, signedIn }) => {
  test.slow();
  const origin = new URL(baseURL!).origin;
  await signedIn(page, "/admin/dashboard");
  const { name } = await seedHistory(page, origin);
  const money = (await (await page.request.get("/api/admin/reports/money")).json()).months as Array<{
    month: string;
    revenue: number;
    cost: number;
    margin: number;
  }>;
  const thisMonth = money.at(-1)!;
  expect(thisMonth.revenue).toBeGreaterThanOrEqual(3000);

  for (const theme of ["dark", "light"] as const) {
    await page.evaluate((dark) => localStorage.setItem("isDarkMode", dark), String(theme === "dark"));
    await page.goto("/admin/reports");
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
    await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
    await chartsDrawn(page);

    // The money chart and its table hold the server's twelve months.
    const moneyChart = page.getByRole("region", { name: "Revenue, cost and margin by month" });
    const drawn = JSON.parse((await moneyChart.locator("canvas").getAttribute("data-series"))!);
    expect(drawn.values).toEqual([money.map((m) => m.revenue), money.map((m) => m.cost), money.map((m) => m.margin)]);
    const lastRow = moneyChart.getByRole("table").getByRole("row").last();
    await expect(lastRow).toHaveText(new RegExp(`${grouped(thisMonth.revenue)}.*${grouped(thisMonth.cost)}.*${grouped(thisMonth.margin)}`));

    // The seeded service: NPR 3,000 this month, in the chart and in its table.
    const services = page.getByRole("region", { name: /^Revenue by service/ });
    const byService = JSON.parse((await services.locator("canvas").getAttribute("data-series"))!);
    expect(byService.values[0][byService.labels.indexOf(name)]).toBe(3000);
    await expect(services.getByRole("row", { name: new RegExp(name) })).toContainText("3,000");

    await expect(page.getByRole("region", { name: "New and returning customers" }).getByRole("table")).toBeVisible();
    await expect(page.getByRole("region", { name: "Renewal rate" }).getByRole("table")).toBeVisible();
  }

  // The dashboard shows this month's figures against last month's.
  await page.goto("/admin/dashboard");
  const figures = page.getByRole("region", { name: "This month" });
  const revenue = figures.getByRole("listitem").filter({ hasText: "Revenue" });
  await expect(revenue.getByText(`NPR ${grouped(thisMonth.revenue)}`, { exact: true })).toBeVisible();
});

test("customers: found by phone, their page with orders and a WhatsApp link, the name and note saved", async ({ page, baseURL, signedIn }) => {
  test.slow();
  const origin = new URL(baseURL!).origin;
  await signedIn(page, "/admin/dashboard");
  const { customer, phone } = await seedHistory(page, origin);

  await page.goto("/admin/customers");
  await page.getByRole("searchbox", { name: "Name or phone" }).fill(phone.slice(-8));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByText("1 customer", { exact: false })).toBeVisible();

  await page.getByRole("link", { name: customer }).filter({ visible: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(customer);
  await expect(page.getByRole("link", { name: /Message on WhatsApp/ })).toHaveAttribute("href", `https://wa.me/${phone.slice(1)}`);
  await expect(page.getByRole("region", { name: /Orders \(2\)/ }).getByRole("listitem")).toHaveCount(2);
  await page.getByLabel("Display name").fill("Our best reporter");
  await page.getByLabel(/Private note/).fill("Pays on time");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Customer saved" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our best reporter");
  for (const theme of ["dark", "light"] as const) {
    await page.evaluate((dark) => localStorage.setItem("isDarkMode", dark), String(theme === "dark"));
    await page.reload();
    await expect(page.getByLabel("Display name")).toHaveValue("Our best reporter");
  }
});
