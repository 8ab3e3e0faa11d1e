import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { MY_ORDERS_KEY } from "../domain/orders/order-page";
import type { FakeGateways } from "../tests/fakes/gateways";
import type { FakeTelegram } from "../tests/fakes/telegram";
import { expect, test, type SignedIn } from "./fixtures";
import { startPayment, turnOnGateways } from "./gateways";
import {
  addPaymentMethod,
  catalogueId,
  catchChatLinks,
  expectNoAxeViolations,
  hydrated,
  netflix1x1,
  netflix3x2,
  newItem,
  placeOrder,
  seedCart,
  shopDate,
  special,
  useTheme,
} from "./helpers";

// Every page and state the suite checks with axe, in both themes. A screen is visited once and its states are
// reached in that visit, one after another (open a dialog, scan; fill a form wrongly, scan): one test per screen.
// The journeys check what the pages do; these check that everyone can read and use them.

interface Scene {
  page: Page;
  /** API calls as the E2E admin. */
  admin: APIRequestContext;
  origin: string;
  signedIn: SignedIn;
  /** This worker's fake payment gateways (ADR 0098). */
  gateways: FakeGateways;
  /** This worker's fake Telegram (ADR 0105). */
  telegram: FakeTelegram;
  /** Takes away, after the scan, what the row made. */
  afterwards: (tidy: () => Promise<unknown>) => void;
}

interface Row {
  state: string;
  /** @phone: also scanned at 360 px; @phone-only: a state only the phone layout has. */
  tag?: "@phone" | "@phone-only";
  /** Brings the page to the state, and checks it got there: the first state of a screen from a blank page, each
   * later one from the state before it. */
  open: (scene: Scene) => Promise<void>;
}

/** States reached in one visit of a screen. A screen with a state tagged @phone is walked whole at 360 px too. */
interface Screen {
  screen: string;
  states: Row[];
}

const screen = (name: string, ...states: Row[]): Screen => ({ screen: name, states });

const NETFLIX = "/prices/Netflix%20Premium";
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** A cart whose Netflix 1 month line was added when it cost 250; the shop now sells it at 300. */
async function seedCartOfOldPrices(page: Page, admin: APIRequestContext) {
  const _id = await catalogueId(admin, "Netflix Premium");
  await seedCart(page, [
    { ...netflix1x1, _id, selectedMonth: 250, cost: 250 },
    { ...netflix3x2, _id },
  ]);
}

/** A catalogue item of the row's own (1 month at NPR 150), deleted after the scan. */
async function addItem({ admin, afterwards }: Scene, fields: Record<string, unknown> = {}) {
  const item = await newItem(admin, "A11y Service", fields);
  afterwards(() => admin.delete(`/api/prices/${encodeURIComponent(item.name)}`));
  return item;
}

/** An order of Netflix Premium for 1 month, placed as a shopper does; `status` moves it on as the admin does. */
async function anOrder(
  { admin, origin }: Scene,
  { status, phone = "9801234567", name = "A11y Shopper" }: { status?: "delivered"; phone?: string; name?: string } = {},
) {
  const _id = await catalogueId(admin, "Netflix Premium");
  const order = await placeOrder(origin, { items: [{ _id, months: 1, devices: 1 }], channel: "whatsapp", name, phone });
  if (status) {
    // 27 days ago: a month that ends within the week, so it is due for renewal.
    const moved = await admin.post(`/api/admin/orders/${order.reference}/status`, { data: { status, startDate: shopDate(-27) } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return order;
}

/** A delivered order with a problem its shopper reported and the seller answered (ADR 0111). */
async function anAnsweredProblem(scene: Scene) {
  const order = await anOrder(scene, { status: "delivered" });
  const key = new URL(order.orderUrl, scene.origin).searchParams.get("key")!;
  const lineId = (await (await scene.admin.get(`/api/admin/orders/${order.reference}`)).json()).order.lines[0].id;
  const reported = await scene.admin.post(`/api/orders/${order.reference}/problems`, {
    data: { key, lineId, kind: "profile-taken", text: "Someone else is using my profile." },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const [problem] = (await reported.json()).problems;
  const queued = (await (await scene.admin.get("/api/admin/problems")).json()).items.find((item: { id: string }) => item.id === problem.id);
  const answered = await scene.admin.post(`/api/admin/problems/${problem.id}/answer`, {
    data: { version: queued.version, text: "We are moving you to another profile today." },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  return order;
}

/** The customer link of `phone` (ADR 0104), as the seller's "New customer link" makes it. */
async function customerLink({ admin }: Scene, phone: string): Promise<string> {
  const made = await admin.post(`/api/admin/customers/${phone}/link`);
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).link.path;
}

/**
 * Automatic delivery (ADR 0099): an item of the row's own set to deliver automatically, on an account's seat (or, with `stocked`
 * false, on nothing), and an order of it marked paid: delivered automatically, or waiting with its reason.
 */
async function anAutomaticOrder(scene: Scene, { stocked = true } = {}) {
  const { admin, origin } = scene;
  const item = await addItem(scene, { AutoDeliver: true });
  if (stocked) {
    const account = await admin.post("/api/admin/accounts", {
      data: {
        service: `${item.name} family`,
        itemIds: [item._id],
        login: `seller-${unique()}@example.com`,
        password: "E2E-account-pass-4821",
        seats: [{ profileName: "Kitchen", pin: "4821" }],
        billingCycle: "monthly",
        renewalDate: shopDate(60),
        cost: 1200,
      },
    });
    expect(account.status(), await account.text()).toBe(201);
  }
  const order = await placeOrder(origin, {
    items: [{ _id: item._id, months: 1, devices: 1 }],
    channel: "whatsapp",
    name: "A11y Shopper",
    phone: "9801234567",
  });
  const paid = await admin.post(`/api/admin/orders/${order.reference}/status`, { data: { status: "paid" } });
  expect((await paid.json()).order.status).toBe(stocked ? "delivered" : "paid");
  return { ...order, item };
}

/** The three gateways on with the fakes' accounts for this row, off again after it. */
async function withGateways({ admin, afterwards }: Scene) {
  await turnOnGateways(admin);
  afterwards(() => turnOnGateways(admin, false));
}

const orderCard = (page: Page, reference: string) =>
  page
    .getByRole("list", { name: "Orders" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: reference }) });

/** An account of 4 seats serving an item of the row's own, and a delivered order of two lines of it, put on seats. */
async function ordersOnSeats(scene: Scene) {
  const { page, admin, origin, signedIn } = scene;
  const item = await addItem(scene);
  const service = `${item.name} family`;
  const account = await admin.post("/api/admin/accounts", {
    data: {
      service,
      itemIds: [item._id],
      login: `seller-${unique()}@example.com`,
      password: "E2E-account-pass-4821",
      seats: [1, 2, 3, 4].map((n) => ({ profileName: `Profile ${n}`, pin: "4821" })),
      cost: 1200,
      billingCycle: "none",
    },
  });
  expect(account.status(), await account.text()).toBe(201);
  const { reference } = await placeOrder(origin, {
    items: [1, 2].map(() => ({ _id: item._id, months: 1, devices: 1 })),
    channel: "whatsapp",
    name: "A11y Shopper",
    phone: "9801234567",
  });
  expect((await admin.post(`/api/admin/orders/${reference}/status`, { data: { status: "delivered" } })).status()).toBe(200);
  await signedIn(page, `/admin/orders?q=${reference}`);
  const order = orderCard(page, reference);
  await order.getByRole("button", { name: `Manage order ${reference}` }).click();
  for (const seat of [1, 2]) {
    // Pressed once the proposal reads this seat: the second line's is read again after the first line takes seat 1.
    await expect(order.getByText(`Proposed: ${service}, seat ${seat}`).first()).toBeVisible();
    await order
      .getByRole("button", { name: `Assign seat for ${item.name}` })
      .first()
      .click();
    await expect(order.getByText(`On ${service}, seat ${seat}`)).toBeVisible();
  }
  return { order, item };
}

/** The admin screen the sidebar's `link` opens, when the request for its data never reaches the server. */
const droppedConnection = (state: string, screen: string, link: string, alert: string): Row => ({
  state,
  async open({ page, signedIn }) {
    await signedIn(page, "/admin/dashboard");
    await page.route(`**/admin/${screen}.data*`, (route) => route.abort("internetdisconnected"));
    await page.getByRole("complementary", { name: "Admin" }).getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: alert })).toBeVisible();
  },
});

const poster = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

const STOREFRONT: Array<Row | Screen> = [
  screen(
    "home",
    { state: "home", tag: "@phone", open: ({ page }) => visit(page, "/", /Digital subscriptions in Nepal/) },
    {
      state: "home with the menu open",
      tag: "@phone-only",
      async open({ page }) {
        await hydrated(page, 'button[aria-controls="mobile-menu"]');
        await page.getByRole("button", { name: "Menu", exact: true }).click();
        await expect(page.locator("#mobile-menu")).toBeVisible();
      },
    },
  ),
  { state: "all content", open: ({ page }) => visit(page, "/all-content", "What's New to Watch") },
  { state: "a page that does not exist", tag: "@phone", open: ({ page }) => visit(page, "/no-such-page", "Oops! Page Not Found") },
  { state: "a product that does not exist", open: ({ page }) => visit(page, "/prices/No%20Such%20Service", "Oops! Page Not Found") },
  screen(
    "the price list",
    { state: "the price list", open: ({ page }) => visit(page, "/prices", "Prices") },
    {
      state: "the price list with its filters open",
      async open({ page }) {
        await page.locator("summary", { hasText: "Filters" }).click();
        await expect(page.getByLabel("Sort by")).toBeVisible();
      },
    },
    {
      state: "the price list without a match",
      async open({ page }) {
        await visit(page, "/prices?q=zzzz", "Prices");
        await expect(page.getByText("No subscriptions found", { exact: true })).toBeVisible();
      },
    },
    { state: "the 18+ category", open: ({ page }) => visit(page, "/price/18+", /18\+/) },
  ),
  screen(
    "a product",
    { state: "a product", open: ({ page }) => visit(page, NETFLIX, "Netflix Premium") },
    {
      state: "a product with an answer of its FAQ open",
      async open({ page }) {
        await hydrated(page, "[data-accordion] button");
        await page.locator("[data-accordion]").getByRole("button", { name: "What kind of account will I get?" }).focus();
        await page.keyboard.press("End");
        await page.keyboard.press("Enter");
        await expect(page.getByText(/validity varies a little: by 5-10 days for 6 or 12 month plans/)).toBeVisible();
      },
    },
    {
      state: "a product just added to the cart",
      tag: "@phone",
      async open({ page }) {
        await hydrated(page, "main button[aria-pressed]");
        await page.getByRole("button", { name: "Add to Cart" }).click();
        await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
      },
    },
  ),
  { state: "the 18+ gate of a product", open: ({ page }) => visit(page, "/prices/Adult%20Streaming%20Pass", "Are you 18 or older?") },
  {
    state: "a product without plans",
    async open({ page }) {
      await visit(page, "/prices/Internet%20Download%20Manager", "Internet Download Manager");
      await expect(page.getByText("Contact Admin for this Item")).toBeVisible();
    },
  },
  {
    state: "a product whose price changed since the page opened",
    async open(scene) {
      const { page, admin } = scene;
      const item = await addItem(scene);
      await visit(page, `/prices/${encodeURIComponent(item.name)}`, item.name);
      await hydrated(page, "main button[aria-pressed]");
      const { allPrices } = await (await admin.get("/api/prices")).json();
      const { _id, Id, Name, Info, ImageId, Note, SpecialLink, category, status } = allPrices.find(
        (found: { _id: string }) => found._id === item._id,
      );
      const raised = await admin.put(`/api/prices/${_id}`, {
        data: { Id, Name, Info, ImageId, Note, SpecialLink, Category: category, Status: status, plans: { "1": 175 } },
      });
      expect(raised.status(), await raised.text()).toBe(200);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByText("The price of this plan changed since this page opened: Rs. 150 is now Rs. 175 per device.")).toBeVisible();
    },
  },
  { state: "the empty cart", open: ({ page }) => visit(page, "/cart", "Your Cart is Empty") },
  screen(
    "the cart with items",
    {
      state: "the cart with items",
      async open({ page }) {
        await seedCart(page, [netflix3x2, special]);
        await page.goto("/cart");
        await expect(page.getByText("Total (2 items)")).toBeVisible();
      },
    },
    {
      state: "the checkout dialog",
      async open({ page }) {
        await page.getByRole("button", { name: "Proceed to Checkout" }).click();
        await expect(page.getByRole("dialog", { name: "Select Payment Method" })).toBeVisible();
      },
    },
  ),
  screen(
    "the cart saying a price changed",
    {
      state: "the cart saying a price changed",
      async open({ page, admin }) {
        await seedCartOfOldPrices(page, admin);
        await page.goto("/cart");
        await expect(page.getByText("Total (2 items)")).toBeVisible();
        await expect(page.getByText("A price has changed since you added these items").locator("..").filter({ visible: true })).toContainText(
          "was Rs. 250, now Rs. 300",
        );
      },
    },
    {
      state: "the checkout dialog saying a price changed",
      async open({ page }) {
        await page.getByRole("button", { name: "Proceed to Checkout" }).click();
        await expect(page.getByRole("dialog", { name: "Select Payment Method" })).toContainText("was Rs. 250, now Rs. 300 per device");
      },
    },
  ),
  screen(
    "the checkout dialog with the order's reference",
    {
      state: "the checkout dialog with the order's reference",
      async open({ page, admin, origin }) {
        await catchChatLinks(page.context());
        // The order goes to the shop from an address of its own (see placeOrder), not the browser's.
        await page.route("**/api/orders", async (route) =>
          route.fulfill({ status: 201, json: await placeOrder(origin, route.request().postDataJSON()) }),
        );
        await seedCart(page, [{ ...netflix1x1, _id: await catalogueId(admin, "Netflix Premium") }]);
        await page.goto("/cart");
        await page.getByRole("button", { name: "Proceed to Checkout" }).click();
        const dialog = page.getByRole("dialog", { name: "Select Payment Method" });
        const popup = page.context().waitForEvent("page");
        await dialog.getByRole("button", { name: "Proceed via WhatsApp" }).click();
        await popup;
        await expect(dialog.getByRole("status")).toContainText(/Your order reference is PSL-/);
      },
    },
    {
      state: "the cart the order emptied, with Undo",
      async open({ page }) {
        await page.getByRole("dialog", { name: "Select Payment Method" }).getByRole("button", { name: "Close" }).click();
        await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
      },
    },
    {
      state: "the cart put back, saying where the last order is",
      async open({ page }) {
        await page.getByRole("button", { name: "Undo" }).click();
        await expect(page.getByText(/^Your last order, PSL-\w{5}, is on its order page\./)).toBeVisible();
      },
    },
  ),
  screen(
    "the Netflix code form",
    { state: "the Netflix code form", open: ({ page }) => visit(page, "/netflixCode", "Get a Netflix code") },
    {
      state: "the Netflix code form with its errors",
      async open({ page }) {
        await expect(async () => {
          await page.getByRole("button", { name: "Ask on WhatsApp" }).click();
          await expect(page.getByText("Enter the email of your Netflix account")).toBeVisible({ timeout: 500 });
        }).toPass();
      },
    },
  ),
  screen(
    "the information pages",
    ...["/aboutUs", "/contact", "/help", "/privacy", "/terms"].map((path): Row => ({
      state: path,
      async open({ page }) {
        // axe judges the settled page; mid-animation colours are not what shoppers read.
        await page.emulateMedia({ reducedMotion: "reduce" });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      },
    })),
  ),
  { state: "the updates", open: ({ page }) => visit(page, "/updates", "Updates") },
  screen(
    "an order page with online payments",
    {
      state: "an order page with online payments",
      tag: "@phone",
      async open(scene) {
        await withGateways(scene);
        const { orderUrl } = await anOrder(scene);
        await scene.page.goto(orderUrl);
        await expect(scene.page.getByRole("region", { name: "Pay online" }).getByRole("button", { name: "Pay with Khalti" })).toBeVisible();
      },
    },
    {
      state: "an order page showing the Fonepay QR",
      tag: "@phone",
      async open({ page }) {
        await hydrated(page, "#online-title");
        await page.getByRole("button", { name: "Pay with Fonepay (QR)" }).click();
        await expect(page.getByRole("img", { name: /Scan to pay/ })).toBeVisible();
      },
    },
  ),
  {
    state: "an order page paid and checked with Khalti",
    async open(scene) {
      await withGateways(scene);
      const { orderUrl } = await anOrder(scene);
      const start = await startPayment(scene.page.request, scene.origin, orderUrl, "khalti");
      await scene.page.request.get(
        (await scene.gateways.pay("khalti", new URL(start.url!).searchParams.get("pidx")!, "completed"))!.replace(/^https?:\/\/[^/]+/, scene.origin),
      );
      await scene.page.goto(orderUrl);
      await expect(scene.page.getByText("Paid — checked with Khalti")).toBeVisible();
    },
  },
  {
    state: "the payment return page without the shopper's cookie",
    tag: "@phone",
    async open(scene) {
      await withGateways(scene);
      const { orderUrl } = await anOrder(scene);
      const start = await startPayment(scene.page.request, scene.origin, orderUrl, "khalti");
      await scene.page.context().clearCookies();
      await visit(scene.page, `/payment/${start.paymentId}`, "Payment checked");
    },
  },
  {
    state: "an order page, delivered and due for renewal",
    tag: "@phone",
    async open(scene) {
      const { orderUrl } = await anOrder(scene, { status: "delivered" });
      await scene.page.goto(orderUrl);
      await expect(scene.page.getByText("Paid and delivered. Thank you!")).toBeVisible();
      await expect(scene.page.getByRole("button", { name: "Renew Netflix Premium" })).toBeVisible();
    },
  },
  {
    state: "an order page showing what automatic delivery gave",
    tag: "@phone",
    async open(scene) {
      const { orderUrl } = await anAutomaticOrder(scene);
      await scene.page.goto(orderUrl);
      const held = scene.page.getByRole("region", { name: "Your login and keys" });
      await expect(held).toContainText("E2E-account-pass-4821");
      await expect(held.getByRole("button", { name: /^Copy Delivery message/ })).toBeVisible();
    },
  },
  {
    state: "an order page with an answered problem, and the report form open",
    tag: "@phone",
    async open(scene) {
      const { orderUrl } = await anAnsweredProblem(scene);
      await scene.page.goto(orderUrl);
      const section = scene.page.getByRole("region", { name: "Something wrong?" });
      await expect(section).toContainText("We are moving you to another profile today.");
      await section.getByRole("button", { name: "Report a problem with Netflix Premium" }).click();
      await section.getByRole("button", { name: "Send to the shop" }).click();
      await expect(section.getByRole("alert")).toHaveText("Write a few words about the problem.");
    },
  },
  {
    state: "an order page's renewal checkout, its plan changed",
    tag: "@phone",
    async open(scene) {
      const { orderUrl } = await anOrder(scene, { status: "delivered" });
      await scene.page.goto(orderUrl);
      await scene.page.getByRole("button", { name: "Renew Netflix Premium" }).click();
      const dialog = scene.page.getByRole("dialog", { name: "Renew Netflix Premium" });
      await expect(dialog.getByLabel("Phone")).toHaveValue("9801234567");
      await dialog.getByRole("button", { name: /^3 months/ }).click();
      await expect(dialog).toContainText("NPR 880");
    },
  },
  {
    state: "a customer's page of two subscriptions",
    tag: "@phone",
    async open(scene) {
      const phone = `98${unique().slice(-8)}`;
      for (let i = 0; i < 2; i++) await anOrder(scene, { status: "delivered", phone });
      await scene.page.goto(await customerLink(scene, phone));
      await expect(scene.page.getByRole("list", { name: "Active subscriptions" }).getByRole("listitem")).toHaveCount(2);
    },
  },
  {
    state: "a customer's page with no subscription running",
    async open(scene) {
      const phone = `98${unique().slice(-8)}`;
      await anOrder(scene, { phone });
      await scene.page.goto(await customerLink(scene, phone));
      await expect(scene.page.getByText("No subscription is running now.")).toBeVisible();
    },
  },
  {
    state: "a customer link that was revoked",
    async open(scene) {
      const phone = `98${unique().slice(-8)}`;
      await anOrder(scene, { phone });
      const link = await customerLink(scene, phone);
      expect((await scene.admin.delete(`/api/admin/customers/${phone}/link`)).status()).toBe(200);
      await visit(scene.page, link, "Order not found");
    },
  },
  {
    state: "my orders",
    tag: "@phone",
    async open(scene) {
      const remembered = [];
      for (const status of ["delivered", undefined] as const) {
        const { reference, orderUrl } = await anOrder(scene, { status });
        remembered.push({ reference, key: new URL(orderUrl, scene.origin).searchParams.get("key")!, placedAt: new Date().toISOString() });
      }
      await scene.page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [MY_ORDERS_KEY, JSON.stringify(remembered)]);
      await scene.page.goto("/my-orders");
      for (const { reference } of remembered) await expect(scene.page.getByRole("link", { name: new RegExp(reference) })).toBeVisible();
    },
  },
];

const NEPALI: Array<Row | Screen> = [
  screen(
    "the Nepali pages",
    { state: "/ne/", open: ({ page }) => visit(page, "/ne/", /.+/) },
    { state: "/ne/prices", open: ({ page }) => visit(page, "/ne/prices", /.+/) },
    { state: "/ne/prices/Netflix%20Premium", open: ({ page }) => visit(page, `/ne${NETFLIX}`, "Netflix Premium") },
    { state: "/ne/help", open: ({ page }) => visit(page, "/ne/help", /Netflix को/) },
    { state: "/ne/no-such-page", open: ({ page }) => visit(page, "/ne/no-such-page", /.+/) },
    { state: "/ne/privacy", open: ({ page }) => visit(page, "/ne/privacy", "Pasal मा तपाईंको गोपनीयता") },
    { state: "/ne/netflixCode", open: ({ page }) => visit(page, "/ne/netflixCode", "Netflix कोड लिनुहोस्") },
    { state: "/ne/all-content", open: ({ page }) => visit(page, "/ne/all-content", /.+/) },
  ),
  {
    state: "/ne/cart with an item, by its Nepali name",
    async open({ page }) {
      await seedCart(page, [{ ...netflix3x2, nameNe: "नेटफ्लिक्स प्रिमियम" }]);
      await page.goto("/ne/cart");
      await expect(page.getByText("जम्मा (१ सामान)")).toBeVisible();
      await expect(page.getByRole("heading", { name: "नेटफ्लिक्स प्रिमियम" })).toBeVisible();
    },
  },
  {
    state: "the Nepali price list finding an item by its Nepali name",
    async open(scene) {
      const nepali = `टेस्ट गिफ्ट कार्ड ${unique()}`;
      await addItem(scene, { NameNe: nepali, Category: "games" });
      await scene.page.goto(`/ne/prices?q=${encodeURIComponent(nepali)}`);
      await expect(scene.page.getByRole("list", { name: "सदस्यताहरू" }).getByRole("link")).toContainText(nepali);
    },
  },
  {
    state: "a Nepali customer's page",
    async open(scene) {
      const phone = `98${unique().slice(-8)}`;
      await anOrder(scene, { status: "delivered", phone });
      await visit(scene.page, `/ne${await customerLink(scene, phone)}`, "तपाईंका सदस्यता");
    },
  },
  {
    state: "a Nepali order page with an answered problem, and the report form open",
    tag: "@phone",
    async open(scene) {
      const { orderUrl } = await anAnsweredProblem(scene);
      await scene.page.goto(`/ne${orderUrl}`);
      const section = scene.page.getByRole("region", { name: "केही समस्या छ?" });
      await expect(section).toContainText("जवाफ आयो");
      await section.getByRole("button", { name: "Netflix Premium को समस्या रिपोर्ट गर्नुहोस्" }).click();
      await expect(section.getByRole("radio", { name: "चलेन" })).toBeFocused();
    },
  },
  {
    state: "a Nepali order page, waiting for payment",
    async open({ page, admin, origin }) {
      const method = `Khalti ${unique()}`;
      const added = await admin.post("/api/admin/payment-methods", {
        data: { kind: "bank", name: method, account: "0123456789", holder: "Pasal Traders" },
      });
      expect(added.status(), await added.text()).toBeLessThan(300);
      const _id = await catalogueId(admin, "Netflix Premium");
      const { orderUrl } = await placeOrder(origin, {
        items: [{ _id, months: 3, devices: 2 }],
        channel: "whatsapp",
        name: "सीता",
        phone: "9800000001",
        language: "ne",
      });
      await page.goto(orderUrl);
      await expect(page.getByRole("region", { name: "कसरी भुक्तानी गर्ने" })).toContainText(method);
    },
  },
];

const ADMIN: Array<Row | Screen> = [
  {
    state: "the problem queue with an answered problem",
    tag: "@phone",
    async open(scene) {
      const { reference } = await anAnsweredProblem(scene);
      await scene.signedIn(scene.page, `/admin/problems?order=${reference}`);
      await expect(scene.page.getByRole("heading", { name: "Profile taken: Netflix Premium" })).toBeVisible();
      await expect(scene.page.getByRole("link", { name: /^WhatsApp \(order/ })).toBeVisible();
    },
  },
  {
    state: "the problem queue of an order with none",
    async open({ page, signedIn }) {
      await signedIn(page, "/admin/problems?order=PSL-22222");
      await expect(page.getByText("No problem was reported on this order.")).toBeVisible();
    },
  },
  {
    state: "the admin sign-in",
    tag: "@phone",
    async open({ page }) {
      await page.goto("/admin/orders?q=psl+7k2qx&status=");
      await expect(page.getByRole("heading", { name: "Admin sign-in" })).toBeVisible();
    },
  },
  screen(
    "the dashboard",
    {
      state: "the dashboard",
      tag: "@phone",
      async open({ page, signedIn }) {
        await signedIn(page, "/admin/dashboard");
        await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
        await expect(page.getByRole("region", { name: "This month" })).toBeVisible();
      },
    },
    {
      state: "the dashboard with the admin menu open",
      tag: "@phone-only",
      async open({ page }) {
        await page.getByRole("button", { name: "Menu", exact: true }).click();
        await expect(page.getByRole("complementary", { name: "Admin" }).getByRole("button", { name: "Close menu" })).toBeFocused();
      },
    },
  ),
  {
    state: "the orders screen whose data failed",
    async open({ page, signedIn }) {
      await signedIn(page, "/admin/dashboard");
      await page.route("**/admin/orders.data*", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }));
      await page.getByRole("link", { name: "All orders" }).click();
      await expect(page.getByRole("alert")).toHaveText("Orders could not be loaded");
    },
  },
  droppedConnection("the orders screen after a dropped connection", "orders", "Orders", "Orders could not be loaded"),
  {
    state: "the orders screen with payments to check",
    tag: "@phone",
    async open(scene) {
      await withGateways(scene);
      const { orderUrl, reference } = await anOrder(scene);
      const start = await startPayment(scene.page.request, scene.origin, orderUrl, "khalti");
      const back = (await scene.gateways.pay("khalti", new URL(start.url!).searchParams.get("pidx")!, "less"))!;
      await scene.page.request.get(back.replace(/^https?:\/\/[^/]+/, scene.origin));
      scene.afterwards(async () => {
        const items = (await (await scene.admin.get("/api/admin/payments/to-check")).json()).items as Array<{ _id: string }>;
        for (const item of items) await scene.admin.post(`/api/admin/payments/${item._id}/resolve`);
      });
      await scene.signedIn(scene.page, "/admin/orders");
      await expect(scene.page.getByRole("region", { name: /Payments to check/ })).toContainText(reference);
    },
  },
  {
    state: "the settings' online payments",
    tag: "@phone",
    async open(scene) {
      await withGateways(scene);
      await scene.signedIn(scene.page, "/admin/settings");
      await expect(
        scene.page.getByRole("region", { name: "Online payments" }).getByRole("button", { name: "Reveal Khalti live secret key" }),
      ).toBeVisible();
    },
  },
  {
    state: "the orders screen continuing after an order that does not exist",
    async open({ page, signedIn }) {
      await signedIn(page, "/admin/orders?before=PSL-22222");
      await expect(page.getByRole("status").filter({ hasText: "No order PSL-22222 to continue after" })).toBeVisible();
    },
  },
  {
    state: "the orders screen finding a new order",
    async open(scene) {
      const { reference } = await anOrder(scene);
      await scene.signedIn(scene.page, `/admin/orders?q=${reference}`);
      await expect(orderCard(scene.page, reference)).toContainText("New");
    },
  },
  {
    state: "an order opened to manage, with the shopper's word that they paid",
    async open(scene) {
      const { page, admin, signedIn } = scene;
      const { reference, orderUrl } = await anOrder(scene);
      const key = new URL(orderUrl, scene.origin).searchParams.get("key");
      expect((await admin.post(`/api/orders/${reference}/paid`, { data: { key, transactionId: "TX<42>" } })).status()).toBe(200);
      await signedIn(page, `/admin/orders?q=${reference}`);
      const order = orderCard(page, reference);
      await expect(order).toContainText("Customer says paid");
      await order.getByRole("button", { name: `Manage order ${reference}` }).click();
      await expect(order.getByRole("button", { name: "Mark paid" })).toBeVisible();
    },
  },
  {
    state: "a paid order whose line was not delivered automatically, and why",
    async open(scene) {
      const { reference } = await anAutomaticOrder(scene, { stocked: false });
      await scene.signedIn(scene.page, `/admin/orders?q=${reference}`);
      await expect(orderCard(scene.page, reference)).toContainText("Not delivered automatically: no account serves this item");
    },
  },
  {
    state: "a delivered order opened to manage",
    async open(scene) {
      const { reference } = await anOrder(scene, { status: "delivered" });
      await scene.signedIn(scene.page, `/admin/orders?q=${reference}`);
      const order = orderCard(scene.page, reference);
      await order.getByRole("button", { name: `Manage order ${reference}` }).click();
      await expect(order).toContainText(`${shopDate(-27)} to`);
    },
  },
  {
    state: "an order whose lines are on an account's seats",
    async open(scene) {
      await ordersOnSeats(scene);
    },
  },
  {
    state: "an order line's seat picker",
    async open(scene) {
      const { order, item } = await ordersOnSeats(scene);
      await order
        .getByRole("button", { name: `Move ${item.name}` })
        .first()
        .click();
      await expect(order.getByLabel(`Seat for ${item.name}`).first()).toBeVisible();
    },
  },
  {
    state: "a delivered order of a seat and a key that never expires",
    async open(scene) {
      const { page, admin, origin, signedIn } = scene;
      const seatItem = await addItem(scene);
      const keyItem = await addItem(scene, { Category: "software", Status: "Empty" });
      const account = await admin.post("/api/admin/accounts", {
        data: {
          service: `${seatItem.name} family`,
          itemIds: [seatItem._id],
          login: `seller-${unique()}@example.com`,
          password: "E2E-account-pass-4821",
          seats: [{ pin: "4821" }],
          billingCycle: "monthly",
          renewalDate: shopDate(20),
          cost: 1200,
        },
      });
      expect(account.status(), await account.text()).toBe(201);
      const keys = await admin.post("/api/admin/keys/import", { data: { itemId: keyItem._id, text: `A11Y-${unique()}`, neverExpires: true } });
      expect(keys.status(), await keys.text()).toBe(200);
      const { reference } = await placeOrder(origin, {
        items: [seatItem, keyItem].map(({ _id }) => ({ _id, months: 1, devices: 1 })),
        channel: "whatsapp",
        name: "A11y Shopper",
        phone: "9801234567",
      });
      expect((await admin.post(`/api/admin/orders/${reference}/status`, { data: { status: "delivered" } })).status()).toBe(200);
      await signedIn(page, `/admin/orders?q=${reference}`);
      const order = orderCard(page, reference);
      await expect(order.getByRole("button", { name: `Take a key for ${keyItem.name}` })).toBeVisible();
      await expect(order.getByText(/billed monthly, next bill/)).toBeVisible();
      await order.getByRole("button", { name: `Manage order ${reference}` }).click();
      await expect(order.getByText("Never expires: its key has no end date")).toBeVisible();
    },
  },
  {
    state: "a renewal opened to deliver, starting where the old line ends",
    async open(scene) {
      const { page, admin, signedIn } = scene;
      const delivered = await anOrder(scene, { status: "delivered" });
      const [line] = (await (await admin.get(`/api/admin/orders/${delivered.reference}`)).json()).order.lines;
      const renewed = await admin.post(`/api/admin/renewals/${line.id}`);
      expect(renewed.status(), await renewed.text()).toBe(201);
      const { reference } = (await renewed.json()).order;
      await signedIn(page, `/admin/orders?q=${reference}`);
      const order = orderCard(page, reference);
      await order.getByRole("button", { name: `Manage order ${reference}` }).click();
      await expect(order.getByText(/renews PSL-\w+: it starts on/)).toBeVisible();
    },
  },
  {
    state: "the renewals due",
    async open(scene) {
      const { reference } = await anOrder(scene, { status: "delivered" });
      await scene.signedIn(scene.page, "/admin/renewals");
      await expect(scene.page.getByRole("list", { name: "Renewals due" }).getByRole("listitem").filter({ hasText: reference })).toHaveCount(1);
    },
  },
  {
    state: "the customers found by a phone number",
    async open(scene) {
      const phone = `98${unique().slice(-8)}`;
      await anOrder(scene, { phone });
      await scene.signedIn(scene.page, "/admin/customers");
      await scene.page.getByRole("searchbox", { name: "Name or phone" }).fill(phone.slice(-8));
      await scene.page.getByRole("button", { name: "Search" }).click();
      await expect(scene.page.getByText("1 customer", { exact: false })).toBeVisible();
    },
  },
  {
    state: "a customer's page, with their customer link",
    async open(scene) {
      const phone = `98${unique().slice(-8)}`;
      const name = `A11y Customer ${unique()}`;
      await anOrder(scene, { phone, name });
      const link = await customerLink(scene, phone);
      await scene.signedIn(scene.page, `/admin/customers?q=${phone.slice(-8)}`);
      await scene.page.getByRole("link", { name }).filter({ visible: true }).click();
      await expect(scene.page.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(scene.page.getByRole("region", { name: "Customer link" }).getByRole("link", { name: link })).toBeVisible();
    },
  },
  {
    state: "the reports",
    async open(scene) {
      await anOrder(scene, { status: "delivered" });
      await scene.signedIn(scene.page, "/admin/reports");
      await expect(scene.page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
      await expect(scene.page.locator("canvas[role=img]")).toHaveCount(4);
    },
  },
  {
    state: "the accounts, with one",
    async open(scene) {
      const { page, admin, signedIn } = scene;
      const item = await addItem(scene);
      const login = `seller-${unique()}@example.com`;
      const added = await admin.post("/api/admin/accounts", {
        data: {
          service: `${item.name} family`,
          itemIds: [item._id],
          login,
          password: "E2E-account-pass-4821",
          seats: [{ pin: "4821" }],
          cost: 1200,
          billingCycle: "none",
        },
      });
      expect(added.status(), await added.text()).toBe(201);
      await signedIn(page, "/admin/accounts");
      await expect(page.getByRole("listitem").filter({ hasText: login })).toContainText("0/1 seats");
    },
  },
  {
    state: "an account's own screen: the password changed, a replaced one kept, no holder to move (issue 32)",
    tag: "@phone",
    async open(scene) {
      const { page, admin, signedIn } = scene;
      const item = await addItem(scene);
      const added = await admin.post("/api/admin/accounts", {
        data: {
          service: `${item.name} family`,
          itemIds: [item._id],
          login: `seller-${unique()}@example.com`,
          password: "E2E-account-pass-4821",
          seats: [{ pin: "4821" }],
          cost: 1200,
          billingCycle: "none",
        },
      });
      expect(added.status(), await added.text()).toBe(201);
      const { _id } = (await added.json()).account;
      const changed = await admin.post(`/api/admin/accounts/${_id}/secret-change`, { data: { what: "password", value: "E2E-new-pass-1" } });
      expect(changed.status(), await changed.text()).toBe(200);
      await signedIn(page, `/admin/accounts/${_id}`);
      await expect(page.getByText("No one holds a seat of this account.")).toBeVisible();
      await expect(page.getByRole("button", { name: /^Reveal the password replaced/ })).toBeVisible();
    },
  },
  {
    state: "an account edited in place, and the add form open",
    tag: "@phone",
    async open(scene) {
      const { page, admin, signedIn } = scene;
      const item = await addItem(scene);
      const service = `${item.name} family`;
      const login = `seller-${unique()}@example.com`;
      const data = {
        service,
        itemIds: [item._id],
        login,
        password: "E2E-account-pass-4821",
        seats: [{ pin: "4821" }],
        cost: 1200,
        billingCycle: "none",
      };
      const added = await admin.post("/api/admin/accounts", { data });
      expect(added.status(), await added.text()).toBe(201);
      await signedIn(page, `/admin/accounts?q=${encodeURIComponent(login)}`);
      await page.getByRole("button", { name: "Add a provider account" }).click();
      await page.getByRole("button", { name: `Edit ${service} (${login})` }).click();
      await expect(page.getByRole("region", { name: `Edit ${service} (${login})` }).getByRole("textbox", { name: "Service" })).toBeFocused();
      await expect(page.getByRole("region", { name: "Add a provider account" })).toBeVisible();
    },
  },
  {
    state: "the account form with its billing errors",
    async open({ page, signedIn }) {
      await signedIn(page, "/admin/accounts");
      await page.getByRole("button", { name: "Add a provider account" }).click();
      const form = page.getByRole("region", { name: "Add a provider account" });
      await form.getByLabel("Billed").selectOption("yearly");
      await form.getByRole("button", { name: "Add account" }).click();
      await expect(form.getByText("A yearly account needs its next bill date")).toBeVisible();
    },
  },
  {
    state: "the audit log, with a reveal and a retirement",
    tag: "@phone",
    async open(scene) {
      const { page, admin, signedIn } = scene;
      const item = await addItem(scene);
      const login = `audited-${unique()}@example.com`;
      const added = await admin.post("/api/admin/accounts", {
        data: {
          service: `${item.name} family`,
          itemIds: [item._id],
          login,
          password: "E2E-account-pass-4821",
          seats: [{}],
          cost: 1200,
          billingCycle: "none",
        },
      });
      expect(added.status(), await added.text()).toBe(201);
      const { _id } = (await added.json()).account;
      expect((await admin.post(`/api/admin/accounts/${_id}/reveal`, { data: { what: "password" } })).status()).toBe(200);
      expect((await (await admin.delete(`/api/admin/accounts/${_id}`)).json()).outcome).toBe("retired");
      await signedIn(page, `/admin/audit?q=${encodeURIComponent(login)}`);
      await expect(page.getByText("2 lines match")).toBeVisible();
    },
  },
  {
    state: "the audit log with nothing matching",
    async open({ page, signedIn }) {
      await signedIn(page, `/admin/audit?kind=gateway&q=${unique()}`);
      await expect(page.getByText("Nothing matches these filters")).toBeVisible();
    },
  },
  {
    state: "a price its customers hold a key of: Delete explains, and offers to hide it",
    async open(scene) {
      const { page, admin, origin, signedIn } = scene;
      const { name, _id } = await addItem(scene);
      expect((await admin.post("/api/admin/keys/import", { data: { itemId: _id, text: `A11Y-${unique()}`, cost: 0 } })).status()).toBe(200);
      const { reference } = await placeOrder(origin, {
        items: [{ _id, months: 1, devices: 1 }],
        channel: "whatsapp",
        name: "A11y Shopper",
        phone: "9801234567",
      });
      const delivered = await admin.post(`/api/admin/orders/${reference}/status`, { data: { status: "delivered" } });
      expect((await admin.post(`/api/admin/lines/${(await delivered.json()).order.lines[0].id}/key`)).status()).toBe(201);
      await signedIn(page, "/admin/prices");
      await page.getByRole("searchbox", { name: "Search prices" }).fill(name);
      await page.getByRole("button", { name: `Delete ${name}` }).click();
      await expect(page.getByRole("dialog", { name: "This price cannot be deleted" }).getByRole("button", { name: "Hide it instead" })).toBeVisible();
    },
  },
  {
    state: "a price being edited",
    async open(scene) {
      const { name } = await addItem(scene);
      await scene.signedIn(scene.page, "/admin/prices");
      await scene.page.getByRole("searchbox", { name: "Search prices" }).fill(name);
      await scene.page.getByRole("button", { name: `Edit ${name}` }).click();
      await expect(scene.page.getByRole("form", { name: "Update Price" }).getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
    },
  },
  {
    state: "a price being edited, set to deliver automatically",
    async open(scene) {
      const { name } = await addItem(scene, { AutoDeliver: true });
      await scene.signedIn(scene.page, "/admin/prices");
      await scene.page.getByRole("searchbox", { name: "Search prices" }).fill(name);
      await scene.page.getByRole("button", { name: `Edit ${name}` }).click();
      const form = scene.page.getByRole("form", { name: "Update Price" });
      await expect(form.getByRole("checkbox", { name: "Deliver automatically when paid" })).toBeChecked();
    },
  },
  {
    state: "a price's delete confirmation",
    async open(scene) {
      const { name } = await addItem(scene);
      await scene.signedIn(scene.page, "/admin/prices");
      await scene.page.getByRole("searchbox", { name: "Search prices" }).fill(name);
      await scene.page.getByRole("button", { name: `Delete ${name}` }).click();
      await expect(scene.page.getByRole("dialog")).toContainText("Are you sure you want to delete this price?");
    },
  },
  screen(
    "the prices screen",
    { state: "the prices screen", open: ({ page, signedIn }) => signedIn(page, "/admin/prices") },
    {
      state: "the add-price form with the server's errors",
      async open({ page }) {
        const form = page.getByRole("form", { name: "Add Price" });
        await form.getByRole("textbox", { name: "Id", exact: true }).fill("12");
        await form.getByRole("textbox", { name: "ImageId", exact: true }).fill("/images/placeholder.svg");
        await form.getByRole("combobox", { name: "Category" }).selectOption({ label: "OTT" });
        await form.getByRole("button", { name: "Add Price" }).click();
        await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("aria-invalid", "true");
      },
    },
    {
      state: "the add-price form with its Nepali fields filled in",
      async open({ page }) {
        const form = page.getByRole("form", { name: "Add Price" });
        await form.getByRole("textbox", { name: "Name in Nepali (optional)", exact: true }).fill("टेस्ट गिफ्ट कार्ड");
        await form.getByRole("textbox", { name: "Info in Nepali (optional)", exact: true }).fill("जुनसुकै रकम, केही मिनेटमै।");
        await expect(form.getByRole("textbox", { name: "Name in Nepali (optional)", exact: true })).toHaveAttribute("lang", "ne");
      },
    },
  ),
  screen(
    "the carousel screen",
    { state: "the carousel screen", open: ({ page, signedIn }) => signedIn(page, "/admin/carousel") },
    {
      state: "the carousel's add dialog with its errors",
      async open({ page }) {
        await page.getByRole("button", { name: "Add New Item" }).first().click();
        const modal = page.getByRole("dialog", { name: "Add New Carousel Item" });
        await modal.getByRole("button", { name: "Save" }).click();
        await expect(modal.getByRole("alert")).toContainText("Failed to add item");
      },
    },
    {
      state: "the carousel's add dialog refusing an upload",
      async open({ page }) {
        const modal = page.getByRole("dialog", { name: "Add New Carousel Item" });
        await modal
          .locator("input[type=file]")
          .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
        await expect(modal.getByRole("alert").filter({ hasText: "Upload failed" })).toHaveText(
          "Upload failed: Only JPEG, PNG, WebP or AVIF images can be uploaded",
        );
      },
    },
  ),
  droppedConnection("the carousel screen whose items could not be fetched", "carousel", "Carousel", "Failed to fetch carousel items"),
  {
    state: "the what's-new videos listed",
    async open({ page, admin, signedIn, afterwards }) {
      const name = `A11y trailer ${unique()}`;
      const added = await admin.post("/api/admin/addWhatsNewVideo", {
        data: { Name: name, Platform: "Netflix", TrailerLink: "https://www.youtube.com/watch?v=e2e" },
      });
      expect(added.ok(), await added.text()).toBe(true);
      afterwards(async () => admin.post("/api/admin/deleteWhatsNewVideo", { data: { _id: (await added.json()).item._id } }));
      await signedIn(page, "/admin/whatsNewVideo");
      await page.getByRole("button", { name: "View All Videos" }).click();
      await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("Netflix");
    },
  },
  screen(
    "the what's-new video screen",
    { state: "the what's-new video screen", open: ({ page, signedIn }) => signedIn(page, "/admin/whatsNewVideo") },
    {
      state: "the what's-new video list answered with a server error",
      async open({ page }) {
        await page.route("**/admin/whatsNewVideo.data?*list=all*", (route) =>
          route.fulfill({ status: 502, contentType: "text/html", body: "Bad Gateway" }),
        );
        await page.getByRole("button", { name: "View All Videos" }).click();
        await expect(page.locator("#video-form").getByRole("alert")).toHaveText("Failed to fetch videos");
      },
    },
  ),
  screen(
    "the update post screen",
    { state: "the update post screen", open: ({ page, signedIn }) => signedIn(page, "/admin/update") },
    {
      state: "the update post form with its errors",
      async open({ page }) {
        const form = page.locator("#post-form");
        await form.getByLabel("Title (optional)", { exact: true }).fill("A post without a description");
        await form.getByRole("button", { name: "Submit" }).click();
        await expect(page.getByRole("alert").filter({ hasText: "Failed to post the update" })).toBeVisible();
      },
    },
    {
      state: "the update post form with an uploaded picture",
      async open({ page }) {
        const form = page.locator("#post-form");
        await form.locator("input[type=file]").setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: await poster() });
        await expect(form.getByRole("status").filter({ hasText: "Uploaded poster.png" })).toBeVisible();
        await expect
          .poll(() => form.getByAltText("Preview of this image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
      },
    },
  ),
  {
    state: "the settings' notifications: a bot, a connected chat and a code shown",
    open: async ({ page, admin, signedIn, telegram, afterwards }) => {
      const token = telegram.createBot(`pasal_axe_${unique()}_bot`);
      const saved = await admin.put("/api/admin/telegram/token", { data: { token } });
      expect(saved.status(), await saved.text()).toBe(200);
      afterwards(() => admin.delete("/api/admin/telegram"));
      const { code } = await (await admin.post("/api/admin/telegram/connect")).json();
      telegram.say(token, { id: 8800002, first_name: "Ram", username: "ram_axe" }, `/start ${code}`);
      await expect.poll(async () => (await (await admin.get("/api/admin/telegram")).json()).settings.chats.length).toBe(1);
      await signedIn(page, "/admin/settings");
      const section = page.getByRole("region", { name: "Notifications" });
      await section.getByRole("button", { name: "Connect a chat" }).click();
      await expect(section.locator("[data-code]")).toBeVisible();
    },
  },
  screen(
    "the settings",
    { state: "the settings", open: ({ page, signedIn }) => signedIn(page, "/admin/settings") },
    {
      state: "the settings with a payment method and its QR code",
      open: ({ page }) => addPaymentMethod(page, `eSewa ${unique()}`),
    },
    {
      state: "the settings saying another admin saved first",
      async open({ page, admin }) {
        // Another admin saves meanwhile: the same values, a newer version.
        const { data } = await (await admin.get("/api/admin/settings")).json();
        expect((await admin.put("/api/admin/settings", { data })).status()).toBe(200);
        await page.getByLabel("WhatsApp number", { exact: true }).fill("9779812345678");
        await page.getByRole("button", { name: "Save settings" }).click();
        const banner = page.getByRole("alert").filter({ hasText: "This was changed by someone else since you opened it." });
        await expect(banner.getByRole("button", { name: "Reload" })).toBeFocused();
      },
    },
  ),
  { state: "the newsletter", open: ({ page, signedIn }) => signedIn(page, "/admin/newsletter") },
];

// The rules a theme can change: the light scan after each full scan in dark checks only these.
const THEME_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Each screen is visited once and each of its states is scanned where the visit reached it: in full in dark, as
 * the server renders it, then for the rules a theme can change in light, switched in place as the header's toggle
 * does (the class on <html> is the theme's single source of truth), then back to dark for the next state. Colours
 * stop transitioning first, so the light scan reads the colours the shopper ends up seeing.
 */
for (const entry of [...STOREFRONT, ...NEPALI, ...ADMIN]) {
  const { screen: name, states } = "states" in entry ? entry : { screen: entry.state, states: [entry] };
  const phone = states.some((state) => state.tag);
  const title = states.length > 1 ? `${name}: ${states.length} states (dark and light)` : `${name} (dark and light)`;
  test(title, { tag: phone ? ["@phone"] : [] }, async ({ page, admin, baseURL, signedIn, shop }, testInfo) => {
    // The usual time for the first state, and 10 s more for each further one.
    test.setTimeout(testInfo.timeout + 10_000 * (states.length - 1));
    const tidying: Array<() => Promise<unknown>> = [];
    const scene: Scene = {
      page,
      admin,
      origin: baseURL!,
      signedIn,
      gateways: shop.gateways,
      telegram: shop.telegram,
      afterwards: (tidy) => tidying.push(tidy),
    };
    try {
      await useTheme(page, "dark");
      // A state only the phone layout has is reached at 360 px alone.
      for (const state of states.filter((state) => state.tag !== "@phone-only" || testInfo.project.name === "phone")) {
        await test.step(state.state, async () => {
          await state.open(scene);
          await expect(page.locator("html")).toHaveClass(/dark/);
          await expectNoAxeViolations(page, `${state.state}, dark`);
          await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
          await page.evaluate(() => document.documentElement.classList.remove("dark"));
          await expect(page.locator("html")).toHaveClass(/^(?!.*dark)/);
          await expectNoAxeViolations(page, `${state.state}, light`, THEME_RULES);
          await page.evaluate(() => document.documentElement.classList.add("dark"));
        });
      }
    } finally {
      for (const tidy of tidying.reverse()) await tidy();
    }
  });
}
