import { describe, expect, it } from "vitest";
import { accountRules, deliveryMessage, deliveryTemplateFor } from "./delivery-message";
import { DEFAULT_DELIVERY_TEMPLATE_NE } from "./settings";
import { defaultLedgerSettings, ledgerSettingsSchema } from "./schemas";
import { messageDay, renewalMessage } from "./seller-messages";

describe("renewalMessage", () => {
  it("greets the customer by name and quotes today's price", () => {
    expect(renewalMessage({ customerName: "Sita", name: "Netflix Premium", months: 1, expiryDate: "2026-12-01", currentPrice: 300 })).toBe(
      "Hello Sita! Your Netflix Premium (1 month) ends on 2026-12-01. Renewing it for another 1 month costs NPR 300. Reply here to renew.",
    );
    expect(renewalMessage({ customerName: null, name: "VPN", months: 12, expiryDate: "2026-12-01", currentPrice: null })).toBe(
      "Hello! Your VPN (12 months) ends on 2026-12-01. Reply here if you would like to renew it.",
    );
  });

  it("names the seat a renewal keeps", () => {
    const seat = { service: "Netflix 1", profileName: "", position: 2 };
    expect(renewalMessage({ customerName: null, name: "VPN", months: 1, expiryDate: "2026-12-01", currentPrice: null, seat })).toMatch(
      / Renewing keeps you on the same place: Netflix 1, seat 2\.$/,
    );
    expect(
      renewalMessage(
        { customerName: null, name: "VPN", months: 1, expiryDate: "2026-12-01", currentPrice: null, seat: { ...seat, profileName: "Sita" } },
        "ne",
      ),
    ).toMatch(/ नवीकरण गर्दा तपाईं उही ठाउँमा रहनुहुन्छ: Netflix 1, प्रोफाइल Sita।$/);
  });

  it("writes to a Nepali shopper in Nepali, with the seller's digits and the AD day beside the Bikram Sambat one", () => {
    expect(renewalMessage({ customerName: "Sita", name: "Netflix Premium", months: 1, expiryDate: "2026-12-01", currentPrice: 1500 }, "ne")).toBe(
      "नमस्ते Sita! तपाईंको Netflix Premium (1 महिना) को अवधि २०८३ मंसिर १५ (1 Dec 2026) मा सकिन्छ। अर्को 1 महिना का लागि नवीकरण गर्दा रु. 1,500 लाग्छ। नवीकरण गर्न यहीँ जवाफ दिनुहोस्।",
    );
    expect(renewalMessage({ customerName: null, name: "VPN", months: 12, expiryDate: "2026-12-01", currentPrice: null }, "ne")).toBe(
      "नमस्ते! तपाईंको VPN (12 महिना) को अवधि २०८३ मंसिर १५ (1 Dec 2026) मा सकिन्छ। नवीकरण गर्न चाहनुहुन्छ भने यहीँ जवाफ दिनुहोस्।",
    );
  });

  it("keeps the day as stored in English messages", () => {
    expect(messageDay("2026-12-01", "en")).toBe("2026-12-01");
    expect(messageDay("2026-12-01", "ne")).toBe("२०८३ मंसिर १५ (1 Dec 2026)");
  });
});

describe("the delivery message in Nepali", () => {
  it("has a built-in Nepali template that an admin may replace, and an emptied one falls back to it", () => {
    expect(deliveryTemplateFor(defaultLedgerSettings, "ne")).toBe(DEFAULT_DELIVERY_TEMPLATE_NE);
    expect(deliveryTemplateFor({ ...defaultLedgerSettings, deliveryTemplateNe: "" }, "ne")).toBe(DEFAULT_DELIVERY_TEMPLATE_NE);
    expect(deliveryTemplateFor({ ...defaultLedgerSettings, deliveryTemplateNe: "{login}" }, "ne")).toBe("{login}");
    expect(deliveryTemplateFor({ ...defaultLedgerSettings, deliveryTemplateNe: "{login}" }, "en")).toBe(defaultLedgerSettings.deliveryTemplate);
  });

  it("fills the Nepali template, leaving out lines with nothing to say", () => {
    const message = deliveryMessage(DEFAULT_DELIVERY_TEMPLATE_NE, {
      customer: "Sita",
      service: "Netflix Premium (Netflix)",
      login: "seller@example.com",
      password: "secret-1",
      profile: "Sita",
      pin: null,
      key: null,
      start: messageDay("2026-11-01", "ne"),
      expiry: messageDay("2026-12-01", "ne"),
      rules: accountRules("shared", "ne"),
      reference: "PSL-ABCDE",
    });
    expect(message.split("\n")).toEqual([
      "नमस्ते Sita! तपाईंको Netflix Premium (Netflix) तयार छ।",
      "लगइन: seller@example.com",
      "पासवर्ड: secret-1",
      "प्रोफाइल: Sita",
      "अवधि: २०८३ कार्तिक १५ (1 Nov 2026) देखि २०८३ मंसिर १५ (1 Dec 2026) सम्म।",
      accountRules("shared", "ne"),
      "अर्डर नम्बर (Order ref): PSL-ABCDE",
      "धन्यवाद!",
    ]);
    expect(accountRules("shared", "ne")).toMatch(/^यो साझा खाता हो/);
    expect(accountRules("none", "ne")).toBe("");
  });

  it("says an account's rules in sentences of their own, not as answers to questions it does not ask", () => {
    for (const locale of ["en", "ne"] as const) {
      for (const status of ["shared", "private"] as const) {
        const rules = accountRules(status, locale);
        expect(rules).not.toMatch(/(^|[.।] )(No|Yes|That is up to you)\b|त्यो तपाईंको इच्छा/);
        expect(rules).toMatch(/[.।]$/);
      }
    }
    expect(accountRules("shared")).toBe(
      "This is a shared account with a profile of your own, locked by a PIN only you know. Please keep it to yourself: other customers use the same account, and sharing it can get it locked. Watch on your phone, tablet or laptop; a shared account does not work on a Smart TV.",
    );
  });

  it("checks the Nepali template's placeholders, and lets it be empty", () => {
    const base = { graceDays: 3, deliveryTemplate: "{login}" };
    expect(ledgerSettingsSchema.safeParse({ ...base, deliveryTemplateNe: "" }).success).toBe(true);
    expect(ledgerSettingsSchema.safeParse(base).success).toBe(true);
    const wrong = ledgerSettingsSchema.safeParse({ ...base, deliveryTemplateNe: "{लगइन}" });
    expect(wrong.error?.issues[0]).toMatchObject({ path: ["deliveryTemplateNe"], message: expect.stringMatching(/^Unknown placeholder \{लगइन\}/) });
    expect(ledgerSettingsSchema.safeParse({ ...base, deliveryTemplate: " " }).error?.issues[0]?.message).toBe("Delivery message is required");
  });
});
