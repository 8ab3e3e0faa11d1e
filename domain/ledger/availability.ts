// Storefront availability of items sold from provider accounts or licence keys. No zod here:
// the storefront's pages import it (ADR 0054).

export const DEFAULT_STOCK_THRESHOLD = 3;

export type Availability = { state: "in-stock" } | { state: "few"; left: number } | { state: "out" };

/**
 * What a shopper is told of an item sold from accounts or keys: nothing when it is sold from neither
 * (`linked` false), else in stock, "only N left" at or below the item's threshold, or out of stock.
 */
export function availability(stock: { linked: boolean; free: number }, threshold: number): Availability | null {
  if (!stock.linked) return null;
  if (stock.free <= 0) return { state: "out" };
  if (stock.free <= threshold) return { state: "few", left: stock.free };
  return { state: "in-stock" };
}

export function availabilityLabel(availability: Availability): string {
  if (availability.state === "out") return "Out of stock – message us";
  if (availability.state === "few") return `Only ${availability.left} left`;
  return "In stock";
}
