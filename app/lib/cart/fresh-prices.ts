import { useSyncExternalStore } from "react";
import { withTodaysItem, type CartLine } from "../../../domain/orders/cart";
import { askQuote } from "./quote";
import { cartActions, settledCart } from "./cart-store";

// Apart from cart-store.ts, which every page loads for the header's count: only the pages that show
// prices to a shopper about to order (cart, product) load the price check.

/** The server's answer for one line (POST /api/orders/quote): today's price and names, or why it cannot be ordered. */
export type LineQuote = { name: string; nameNe: string | null; unitPrice: number } | { problem: string };

const isQuote = (value: unknown): value is LineQuote => {
  const quote = value as Record<string, unknown> | null;
  if (!quote) return false;
  if (typeof quote.problem === "string") return true;
  return (
    typeof quote.name === "string" &&
    quote.name !== "" &&
    (quote.nameNe === null || typeof quote.nameNe === "string") &&
    Number.isInteger(quote.unitPrice) &&
    (quote.unitPrice as number) > 0
  );
};

/**
 * Today's price of each line, in the same order, as checkout would charge it; null when there is no answer
 * we can use (offline, timeout, overloaded). Checked by hand rather than with zod, which the storefront does not load.
 */
async function fetchQuotes(lines: ReadonlyArray<CartLine & { _id: string }>): Promise<LineQuote[] | null> {
  const body = (await askQuote(lines)) as { lines?: unknown } | null;
  const quotes = Array.isArray(body?.lines) ? body.lines : [];
  return quotes.length === lines.length && quotes.every(isQuote) ? quotes : null;
}

/** A line whose price changed since it was added: `before` is the price the shopper saw when adding it. */
export type PriceChange = { lineId: string; name: string; nameNe?: string | undefined; months: number; before: number; after: number };
/** A line the shop can no longer sell, with the server's reason. */
export type LineProblem = { lineId: string; name: string; nameNe?: string | undefined; problem: string };
export type PriceFindings = { changes: PriceChange[]; problems: LineProblem[] };

const NO_FINDINGS: PriceFindings = { changes: [], problems: [] };
let findings = NO_FINDINGS;
const findingsListeners = new Set<() => void>();

/**
 * Asks the server for today's price of every line and puts it in the cart, keeping what changed for the
 * price banner: a cart keeps the price from when an item was added, and the order is priced by the server, so
 * without this the shopper would learn of a change only after the chat opened.
 */
export async function refreshPrices(): Promise<void> {
  const lines = (await settledCart()).filter((line): line is CartLine & { _id: string } => !!line._id);
  if (!lines.length) return;
  const quotes = await fetchQuotes(lines);
  if (!quotes) return;
  const fresh = new Map(lines.map((line, index) => [line.lineId, quotes[index]!]));
  const changes = new Map(findings.changes.map((found) => [found.lineId, found]));
  const problems: LineProblem[] = [];
  for (const line of lines) {
    const quote = fresh.get(line.lineId)!;
    if ("problem" in quote) problems.push({ lineId: line.lineId, name: line.name, nameNe: line.nameNe, problem: quote.problem });
    else if (quote.unitPrice !== line.selectedMonth) {
      const before = changes.get(line.lineId)?.before ?? line.selectedMonth;
      if (before === quote.unitPrice) changes.delete(line.lineId);
      else
        changes.set(line.lineId, {
          lineId: line.lineId,
          name: quote.name,
          nameNe: quote.nameNe ?? undefined,
          months: line.month,
          before,
          after: quote.unitPrice,
        });
    }
  }
  cartActions.update((cart) =>
    cart.map((line) => {
      const quote = fresh.get(line.lineId);
      return !quote || "problem" in quote ? line : withTodaysItem(line, quote);
    }),
  );
  findings = { changes: [...changes.values()], problems };
  for (const listener of findingsListeners) listener();
}

function subscribeFindings(listener: () => void) {
  findingsListeners.add(listener);
  return () => findingsListeners.delete(listener);
}

/** What the last price checks found, for the lines still in `cart`. */
export function usePriceFindings(cart: readonly CartLine[]): PriceFindings {
  const current = useSyncExternalStore(
    subscribeFindings,
    () => findings,
    () => NO_FINDINGS,
  );
  const inCart = (found: { lineId: string }) => cart.some((line) => line.lineId === found.lineId);
  return { changes: current.changes.filter(inCart), problems: current.problems.filter(inCart) };
}
