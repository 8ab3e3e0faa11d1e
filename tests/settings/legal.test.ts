import { describe, expect, it } from "vitest";
import { createTestApp, expectValidationError, type TestApp } from "../helpers/app";

// The shop's legal details (issue 47, ADR 0129): none until saved; checked field by field; saved over the version read.

const DETAILS = {
  registeredName: "Pasal Digital Pvt. Ltd.",
  registeredNameNe: "पसल डिजिटल प्रा. लि.",
  address: "New Baneshwor, Kathmandu",
  addressNe: "नयाँ बानेश्वर, काठमाडौं",
  pan: "609 876 543",
  vatRegistered: true,
  ecommerceRegistration: "ECOM-2082-0042",
  complaintOfficer: "Sita Rai",
  complaintPhone: "+977 980-1234567",
  complaintEmail: "complaints@pasal.example",
};

async function admin(t: TestApp, method: "GET" | "PUT", payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url: "/api/admin/settings/legal", payload, headers: { cookie: await t.adminCookie(), ...headers } });
}

describe("the shop's legal details (issue 47)", () => {
  it("are none until saved, refused field by field, saved with the PAN's 9 digits, and saved only over the version read", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ method: "GET", url: "/api/admin/settings/legal" })).statusCode).toBe(401);
    expect((await admin(t, "GET")).json()).toEqual({ success: true, data: null, version: 0 });
    expect(await t.app.services.settings.legal()).toBeNull();

    expectValidationError(await admin(t, "PUT", { ...DETAILS, pan: "12345678" }), "pan", /9 digits on the PAN certificate/);
    expectValidationError(await admin(t, "PUT", { ...DETAILS, pan: "12345678A" }), "pan", /9 digits/);
    expectValidationError(await admin(t, "PUT", { ...DETAILS, complaintOfficer: "  " }), "complaintOfficer", /Complaint officer's name is required/);
    expectValidationError(
      await admin(t, "PUT", { ...DETAILS, complaintEmail: "not mail" }),
      "complaintEmail",
      /valid email address, or leave it empty/,
    );
    expectValidationError(await admin(t, "PUT", { ...DETAILS, vatRegistered: "yes" }), "vatRegistered", /registered for VAT/);
    expect((await admin(t, "GET")).json().version).toBe(0);

    const saved = await admin(t, "PUT", { ...DETAILS, ecommerceRegistration: undefined, complaintEmail: "", addressNe: "" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      version: 1,
      data: { ...DETAILS, pan: "609876543", ecommerceRegistration: "", complaintEmail: "", addressNe: null },
    });
    // Every page's footer reads them through the cache a save drops.
    expect(await t.app.services.settings.legal()).toMatchObject({ pan: "609876543", registeredName: DETAILS.registeredName });

    expect((await admin(t, "PUT", DETAILS, { "if-match": '"0"' })).statusCode).toBe(409);
    const again = await admin(t, "PUT", DETAILS, { "if-match": '"1"' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ version: 2, data: { ecommerceRegistration: "ECOM-2082-0042" } });
  });
});
