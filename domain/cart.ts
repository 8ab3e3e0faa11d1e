// zod/mini: the cart is read in the browser on every page, where classic zod would cost about 26 KB.
import { z } from "zod/mini";

export const DEVICE_OPTIONS = [1, 2, 3] as const;
export const CART_STORAGE_KEY = "cart";
export const MAX_CART_LINES = 50;

/**
 * One line of the cart as stored in the browser under 'cart'. Field names follow the spec
 * (Id, name, selectedMonth = the chosen plan's price, selectedDevice, image, cost, month);
 * lineId and _id are ours: lineId so a delete removes one line, _id to price the line on the server.
 */
export const cartLineSchema = z.object({
  lineId: z.string().check(z.minLength(1)),
  _id: z.optional(z.string()),
  Id: z.string(),
  name: z.string().check(z.minLength(1)),
  month: z.int().check(z.minimum(1), z.maximum(36)),
  selectedMonth: z.int().check(z.positive()),
  selectedDevice: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  image: z.string(),
  cost: z.int().check(z.positive()),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export type NewCartLine = Omit<CartLine, "lineId" | "cost">;

/** Price of a line: the plan's price for each device (spec: price x devices). */
export const lineCost = (planPrice: number, devices: number) => planPrice * devices;

/** Reads a stored cart; anything that does not parse (old format, hand-edited) counts as an empty cart. */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  try {
    const parsed = z.array(cartLineSchema).check(z.maxLength(MAX_CART_LINES)).safeParse(JSON.parse(raw));
    if (!parsed.success) return [];
    const seen = new Set<string>();
    return parsed.data.map((line, index) => {
      // A hand-copied line keeps its lineId; made unique again so a delete still removes one line.
      const lineId = seen.has(line.lineId) ? `${line.lineId}-${index}` : line.lineId;
      seen.add(lineId);
      // The cost is derived, never trusted from storage.
      return { ...line, lineId, cost: lineCost(line.selectedMonth, line.selectedDevice) };
    });
  } catch {
    return [];
  }
}

export function addLine(cart: readonly CartLine[], line: NewCartLine, lineId: string): CartLine[] {
  if (cart.length >= MAX_CART_LINES) return [...cart];
  return [...cart, { ...line, lineId, cost: lineCost(line.selectedMonth, line.selectedDevice) }];
}

/** Removes exactly one line (the spec's removal of every line with the same Id is a bug). */
export function removeLine(cart: readonly CartLine[], lineId: string): CartLine[] {
  return cart.filter((line) => line.lineId !== lineId);
}

export function cartTotal(cart: readonly CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.cost, 0);
}

export const itemsLabel = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;
