import jsQR from "jsqr";
import QRCode from "qrcode";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";

async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie(), ...headers } });
}

const method = { kind: "esewa", name: "eSewa", account: "9800000000", holder: "Pasal Traders", note: "Personal account" };

describe("payment methods", () => {
  it("are for admins only", async () => {
    const t = await createTestApp();
    for (const [verb, url] of [
      ["GET", "/api/admin/payment-methods"],
      ["POST", "/api/admin/payment-methods"],
      ["PUT", "/api/admin/payment-methods/order"],
      ["PUT", "/api/admin/payment-methods/x"],
      ["DELETE", "/api/admin/payment-methods/x"],
    ] as const) {
      const response = await t.app.inject({ method: verb, url, payload: verb === "GET" || verb === "DELETE" ? undefined : method });
      expect(response.statusCode, `${verb} ${url}`).toBe(401);
    }
  });

  it("are added, edited over their version, reordered, disabled and deleted, with clear refusals", async () => {
    const t = await createTestApp();
    expectValidationError(await admin(t, "POST", "/api/admin/payment-methods", { ...method, kind: "paypal" }), "kind");
    expectValidationError(await admin(t, "POST", "/api/admin/payment-methods", { ...method, account: "" }), "account", /required/);
    expectValidationError(await admin(t, "POST", "/api/admin/payment-methods", { ...method, qrImage: "javascript:alert(1)" }), "qrImage");
    const first = (await admin(t, "POST", "/api/admin/payment-methods", method)).json().item;
    const second = (await admin(t, "POST", "/api/admin/payment-methods", { ...method, kind: "khalti", name: "Khalti" })).json().item;
    expect([first.position, second.position]).toEqual([0, 1]);
    expect(first).toMatchObject({ ...method, qrImage: "", enabled: true, version: 1 });

    const saved = await admin(t, "PUT", `/api/admin/payment-methods/${first._id}`, { ...method, enabled: false }, { "if-match": '"1"' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().item).toMatchObject({ enabled: false, version: 2 });
    const stale = await admin(t, "PUT", `/api/admin/payment-methods/${first._id}`, method, { "if-match": '"1"' });
    expect(stale.statusCode).toBe(409);
    expect((await admin(t, "PUT", "/api/admin/payment-methods/nope", method)).statusCode).toBe(404);

    const reordered = await admin(t, "PUT", "/api/admin/payment-methods/order", { ids: [second._id, first._id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().items.map((m: { name: string }) => m.name)).toEqual(["Khalti", "eSewa"]);
    expectValidationError(await admin(t, "PUT", "/api/admin/payment-methods/order", { ids: [second._id] }), "ids");

    expect((await admin(t, "DELETE", `/api/admin/payment-methods/${first._id}`)).statusCode).toBe(200);
    expect((await admin(t, "DELETE", `/api/admin/payment-methods/${first._id}`)).statusCode).toBe(404);
    expect((await admin(t, "GET", "/api/admin/payment-methods")).json().items).toHaveLength(1);
  });

  it("keep an uploaded QR code sharp enough to scan", async () => {
    const t = await createTestApp();
    const text = "000201010211ESEWA9800000000PASAL";
    // A QR photographed or exported large, with soft edges, as a wallet app's "save QR" gives it.
    const png = await QRCode.toBuffer(text, { width: 900, margin: 4 });
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "qr.png");
    const request = new Request("http://pasal.test/", { method: "POST", body: form });
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/admin/uploads?lossless=true",
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { "content-type": request.headers.get("content-type")!, cookie: await t.adminCookie() },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().variants).toHaveLength(1);
    const served = await t.app.inject({ method: "GET", url: uploaded.json().url });
    expect(served.statusCode).toBe(200);
    const { data, info } = await sharp(served.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(text);
    // Every pixel kept: the served copy decodes to the very pixels uploaded.
    const original = await sharp(png).ensureAlpha().raw().toBuffer();
    expect(Buffer.compare(original, data)).toBe(0);

    const method2 = await admin(t, "POST", "/api/admin/payment-methods", { ...method, qrImage: uploaded.json().url });
    expect(method2.json().item.qrImage).toBe(uploaded.json().url);
  });
});
