import type { CartLine } from "../../../domain/cart";

/** The server's answer for one line (POST /api/orders/quote): today's price, or why it cannot be ordered. */
export type LineQuote = { name: string; unitPrice: number } | { problem: string };

/** A price check is a nicety: a slow or absent server must not hold the cart up for long. */
const QUOTE_TIMEOUT_MS = 5000;

const isQuote = (value: unknown): value is LineQuote => {
  const quote = value as Record<string, unknown> | null;
  if (!quote) return false;
  if (typeof quote.problem === "string") return true;
  return typeof quote.name === "string" && quote.name !== "" && Number.isInteger(quote.unitPrice) && (quote.unitPrice as number) > 0;
};

/**
 * Today's price of each line, in the same order, as checkout would charge it; null when there is no answer
 * we can use (offline, timeout, overloaded). Checked by hand rather than with zod, which the storefront does not load.
 */
export async function fetchQuotes(lines: ReadonlyArray<CartLine & { _id: string }>): Promise<LineQuote[] | null> {
  try {
    const response = await fetch("/api/orders/quote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ items: lines.map((line) => ({ _id: line._id, months: line.month, devices: line.selectedDevice })) }),
      signal: AbortSignal.timeout(QUOTE_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { lines?: unknown };
    const quotes = Array.isArray(body.lines) ? body.lines : [];
    return quotes.length === lines.length && quotes.every(isQuote) ? quotes : null;
  } catch {
    return null;
  }
}
