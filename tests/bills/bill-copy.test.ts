import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { shapeRun } from "../../server/modules/bills/bill-image";
import { asTestAdmin, createTestApp, type TestApp } from "../helpers/app";

// The shopper's copy of a bill (issue 47, ADR 0131): its picture behind the order's or the customer's key, a QR code
// read back to the verification page, and Nepali shaped by HarfBuzz.

const LEGAL = {
  registeredName: "Pasal Digital Pvt. Ltd.",
  registeredNameNe: "पसल डिजिटल प्रा. लि.",
  address: "New Baneshwor, Kathmandu",
  addressNe: "नयाँ बानेश्वर, काठमाडौं",
  pan: "609876543",
  vatRegistered: true,
  complaintOfficer: "Sita Rai",
  complaintPhone: "+977 980-1234567",
};

let nextAddress = 1;
async function paidOrder(t: TestApp, phone: string, language: "en" | "ne" = "ne") {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  const netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: netflix, months: 3, devices: 1 }], channel: "whatsapp", name: "राम क्षेत्री", phone, language },
    remoteAddress: `198.51.100.${nextAddress++ % 250}`,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { reference, orderUrl } = placed.json() as { reference: string; orderUrl: string };
  expect((await asTestAdmin(t, "POST", `/api/admin/orders/${reference}/status`, { status: "paid" })).statusCode).toBe(200);
  const { bill } = (await asTestAdmin(t, "GET", `/api/admin/orders/${reference}/bill`)).json();
  return { reference, key: new URL(orderUrl, "http://x").searchParams.get("key")!, bill: bill as { number: string; verificationCode: string } };
}

const image = (t: TestApp, number: string, query: string) =>
  t.app.inject({ method: "GET", url: `/bill/${number}/image.png?${query}`, remoteAddress: "203.0.113.9" });

describe("the shopper's copy of a bill (issue 47)", () => {
  it("draws the bill as a PNG whose QR code leads to its verification page, behind the order's key or the customer's", async () => {
    const t = await createTestApp({ seed: true });
    expect((await asTestAdmin(t, "PUT", "/api/admin/settings/legal", LEGAL)).statusCode).toBe(200);
    const sita = await paidOrder(t, "9800000001");
    const ram = await paidOrder(t, "9800000002");

    const picture = await image(t, sita.bill.number, `key=${sita.key}`);
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/png");
    expect(picture.headers["cache-control"]).toBe("no-store");
    expect(picture.headers["content-disposition"]).toBe(`inline; filename="bill-${sita.bill.number}.png"`);
    const { data, info } = await sharp(picture.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(1080);
    expect(info.height).toBeGreaterThan(1000);
    // The Nepali order's bill is the Nepali one, its QR code leading to the Nepali check of this bill and no other.
    const read = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
    expect(read).toBe(`http://localhost:80/ne/bill/${sita.bill.number}/verify?code=${sita.bill.verificationCode}`);

    const english = await image(t, sita.bill.number, `key=${sita.key}&lang=en&download=1`);
    expect(english.statusCode).toBe(200);
    expect(english.headers["content-disposition"]).toBe(`attachment; filename="bill-${sita.bill.number}.png"`);
    const englishPixels = await sharp(english.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(englishPixels.data), englishPixels.info.width, englishPixels.info.height)?.data).toBe(
      `http://localhost:80/bill/${sita.bill.number}/verify?code=${sita.bill.verificationCode}`,
    );

    // The customer's page key opens their bills too; nobody's key opens another's bill.
    const link = await asTestAdmin(t, "POST", "/api/admin/customers/9800000001/link");
    expect(link.statusCode, link.body).toBe(201);
    const customerKey = link.json().link.path.split("/").at(-1);
    expect((await image(t, sita.bill.number, `key=${customerKey}`)).statusCode).toBe(200);
    for (const query of [`key=${ram.key}`, `key=${customerKey}x`, "key=", ""]) {
      const refused = await image(t, sita.bill.number, query);
      expect(refused.statusCode, query).toBe(404);
      expect(refused.body).not.toContain(sita.bill.verificationCode);
    }
    expect((await image(t, "2082-83-999", `key=${sita.key}`)).statusCode).toBe(404);
    // The same answer as a wrong key; a made-up language is a plain 400.
    expect((await image(t, sita.bill.number, `key=${sita.key}&lang=fr`)).statusCode).toBe(400);
  });

  it("shapes Nepali with HarfBuzz: a conjunct is one glyph, a vowel sign goes before its consonant", async () => {
    // क्ष (ka, virama, ssa) is the font's one ligature glyph; with a zero-width non-joiner it stays a half form and a letter.
    const conjunct = await shapeRun("क्ष");
    expect(conjunct.glyphs).toHaveLength(1);
    expect((await shapeRun("क्\u200Cष")).glyphs.length).toBeGreaterThan(1);
    // त्र and श्र too, each one glyph.
    for (const word of ["त्र", "श्र"]) expect((await shapeRun(word)).glyphs, word).toHaveLength(1);
    // कि: the i sign is typed after ka but drawn before it, so the first glyph drawn is not ka's.
    const ki = await shapeRun("कि");
    const ka = await shapeRun("क");
    expect(ki.glyphs).toHaveLength(2);
    expect(ki.glyphs[0]!.id).not.toBe(ka.glyphs[0]!.id);
    expect(ki.glyphs[1]!.id).toBe(ka.glyphs[0]!.id);
  });
});
