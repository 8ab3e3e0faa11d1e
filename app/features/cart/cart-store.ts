import { useSyncExternalStore } from "react";
import { addLine, CART_STORAGE_KEY, lineCost, removeLine, type CartLine, type NewCartLine } from "../../../domain/cart";
import { fetchQuotes } from "./fresh-prices";

// The cart lives in localStorage (spec: key 'cart'); this module is its only reader and writer.
const listeners = new Set<() => void>();
/** undefined: not read yet; null: a stored cart is there and its reader is loading. */
let snapshot: CartLine[] | null | undefined;
const EMPTY: CartLine[] = [];

type ParseStoredCart = (raw: string | null) => CartLine[];
let parseStoredCart: ParseStoredCart | undefined;
let loadingReader: Promise<ParseStoredCart> | undefined;

/**
 * The stored-cart reader checks every line with zod/mini (about 16 KB), so it is fetched only when there
 * is a stored cart to read: a first visit from a chat link never loads it.
 */
function loadReader(): Promise<ParseStoredCart> {
  loadingReader ??= import("../../../domain/stored-cart").then(
    (module) => (parseStoredCart = module.parseStoredCart),
    (error: unknown) => {
      loadingReader = undefined;
      throw error;
    },
  );
  return loadingReader;
}

function storedCart(): string | null {
  try {
    return localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    // Storage blocked: an in-memory cart for this page.
    return null;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

function read(): CartLine[] | null {
  if (snapshot !== undefined) return snapshot;
  const raw = storedCart();
  if (!raw) return (snapshot = EMPTY);
  if (parseStoredCart) return (snapshot = parseStoredCart(raw));
  snapshot = null;
  loadReader().then(
    () => {
      if (snapshot === null) snapshot = undefined;
      notify();
    },
    () => {
      // The reader could not be fetched (offline): the page shows an empty cart; see `change`.
      if (snapshot === null) snapshot = EMPTY;
      notify();
    },
  );
  return snapshot;
}

function write(next: CartLine[]) {
  snapshot = next;
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: keep the cart for this page.
  }
  notify();
}

/**
 * Applies a change to the cart as stored: at once when there is nothing unread, else once the reader has
 * loaded, so a stored cart is never overwritten without being read (if it cannot load, nothing is written).
 */
function change(update: (cart: CartLine[]) => CartLine[]) {
  if (parseStoredCart || !storedCart()) return write(update(read() ?? EMPTY));
  void loadReader().then(
    () => {
      snapshot = undefined;
      write(update(read() ?? EMPTY));
    },
    () => undefined,
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) {
      snapshot = undefined;
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The cart once a stored cart has been read (empty if its reader cannot load). */
async function settledCart(): Promise<CartLine[]> {
  if (!parseStoredCart && storedCart()) {
    await loadReader().catch(() => undefined);
    if (snapshot === null) snapshot = undefined;
  }
  return read() ?? EMPTY;
}

/** A line whose price changed since it was added: `before` is the price the shopper saw when adding it. */
export type PriceChange = { lineId: string; name: string; months: number; before: number; after: number };
/** A line the shop can no longer sell, with the server's reason. */
export type LineProblem = { lineId: string; name: string; problem: string };
export type PriceNotice = { changes: PriceChange[]; problems: LineProblem[] };

const NO_NOTICE: PriceNotice = { changes: [], problems: [] };
let notice = NO_NOTICE;
const noticeListeners = new Set<() => void>();

/**
 * Asks the server for today's price of every line and puts it in the cart, keeping what changed for the
 * notice: a cart keeps the price from when an item was added, and the order is priced by the server, so
 * without this the shopper would learn of a change only after the chat opened.
 */
async function refreshPrices(): Promise<void> {
  const lines = (await settledCart()).filter((line): line is CartLine & { _id: string } => !!line._id);
  if (!lines.length) return;
  const quotes = await fetchQuotes(lines);
  if (!quotes) return;
  const fresh = new Map(lines.map((line, index) => [line.lineId, quotes[index]!]));
  const changes = new Map(notice.changes.map((found) => [found.lineId, found]));
  const problems: LineProblem[] = [];
  for (const line of lines) {
    const quote = fresh.get(line.lineId)!;
    if ("problem" in quote) problems.push({ lineId: line.lineId, name: line.name, problem: quote.problem });
    else if (quote.unitPrice !== line.selectedMonth) {
      const before = changes.get(line.lineId)?.before ?? line.selectedMonth;
      if (before === quote.unitPrice) changes.delete(line.lineId);
      else changes.set(line.lineId, { lineId: line.lineId, name: quote.name, months: line.month, before, after: quote.unitPrice });
    }
  }
  change((cart) =>
    cart.map((line) => {
      const quote = fresh.get(line.lineId);
      if (!quote || "problem" in quote || (quote.unitPrice === line.selectedMonth && quote.name === line.name)) return line;
      return { ...line, name: quote.name, selectedMonth: quote.unitPrice, cost: lineCost(quote.unitPrice, line.selectedDevice) };
    }),
  );
  notice = { changes: [...changes.values()], problems };
  for (const listener of noticeListeners) listener();
}

export const cartActions = {
  /** Adds the line and answers its lineId. */
  add: (line: NewCartLine) => {
    const lineId = crypto.randomUUID();
    change((cart) => addLine(cart, line, lineId));
    return lineId;
  },
  remove: (lineId: string) => change((cart) => removeLine(cart, lineId)),
  clear: () => write([]),
  refreshPrices,
};

function subscribeNotice(listener: () => void) {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

/** What the last price checks found, for the lines still in `cart`. */
export function usePriceNotice(cart: readonly CartLine[]): PriceNotice {
  const current = useSyncExternalStore(subscribeNotice, () => notice, () => NO_NOTICE);
  const inCart = (found: { lineId: string }) => cart.some((line) => line.lineId === found.lineId);
  return { changes: current.changes.filter(inCart), problems: current.problems.filter(inCart) };
}

/** The cart; empty during server rendering and hydration (and while a stored cart is being read), the stored cart right after. */
export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, () => read() ?? EMPTY, () => EMPTY);
}

/**
 * The cart, or null while it is not known yet: on the server, during hydration, and while the stored
 * cart's reader loads. Pages that show the cart render a skeleton for null, not an empty cart.
 */
export function useStoredCart(): CartLine[] | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
