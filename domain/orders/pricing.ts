import type { Locale } from "../shared/locale";
import type { OrderLineInput } from "./schemas";
import { itemNotSold, planNotSold } from "../shared/messages";

/** What the catalogue says about one item, as much as pricing needs. */
export type PricedItem = { _id: string; Name: string; NameNe?: string | null; plans: Record<string, number> };

export type OrderLine = {
  itemId: string;
  name: string;
  /** The seller's Nepali name at checkout, for a Nepali shopper's message; not stored (the English name is the line's). */
  nameNe?: string | null;
  months: number;
  devices: number;
  /** The plan's price for one device, from the catalogue at checkout. */
  unitPrice: number;
  lineTotal: number;
};

export type PricingResult = { ok: true; lines: OrderLine[]; total: number } | { ok: false; errors: Array<{ field: string; message: string }> };

/** One line priced from the catalogue, or why it cannot be sold. */
function priceLine(
  input: OrderLineInput,
  index: number,
  catalogue: ReadonlyMap<string, PricedItem>,
  locale: Locale,
): OrderLine | { field: string; message: string } {
  const item = catalogue.get(input._id);
  if (!item) {
    return { field: `items.${index}._id`, message: itemNotSold[locale]() };
  }
  const unitPrice = item.plans[String(input.months)];
  if (unitPrice === undefined) {
    return { field: `items.${index}.months`, message: planNotSold[locale](item, input.months) };
  }
  return {
    itemId: item._id,
    name: item.Name,
    nameNe: item.NameNe ?? null,
    months: input.months,
    devices: input.devices,
    unitPrice,
    lineTotal: unitPrice * input.devices,
  };
}

/** Prices every line from the catalogue; the browser's prices are never read. Problems in the shopper's language. */
export function priceOrder(items: readonly OrderLineInput[], catalogue: ReadonlyMap<string, PricedItem>, locale: Locale = "en"): PricingResult {
  const errors: Array<{ field: string; message: string }> = [];
  const lines: OrderLine[] = [];
  items.forEach((input, index) => {
    const priced = priceLine(input, index, catalogue, locale);
    if ("message" in priced) errors.push(priced);
    else lines.push(priced);
  });
  if (errors.length) return { ok: false, errors };
  return { ok: true, lines, total: lines.reduce((sum, line) => sum + line.lineTotal, 0) };
}

/** Today's price of each cart line, in the cart's order (with the item's names), or the reason it can no longer be ordered. */
export type LineQuote = { name: string; nameNe: string | null; unitPrice: number } | { problem: string };

/**
 * What checkout would charge for each line right now, line by line: the cart shows it before the shopper
 * sends, so the message in the chat and the cart on screen agree. A line that cannot be sold does not stop
 * the others from being priced.
 */
export function quoteCart(items: readonly OrderLineInput[], catalogue: ReadonlyMap<string, PricedItem>, locale: Locale = "en"): LineQuote[] {
  return items.map((input, index) => {
    const priced = priceLine(input, index, catalogue, locale);
    return "message" in priced ? { problem: priced.message } : { name: priced.name, nameNe: priced.nameNe ?? null, unitPrice: priced.unitPrice };
  });
}
