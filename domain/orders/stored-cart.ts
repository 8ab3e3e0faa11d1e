// zod/mini, in a module of its own: the browser loads it only when a stored cart is there to read.
import { z } from "zod/mini";
import { type CartLine, lineCost, MAX_CART_LINES } from "./cart";

/** The stored line, as CartLine in cart.ts describes it (checked below, so the two cannot drift apart). */
export const cartLineSchema = z.object({
  lineId: z.string().check(z.minLength(1)),
  _id: z.optional(z.string()),
  Id: z.string(),
  name: z.string().check(z.minLength(1)),
  nameNe: z.optional(z.string()),
  month: z.int().check(z.minimum(1), z.maximum(36)),
  selectedMonth: z.int().check(z.positive()),
  selectedDevice: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  image: z.string(),
  cost: z.int().check(z.positive()),
});
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _schemaGivesCartLine: SameType<z.infer<typeof cartLineSchema>, CartLine> = true;

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
