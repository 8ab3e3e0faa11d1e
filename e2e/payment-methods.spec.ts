import { expect, test } from "./fixtures";
import { addPaymentMethod, catalogueId, placeOrder } from "./helpers";

test("payment methods say which have a QR code, and a Nepali order page shows the Nepali note", async ({ page, admin, baseURL, signedIn }) => {
  const withQr = `eSewa QR ${Date.now()}`;
  const withoutQr = `Khalti no QR ${Date.now()}`;
  await signedIn(page, "/admin/settings");
  await addPaymentMethod(page, withQr, { note: "Personal account", noteNe: "व्यक्तिगत खाता" });
  await addPaymentMethod(page, withoutQr, { qr: false });
  const list = page.getByRole("list", { name: "Payment methods in order" });
  await expect(list.getByRole("listitem").filter({ hasText: withQr })).toContainText("QR code");
  await expect(list.getByRole("listitem").filter({ hasText: withQr })).not.toContainText("No QR code");
  await expect(list.getByRole("listitem").filter({ hasText: withoutQr })).toContainText("No QR code");

  const _id = await catalogueId(admin, "Netflix Premium");
  const order = await placeOrder(baseURL!, { items: [{ _id, months: 1, devices: 1 }], channel: "whatsapp" });
  const orderPath = new URL(order.orderUrl, baseURL).pathname + new URL(order.orderUrl, baseURL).search;
  const method = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: withQr }) });
  await page.goto(orderPath);
  await expect(method).toContainText("Personal account");
  await page.goto(`/ne${orderPath}`);
  await expect(method).toContainText("व्यक्तिगत खाता");
  await expect(method).not.toContainText("Personal account");
});
