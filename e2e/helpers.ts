import http from "node:http";
import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import QRCode from "qrcode";
import type { z } from "zod";
import type { checkoutInputSchema, CheckoutResponse } from "../domain/orders/schemas";

/**
 * Scans the page with axe and expects no violation; each line of a failure starts with `label` (the theme, the
 * screen). Axe runs in the page itself (legacy mode) rather than in every frame and then again in a blank page it
 * opens for each scan: our pages have no frames, and that blank page was half of every scan's time. Only the
 * violations are reported node by node, so axe makes no selector for each of the thousands of nodes that pass.
 * AxeBuilder evaluates its axe source twice a scan in legacy mode; given as `AXE_ONCE`, axe-core is compiled once
 * per document (a third of a second each time here) and the later evaluations only find it there.
 */
export async function expectNoAxeViolations(page: Page, label: string, rules?: string[]) {
  const builder = new AxeBuilder({ page, axeSource: AXE_ONCE }).setLegacyMode().options({ resultTypes: ["violations"] });
  const { violations } = await (rules ? builder.withRules(rules) : builder).analyze();
  expect(violations.map((v) => `${label}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const AXE_ONCE = `if (!window.axe) (0, eval)(${JSON.stringify(axe.source)});`;

/** The order link with a key that is not its own: its first character changed (to Z, or to Y when it was Z). */
export const withWrongKey = (link: string) => link.replace(/key=(.)/, (_, first: string) => `key=${first === "Z" ? "Y" : "Z"}`);

/** Sets the stored theme before any page script runs (spec: 'isDarkMode', default dark). */
export async function useTheme(page: Page, theme: "dark" | "light") {
  await page.addInitScript((dark) => localStorage.setItem("isDarkMode", dark), String(theme === "dark"));
}

let shoppers = 0;

/**
 * Checks out through the API as a shopper of an address of their own (127.0.0.2, 127.0.0.3 …): the shop
 * takes 10 checkouts a minute per address, and one worker's tests place more than that against its server.
 * The server listens on 127.0.0.1 and sees the address this request is sent from.
 */
export async function placeOrder(origin: string, order: z.input<typeof checkoutInputSchema>): Promise<CheckoutResponse> {
  const localAddress = `127.0.0.${2 + (shoppers++ % 250)}`;
  const body = JSON.stringify(order);
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(`${origin}/api/orders`, {
      method: "POST",
      localAddress,
      headers: { origin, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
    request.end(body);
  });
  expect(answer.status, answer.text).toBe(201);
  return JSON.parse(answer.text) as CheckoutResponse;
}

/** The shop's today (Nepal) moved by `days`, as YYYY-MM-DD. */
export function shopDate(days: number): string {
  return new Date(Date.now() + (5 * 60 + 45) * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** Waits until React has taken over the server-rendered element, so clicks and typing reach it. */
export async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((s) => {
    const element = document.querySelector(s);
    // React tags each element it has hydrated with its props under a `__reactProps$…` key.
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps$"));
  }, selector);
}

/** The machine is offline: chat links are caught and their URLs kept. */
export async function catchChatLinks(context: BrowserContext) {
  const urls: string[] = [];
  // Kept as the browser asks for them: a route sees only the first address of a redirect, and the server's
  // answer to a form sent without JavaScript is a redirect to the chat.
  context.on("request", (request) => {
    if (/^https:\/\/(wa|t)\.me\//.test(request.url())) urls.push(request.url());
  });
  for (const pattern of ["https://wa.me/**", "https://t.me/**"]) await context.route(pattern, (route) => route.abort());
  return urls;
}

/** A cart line as domain/orders/cart.ts stores it under 'cart': Netflix Premium, 3 months, 2 devices. */
export const netflix3x2 = {
  lineId: "line-a",
  Id: "1",
  name: "Netflix Premium",
  month: 3,
  selectedMonth: 880,
  selectedDevice: 2,
  image: "/images/catalogue/netflix-premium.svg",
  cost: 1760,
};

/** More lines of the same kind: both Netflix lines share the Id "1". */
export const netflix1x1 = { ...netflix3x2, lineId: "line-b", month: 1, selectedMonth: 300, selectedDevice: 1, cost: 300 };
export const special = {
  ...netflix3x2,
  lineId: "line-c",
  Id: "99",
  name: "Tom & Jerry + Friends 🎬",
  month: 1,
  selectedMonth: 250,
  selectedDevice: 1,
  cost: 250,
};

/** Stores the cart once per tab: later reloads see what the page itself saved. */
export async function seedCart(page: Page, cart: unknown) {
  await page.addInitScript(
    (raw) => {
      if (sessionStorage.getItem("cart-seeded")) return;
      localStorage.setItem("cart", raw);
      sessionStorage.setItem("cart-seeded", "1");
    },
    typeof cart === "string" ? cart : JSON.stringify(cart),
  );
}

/** On /admin/settings: adds an eSewa payment method called `name`, with a QR code unless `qr` is false. */
export async function addPaymentMethod(page: Page, name: string, { qr = true, note = "", noteNe = "" } = {}) {
  const section = page.getByRole("region", { name: "Payment methods" });
  const form = section.getByRole("form", { name: "Add a payment method" });
  await form.getByLabel("Kind").selectOption("esewa");
  await form.getByLabel("Display name").fill(name);
  await form.getByLabel("Account id or number").fill("9800000000");
  await form.getByLabel("Holder name").fill("Pasal Traders");
  if (qr) {
    const image = await QRCode.toBuffer("esewa://pay/9800000000", { width: 400 });
    await form.locator('input[type="file"]').setInputFiles({ name: "qr.png", mimeType: "image/png", buffer: image });
    await expect(form.getByText("Uploaded qr.png")).toBeVisible();
  }
  await form.getByLabel(/^Note(?! in Nepali)/).fill(note);
  await form.getByLabel("Note in Nepali").fill(noteNe);
  await form.getByRole("button", { name: "Add payment method" }).click();
  await expect(section.getByRole("list", { name: "Payment methods in order" })).toContainText(name);
}

/** The `_id` of the catalogue item called `name`. */
export async function catalogueId(api: APIRequestContext, name: string): Promise<string> {
  const { allPrices } = await (await api.get("/api/prices")).json();
  return allPrices.find((item: { Name: string }) => item.Name === name)._id;
}

let items = 0;

/** A catalogue item of the test's own, so no other test sells or stocks it (1 month at NPR 150 unless `fields` say). */
export async function newItem(admin: APIRequestContext, prefix: string, fields: Record<string, unknown> = {}) {
  const made = ++items;
  const name = `${prefix} ${Date.now() % 1e8}-${made}`;
  const created = await admin.post("/api/prices", {
    data: {
      Name: name,
      Id: String((Date.now() % 1e7) * 10 + (made % 10)),
      ImageId: "/images/placeholder.svg",
      Category: "ott",
      plans: { "1": 150 },
      Status: "shared",
      SpecialLink: "https://example.com",
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { name, _id: await catalogueId(admin, name) };
}
