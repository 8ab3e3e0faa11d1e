import { describe, expect, it } from "vitest";
import { readLaterData, reminderDue, shopperMessage, shopperTokenPattern } from "./shopper-notices";

describe("the shopper's notices", () => {
  it("a reminder 3 days before the end until the last day, then the 1-day one; none outside", () => {
    expect([5, 4, 3, 2, 1, 0, -1].map(reminderDue)).toEqual([null, null, 3, 3, 1, 1, null]);
  });

  it("escapes every fact, links the order, and in Nepali counts in Devanagari", () => {
    const text = shopperMessage({ kind: "shopper-renewal", orderId: "o", lineId: "l", name: "<Netflix & Co>", expiryDate: "2026-12-01" }, "en", {
      reference: "PSL-ABCDE",
      orderUrl: "https://shop.example/order/PSL-ABCDE?key=k&x=1",
      daysLeft: 3,
    });
    expect(text).toBe(
      'Your <b>&lt;Netflix &amp; Co&gt;</b> ends in 3 days (2026-12-01). Renew it to keep it without a break.\n\n<a href="https://shop.example/order/PSL-ABCDE?key=k&amp;x=1">Open your order</a>',
    );
    const ne = shopperMessage({ kind: "shopper-renewal", orderId: "o", lineId: "l", name: "Spotify", expiryDate: "2026-12-01" }, "ne", {
      reference: "PSL-ABCDE",
      orderUrl: "/ne/order/PSL-ABCDE?key=k",
      daysLeft: 3,
    });
    expect(ne).toContain("३ दिनमा");
    expect(ne).toContain("अर्डर खोल्नुहोस्: /ne/order/PSL-ABCDE?key=k");
  });

  it("say what store credit did: a renewal it paid, or how much it lacks for one (issue 46)", () => {
    const order = { reference: "PSL-ABCDE", orderUrl: "" };
    expect(
      shopperMessage({ kind: "shopper-auto-renewed", orderId: "o", lineId: "l", name: "Netflix", reference: "PSL-FGHJK", amount: 800 }, "en", order),
    ).toBe("Your <b>Netflix</b> renewed itself from your store credit (NPR 800), order <b>PSL-FGHJK</b>: it goes on without a break.");
    const short = shopperMessage(
      { kind: "shopper-renewal", orderId: "o", lineId: "l", name: "Netflix", expiryDate: "2026-12-01", shortBy: 250 },
      "ne",
      {
        ...order,
        daysLeft: 3,
      },
    );
    expect(short).toContain("स्टोर क्रेडिटमा रु. २५० कम छ");
  });

  it("reads only its own callback data and tokens", () => {
    expect(readLaterData("later:abcdEFGH1234")).toBe("abcdEFGH1234");
    expect(readLaterData("paid:abcdEFGH1234")).toBeNull();
    expect(shopperTokenPattern.test("A".repeat(24))).toBe(true);
    expect(shopperTokenPattern.test("ABCDEFGH")).toBe(false);
  });
});
