import { describe, expect, it } from "vitest";
import { addLine, type CartLine, cartTotal, itemsLabel, lineCost, type NewCartLine, removeLine, withTodaysItem } from "./cart";
import { parseStoredCart } from "./stored-cart";

const netflix: NewCartLine = {
  Id: "1",
  _id: "srv-1",
  name: "Netflix Premium",
  month: 3,
  selectedMonth: 880,
  selectedDevice: 2,
  image: "/images/catalogue/netflix-premium.svg",
};
const spotify: NewCartLine = { Id: "5", name: "Spotify Premium", month: 1, selectedMonth: 250, selectedDevice: 1, image: "/s.svg" };

describe("withTodaysItem", () => {
  const [line] = addLine([], netflix, "a");
  it("takes the seller's Nepali name when one is given, and today's price", () => {
    expect(withTodaysItem(line!, { name: "Netflix Premium", nameNe: "नेटफ्लिक्स प्रिमियम", unitPrice: 950 })).toEqual({
      ...line,
      nameNe: "नेटफ्लिक्स प्रिमियम",
      selectedMonth: 950,
      cost: 1900,
    });
  });

  it("drops a Nepali name the seller took away, and is the same line when nothing changed", () => {
    const named = { ...line!, nameNe: "नेटफ्लिक्स प्रिमियम" };
    const unnamed = withTodaysItem(named, { name: "Netflix Premium", nameNe: null, unitPrice: 880 });
    expect(unnamed).toEqual(line);
    expect("nameNe" in unnamed).toBe(false);
    expect(withTodaysItem(named, { name: "Netflix Premium", nameNe: "नेटफ्लिक्स प्रिमियम", unitPrice: 880 })).toBe(named);
  });
});

describe("addLine", () => {
  it("appends a line priced at the plan's price for each device", () => {
    const cart = addLine([], netflix, "a");
    expect(cart).toEqual([{ ...netflix, lineId: "a", cost: 1760 }]);
    expect(lineCost(880, 3)).toBe(2640);
  });

  it("keeps the same product twice as two lines, and leaves the old cart alone", () => {
    const one = addLine([], netflix, "a");
    const two = addLine(one, netflix, "b");
    expect(two.map((l) => l.lineId)).toEqual(["a", "b"]);
    expect(one).toHaveLength(1);
  });

  it("stops at 50 lines", () => {
    let cart: CartLine[] = [];
    for (let i = 0; i < 60; i++) cart = addLine(cart, spotify, String(i));
    expect(cart).toHaveLength(50);
  });
});

describe("removeLine", () => {
  it("removes only the line asked for, even when another has the same Id", () => {
    const cart = addLine(addLine(addLine([], netflix, "a"), netflix, "b"), spotify, "c");
    expect(removeLine(cart, "a").map((l) => l.lineId)).toEqual(["b", "c"]);
    expect(removeLine(cart, "nope")).toEqual(cart);
  });
});

describe("cartTotal and itemsLabel", () => {
  it("sums the lines' costs", () => {
    expect(cartTotal([])).toBe(0);
    expect(cartTotal(addLine(addLine([], netflix, "a"), spotify, "b"))).toBe(2010);
  });

  it("says item or items", () => {
    expect(itemsLabel(1)).toBe("1 item");
    expect(itemsLabel(2)).toBe("2 items");
    expect(itemsLabel(0)).toBe("0 items");
  });
});

describe("parseStoredCart", () => {
  const stored = (lines: unknown) => JSON.stringify(lines);

  it("reads what addLine wrote", () => {
    const cart = addLine(addLine([], { ...netflix, nameNe: "नेटफ्लिक्स प्रिमियम" }, "a"), spotify, "b");
    expect(parseStoredCart(stored(cart))).toEqual(cart);
  });

  it("treats missing, corrupt and old-format carts as empty", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("")).toEqual([]);
    expect(parseStoredCart("{nope")).toEqual([]);
    expect(parseStoredCart("{}")).toEqual([]);
    expect(parseStoredCart("null")).toEqual([]);
    // The spec's own shape had no lineId.
    expect(parseStoredCart(stored([{ Id: "1", name: "Netflix", selectedMonth: 300, selectedDevice: 1, image: "", cost: 300 }]))).toEqual([]);
    expect(parseStoredCart(stored([{ ...netflix, lineId: "a", cost: 1, selectedDevice: 4 }]))).toEqual([]);
    expect(parseStoredCart(stored([{ ...netflix, lineId: "a", cost: 1, selectedMonth: -5 }]))).toEqual([]);
  });

  it("discards a cart longer than 50 lines", () => {
    const line = { ...spotify, lineId: "x", cost: 250 };
    expect(parseStoredCart(stored(Array.from({ length: 51 }, (_, i) => ({ ...line, lineId: String(i) }))))).toEqual([]);
  });

  it("recomputes the cost instead of trusting storage", () => {
    const [line] = parseStoredCart(stored([{ ...netflix, lineId: "a", cost: 1 }]));
    expect(line?.cost).toBe(1760);
  });

  it("makes repeated lineIds unique, so a delete still removes one line", () => {
    const line = { ...netflix, lineId: "a", cost: 1760 };
    const cart = parseStoredCart(stored([line, line]));
    expect(cart.map((l) => l.lineId)).toEqual(["a", "a-1"]);
    expect(removeLine(cart, "a")).toHaveLength(1);
  });
});
