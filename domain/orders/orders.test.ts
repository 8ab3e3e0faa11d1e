import { describe, expect, it } from "vitest";
import { addMonths, daysUntil } from "./dates";
import { internationalPhone, orderMessage } from "./order-message";
import { checkoutInputSchema } from "./schemas";
import { nextStatuses, transitionError } from "./statuses";
import { normaliseReference, REFERENCE_ALPHABET, referenceFromBytes, referencePattern } from "./references";
import { type PricedItem, priceOrder, quoteCart } from "./pricing";
import { shopToday } from "../shared/shop-time";
import { releaseLabel } from "../trending/trending";

describe("references", () => {
  it("are PSL- and five characters that cannot be misread", () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OI]/);
    expect(REFERENCE_ALPHABET).toHaveLength(32);
    expect(referenceFromBytes(new Uint8Array([0, 1, 2, 31, 32]))).toBe("PSL-234Z2");
    expect(referenceFromBytes(new Uint8Array([255, 255, 255, 255, 255]))).toMatch(referencePattern);
  });

  it("use every character equally", () => {
    const seen = new Set<string>();
    for (let byte = 0; byte < 256; byte++) seen.add(referenceFromBytes(new Uint8Array(5).fill(byte)).slice(4, 5));
    expect(seen.size).toBe(32);
  });

  it("are found however they are typed", () => {
    for (const typed of ["psl-7k2qx", " PSL 7K2QX ", "7k2qx", "PSL7K2QX"]) expect(normaliseReference(typed)).toBe("PSL-7K2QX");
  });
});

const catalogue = new Map<string, PricedItem>([
  ["n1", { _id: "n1", Name: "Netflix Premium", NameNe: "नेटफ्लिक्स प्रिमियम", plans: { "1": 300, "3": 880, "12": 3200 } }],
  ["s1", { _id: "s1", Name: "Spotify Premium", plans: { "1": 250 } }],
]);

/** A cart of both items: Netflix Premium for 3 months on 2 devices, Spotify Premium for a month on one. */
const twoItemCart = [
  { _id: "n1", months: 3, devices: 2 },
  { _id: "s1", months: 1, devices: 1 },
];

describe("priceOrder", () => {
  it("prices every line from the catalogue, whatever the browser said", () => {
    const result = priceOrder(twoItemCart, catalogue);
    expect(result).toEqual({
      ok: true,
      total: 880 * 2 + 250,
      lines: [
        { itemId: "n1", name: "Netflix Premium", nameNe: "नेटफ्लिक्स प्रिमियम", months: 3, devices: 2, unitPrice: 880, lineTotal: 1760 },
        { itemId: "s1", name: "Spotify Premium", nameNe: null, months: 1, devices: 1, unitPrice: 250, lineTotal: 250 },
      ],
    });
  });

  it("names a line that cannot be sold by its Nepali name to a Nepali shopper, where the seller gave one", () => {
    const result = priceOrder([{ _id: "n1", months: 6, devices: 1 }], catalogue, "ne");
    expect(result).toEqual({
      ok: false,
      errors: [{ field: "items.0.months", message: "नेटफ्लिक्स प्रिमियम को ६ महिनाको योजना अब छैन; हटाएर फेरि थप्नुहोस्" }],
    });
  });

  it("names each line that cannot be sold", () => {
    const result = priceOrder(
      [
        { _id: "gone", months: 1, devices: 1 },
        { _id: "n1", months: 1, devices: 1 },
        { _id: "s1", months: 6, devices: 1 },
      ],
      catalogue,
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: "items.0._id", message: "This item is no longer sold; remove it from your cart" },
        { field: "items.2.months", message: "Spotify Premium no longer has a 6 months plan; remove it and add it again" },
      ],
    });
  });
});

describe("quoteCart", () => {
  it("answers each line's price today with both of the item's names, the cart shows the one for its page", () => {
    expect(quoteCart([...twoItemCart, { _id: "gone", months: 1, devices: 1 }], catalogue)).toEqual([
      { name: "Netflix Premium", nameNe: "नेटफ्लिक्स प्रिमियम", unitPrice: 880 },
      { name: "Spotify Premium", nameNe: null, unitPrice: 250 },
      { problem: "This item is no longer sold; remove it from your cart" },
    ]);
  });
});

describe("checkout input", () => {
  it("keeps devices to 1–3 and at most 50 lines", () => {
    const line = { _id: "n1", months: 1, devices: 1 };
    expect(checkoutInputSchema.safeParse({ items: [line], channel: "whatsapp" }).success).toBe(true);
    const four = checkoutInputSchema.safeParse({ items: [{ ...line, devices: 4 }], channel: "whatsapp" });
    expect(four.error?.issues[0]).toMatchObject({ path: ["items", 0, "devices"], message: "Devices must be 1, 2 or 3" });
    const many = checkoutInputSchema.safeParse({ items: Array(51).fill(line), channel: "telegram" });
    expect(many.error?.issues[0]?.message).toBe("At most 50 lines in one order");
    expect(checkoutInputSchema.safeParse({ items: [], channel: "whatsapp" }).error?.issues[0]?.message).toBe("Your cart is empty");
  });

  it("keeps a phone number as digits with an optional +", () => {
    const parsed = checkoutInputSchema.parse({
      items: [{ _id: "n1", months: 1, devices: 1 }],
      channel: "whatsapp",
      phone: " +977 980-1234567 ",
      name: "",
    });
    expect(parsed).toMatchObject({ phone: "+9779801234567", name: null });
    expect(checkoutInputSchema.safeParse({ items: [{ _id: "n1", months: 1, devices: 1 }], channel: "whatsapp", phone: "call me" }).success).toBe(
      false,
    );
  });
});

describe("orderMessage", () => {
  it("is the storefront's message with the reference on its own line", () => {
    const lines = [{ itemId: "n1", name: "Netflix Premium", months: 3, devices: 2, unitPrice: 880, lineTotal: 1760 }];
    expect(orderMessage(lines, "PSL-7K2QX")).toBe(
      [
        "Hello! I would like to order:",
        "Item: Netflix Premium, Quantity: 2, Price: 880 NPR, Plan: 3 months",
        "Total: 1,760 NPR",
        "Order ref: PSL-7K2QX",
      ].join("\n"),
    );
  });

  it("ends with the shopper's order link when there is one", () => {
    const lines = [{ itemId: "n1", name: "Netflix Premium", months: 1, devices: 1, unitPrice: 500, lineTotal: 500 }];
    const link = "https://shop.example/order/PSL-7K2QX?key=abcdefghijklmnopqrstuvwx";
    const message = orderMessage(lines, "PSL-7K2QX", link).split("\n");
    expect(message.slice(-2)).toEqual(["Order ref: PSL-7K2QX", link]);
  });

  it("of a renewal names the order, line and end it renews and the day it runs to, in English and Nepali", () => {
    const lines = [{ itemId: "n1", name: "Netflix Premium", months: 3, devices: 2, unitPrice: 880, lineTotal: 1760 }];
    const renews = { reference: "PSL-ABCDE", position: 2, name: "Netflix Premium", expiryDate: "2026-12-01" };
    expect(orderMessage(lines, "PSL-7K2QX", undefined, "en", { renews, today: "2026-11-25" })).toBe(
      [
        "Hello! I would like to renew:",
        "Item: Netflix Premium, Quantity: 2, Price: 880 NPR, Plan: 3 months",
        "Total: 1,760 NPR",
        "Renewal of PSL-ABCDE, line 2 (Netflix Premium), which ends on 2026-12-01: renewed, it runs to 2027-03-01.",
        "Order ref: PSL-7K2QX",
      ].join("\n"),
    );
    // Ended already: the new months run from today.
    expect(orderMessage(lines, null, undefined, "en", { renews, today: "2026-12-10" }).split("\n").at(-1)).toBe(
      "Renewal of PSL-ABCDE, line 2 (Netflix Premium), which ended on 2026-12-01: renewed, it runs to 2027-03-10.",
    );
    const nepali = orderMessage(lines, "PSL-7K2QX", undefined, "ne", { renews, today: "2026-11-25" }).split("\n");
    expect(nepali[0]).toBe("नमस्ते! मलाई यो नवीकरण गर्नु छ:");
    expect(nepali.at(-2)).toMatch(
      /^नवीकरण: PSL-ABCDE को लाइन 2 \(Netflix Premium\), जुन .*\(1 Dec 2026\) मा सकिन्छ; नवीकरणपछि .*\(1 Mar 2027\) सम्म चल्छ।$/,
    );
  });
});

describe("orderMessage in Nepali", () => {
  it("names an item by the seller's Nepali name with the English one the seller knows beside it, and the English alone without", () => {
    const priced = priceOrder(twoItemCart, catalogue, "ne");
    if (!priced.ok) throw new Error("priced");
    expect(orderMessage(priced.lines, "PSL-7K2QX", undefined, "ne").split("\n")).toEqual([
      "नमस्ते! मलाई यो अर्डर गर्नु छ:",
      "सामान: नेटफ्लिक्स प्रिमियम (Netflix Premium), संख्या: 2, मूल्य: 880 NPR, योजना: 3 महिना",
      "सामान: Spotify Premium, संख्या: 1, मूल्य: 250 NPR, योजना: 1 महिना",
      "जम्मा: 2,010 NPR",
      "अर्डर नम्बर (Order ref): PSL-7K2QX",
    ]);
    // The English message, which an English page sends, knows nothing of the Nepali name.
    expect(orderMessage(priced.lines, "PSL-7K2QX").split("\n")[1]).toBe("Item: Netflix Premium, Quantity: 2, Price: 880 NPR, Plan: 3 months");
  });

  it("of a renewal names the renewed line in both names too", () => {
    const lines = [{ itemId: "n1", name: "Netflix Premium", nameNe: "नेटफ्लिक्स प्रिमियम", months: 3, devices: 2, unitPrice: 880, lineTotal: 1760 }];
    const renews = { reference: "PSL-ABCDE", position: 2, name: "Netflix Premium", nameNe: "नेटफ्लिक्स प्रिमियम", expiryDate: "2026-12-01" };
    expect(orderMessage(lines, null, undefined, "ne", { renews, today: "2026-11-25" }).split("\n").at(-1)).toMatch(
      /^नवीकरण: PSL-ABCDE को लाइन 2 \(नेटफ्लिक्स प्रिमियम \(Netflix Premium\)\), जुन /,
    );
  });
});

describe("status transitions", () => {
  it("move forward, may skip a step, and never go back", () => {
    expect(transitionError("new", "contacted")).toBeNull();
    expect(transitionError("new", "paid")).toBeNull();
    expect(transitionError("paid", "delivered")).toBeNull();
    expect(transitionError("paid", "contacted")).toBe("An order that is paid cannot go back to contacted");
    expect(transitionError("paid", "paid")).toBe("The order is already paid");
  });

  it("cancel from any state before delivered, and end there", () => {
    expect(transitionError("new", "cancelled")).toBeNull();
    expect(transitionError("paid", "cancelled")).toBeNull();
    expect(transitionError("delivered", "cancelled")).toBe("A delivered order cannot change status");
    expect(transitionError("cancelled", "new")).toBe("A cancelled order cannot change status");
    expect(nextStatuses("contacted")).toEqual(["paid", "delivered", "cancelled"]);
    expect(nextStatuses("delivered")).toEqual([]);
  });
});

describe("dates", () => {
  it("adds calendar months, keeping to the end of a short month", () => {
    expect(addMonths("2026-01-15", 1)).toBe("2026-02-15");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(addMonths("2026-05-10", 12)).toBe("2027-05-10");
  });

  it("counts days between dates and knows Nepal's today", () => {
    expect(daysUntil("2026-11-29", "2026-11-22")).toBe(7);
    expect(daysUntil("2026-11-20", "2026-11-22")).toBe(-2);
    // 20:00 UTC is already the next morning in Kathmandu (UTC+5:45).
    expect(shopToday(new Date("2026-11-22T20:00:00Z"))).toBe("2026-11-23");
    expect(shopToday(new Date("2026-11-22T18:00:00Z"))).toBe("2026-11-22");
  });
});

describe("internationalPhone", () => {
  it("adds Nepal's code to a local mobile number and leaves full numbers alone", () => {
    expect(internationalPhone("9801234567")).toBe("9779801234567");
    expect(internationalPhone("+9779801234567")).toBe("9779801234567");
    expect(internationalPhone("+14155550100")).toBe("14155550100");
  });
});

describe("the shop's today", () => {
  it("is Nepal's date (UTC+5:45) on either side of its midnight, wherever the code runs", () => {
    expect(shopToday(new Date("2026-11-22T18:14:59Z"))).toBe("2026-11-22");
    expect(shopToday(new Date("2026-11-22T18:15:00Z"))).toBe("2026-11-23");
  });

  it("is the day the trending list compares release dates with", () => {
    const justAfterMidnightInNepal = new Date("2026-11-22T18:20:00Z");
    expect(releaseLabel("2026-11-23", justAfterMidnightInNepal)).toBe("23 Nov 2026");
    expect(releaseLabel("2026-11-24", justAfterMidnightInNepal)).toBe("Coming Soon");
  });
});
