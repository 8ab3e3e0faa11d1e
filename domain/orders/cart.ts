/**
 * One line of the cart as stored in the browser under 'cart'. Field names follow the spec
 * (Id, name, selectedMonth = the chosen plan's price, selectedDevice, image, cost, month);
 * lineId and _id are ours: lineId so a delete removes one line, _id to price the line on the server.
 * stored-cart.ts reads it with a schema that must give exactly this type.
 */

export type CartLine = {
  lineId: string;
  _id?: string | undefined;
  Id: string;
  name: string;
  /**
   * The seller's Nepali name of the item, where there is one (ADR 0093): a Nepali page shows it. The English
   * `name` stays the line's identity, in the seller's message beside it. Filled when added on a Nepali page
   * and by the price check (fresh-prices.ts).
   */
  nameNe?: string | undefined;
  month: number;
  selectedMonth: number;
  selectedDevice: 1 | 2 | 3;
  image: string;
  cost: number;
};

export const DEVICE_OPTIONS = [1, 2, 3] as const;
export const CART_STORAGE_KEY = "cart";
/** The cart an order was placed from, for "Undo": `{ reference, lines, until }`. */
export const PUT_BACK_STORAGE_KEY = "cart-put-back";
/** How long after an order the emptied cart can be put back. */
export const PUT_BACK_MINUTES = 15;
export const MAX_CART_LINES = 50;

export type NewCartLine = Omit<CartLine, "lineId" | "cost">;

/** Price of a line: the plan's price for each device (spec: price x devices). */
export const lineCost = (planPrice: number, devices: number) => planPrice * devices;

export function addLine(cart: readonly CartLine[], line: NewCartLine, lineId: string): CartLine[] {
  if (cart.length >= MAX_CART_LINES) return [...cart];
  return [...cart, { ...line, lineId, cost: lineCost(line.selectedMonth, line.selectedDevice) }];
}

/**
 * A line with what the shop says of its item today (POST /api/orders/quote): its price, its English name and the
 * seller's Nepali one, given, changed or taken away since the line was added. The same line when nothing changed.
 */
export function withTodaysItem(line: CartLine, today: { name: string; nameNe: string | null; unitPrice: number }): CartLine {
  const nameNe = today.nameNe || undefined;
  if (today.unitPrice === line.selectedMonth && today.name === line.name && nameNe === line.nameNe) return line;
  const { nameNe: _before, ...rest } = line;
  return {
    ...rest,
    ...(nameNe ? { nameNe } : {}),
    name: today.name,
    selectedMonth: today.unitPrice,
    cost: lineCost(today.unitPrice, line.selectedDevice),
  };
}

/** Removes exactly one line (the spec's removal of every line with the same Id is a bug). */
export function removeLine(cart: readonly CartLine[], lineId: string): CartLine[] {
  return cart.filter((line) => line.lineId !== lineId);
}

export function cartTotal(cart: readonly CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.cost, 0);
}

export const itemsLabel = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;
