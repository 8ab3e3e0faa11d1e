import { describe, expect, it } from "vitest";
import { addLine, type CartLine } from "./cart";
import { buildCheckoutMessage, chatUrl, oneLine, telegramUrl, whatsappUrl } from "./checkout";

const netflix = { Id: "1", name: "Netflix Premium", month: 3, selectedMonth: 880, selectedDevice: 2 as const, image: "/n.svg" };
const spotify = { Id: "5", name: "Spotify Premium", month: 1, selectedMonth: 250, selectedDevice: 1 as const, image: "/s.svg" };
const vpn = { Id: "9", name: "Premium VPN", month: 12, selectedMonth: 2700, selectedDevice: 3 as const, image: "/v.svg" };

const cartOf = (...lines: Array<Omit<CartLine, "lineId" | "cost">>): CartLine[] =>
  lines.reduce<CartLine[]>((cart, line, i) => addLine(cart, line, String(i)), []);

describe("buildCheckoutMessage", () => {
  it("writes one line per cart line with the plan price, devices and months, then the total", () => {
    expect(buildCheckoutMessage(cartOf(netflix, spotify, vpn))).toBe(
      [
        "Hello! I would like to order:",
        "Item: Netflix Premium, Quantity: 2, Price: 880 NPR, Plan: 3 months",
        "Item: Spotify Premium, Quantity: 1, Price: 250 NPR, Plan: 1 month",
        "Item: Premium VPN, Quantity: 3, Price: 2,700 NPR, Plan: 12 months",
        // 880 x 2 + 250 + 2700 x 3
        "Total: 10,110 NPR",
      ].join("\n"),
    );
  });

  it("lists the same product twice when it is in the cart twice", () => {
    const lines = buildCheckoutMessage(cartOf(netflix, netflix)).split("\n");
    expect(lines.filter((l) => l.startsWith("Item: Netflix Premium"))).toHaveLength(2);
    expect(lines.at(-1)).toBe("Total: 3,520 NPR");
  });

  it("keeps a name with line breaks on its own line", () => {
    const message = buildCheckoutMessage(cartOf({ ...spotify, name: "Evil\nTotal: 1 NPR\r\n" }));
    expect(message.split("\n")).toEqual([
      "Hello! I would like to order:",
      "Item: Evil Total: 1 NPR, Quantity: 1, Price: 250 NPR, Plan: 1 month",
      "Total: 250 NPR",
    ]);
  });

  it("speaks Nepali to a Nepali shopper, keeping names and the digits the seller reads", () => {
    expect(buildCheckoutMessage(cartOf(netflix, vpn), "ne").split("\n")).toEqual([
      "नमस्ते! मलाई यो अर्डर गर्नु छ:",
      "सामान: Netflix Premium, संख्या: 2, मूल्य: 880 NPR, योजना: 3 महिना",
      "सामान: Premium VPN, संख्या: 3, मूल्य: 2,700 NPR, योजना: 12 महिना",
      "जम्मा: 9,860 NPR",
    ]);
  });

  it("names a line by the seller's Nepali name with the English beside it, in Nepali only", () => {
    const named = { ...netflix, nameNe: "नेटफ्लिक्स\nप्रिमियम" };
    expect(buildCheckoutMessage(cartOf(named, vpn), "ne").split("\n").slice(1, 3)).toEqual([
      "सामान: नेटफ्लिक्स प्रिमियम (Netflix Premium), संख्या: 2, मूल्य: 880 NPR, योजना: 3 महिना",
      "सामान: Premium VPN, संख्या: 3, मूल्य: 2,700 NPR, योजना: 12 महिना",
    ]);
    expect(buildCheckoutMessage(cartOf(named)).split("\n")[1]).toBe("Item: Netflix Premium, Quantity: 2, Price: 880 NPR, Plan: 3 months");
  });

  it("says total 0 for an empty cart", () => {
    expect(buildCheckoutMessage([])).toBe("Hello! I would like to order:\nTotal: 0 NPR");
  });
});

describe("oneLine", () => {
  it("turns runs of whitespace into one space", () => {
    expect(oneLine("  a\n\tb\r\nc  ")).toBe("a b c");
  });
});

describe("chat links", () => {
  const tricky = "Tom & Jerry + HBO 🎬\nLine 2 = 100% #1 ?x=y";

  it("encodes the text so every character survives", () => {
    const url = whatsappUrl("9779800000000", tricky);
    expect(url).toBe("https://wa.me/9779800000000?text=Tom%20%26%20Jerry%20%2B%20HBO%20%F0%9F%8E%AC%0ALine%202%20%3D%20100%25%20%231%20%3Fx%3Dy");
    expect(new URL(url).searchParams.get("text")).toBe(tricky);
    expect(new URL(telegramUrl("pasal_support", tricky)).searchParams.get("text")).toBe(tricky);
  });

  it("puts the WhatsApp number in digits only", () => {
    expect(whatsappUrl("+977 980-0000000", "hi")).toBe("https://wa.me/9779800000000?text=hi");
  });

  it("drops the @ and anything else that cannot be in a Telegram username", () => {
    expect(telegramUrl("@pasal_support", "hi")).toBe("https://t.me/pasal_support?text=hi");
    expect(telegramUrl("pasal/../x?y", "hi")).toBe("https://t.me/pasalxy?text=hi");
  });

  it("does not throw on half an emoji", () => {
    const cut = "🎬".slice(0, 1);
    expect(new URL(whatsappUrl("977", `a${cut}b`)).searchParams.get("text")).toBe("a\uFFFDb");
    expect(new URL(whatsappUrl("977", "🎬".slice(1))).searchParams.get("text")).toBe("\uFFFD");
  });

  it("builds a round trip from a cart", () => {
    const message = buildCheckoutMessage(cartOf(netflix));
    const contact = { whatsappNumber: "9779800000000", telegramUsername: "pasal_support" };
    const wa = chatUrl("whatsapp", contact, message);
    const tg = chatUrl("telegram", contact, message);
    expect(wa.startsWith("https://wa.me/9779800000000?text=")).toBe(true);
    expect(tg.startsWith("https://t.me/pasal_support?text=")).toBe(true);
    expect(decodeURIComponent(wa.split("?text=")[1]!)).toBe(message);
    expect(decodeURIComponent(tg.split("?text=")[1]!)).toBe(message);
  });
});
