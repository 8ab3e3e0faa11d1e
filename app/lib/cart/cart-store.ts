import { useSyncExternalStore } from "react";
import { localStore } from "../local-store";
import {
  addLine,
  CART_STORAGE_KEY,
  PUT_BACK_MINUTES,
  PUT_BACK_STORAGE_KEY,
  removeLine,
  type CartLine,
  type NewCartLine,
} from "../../../domain/orders/cart";

// The cart lives in localStorage (spec: key 'cart'); this module is its only reader and writer.
/** undefined: not read yet; null: a stored cart is there and its reader is loading. */
let snapshot: CartLine[] | null | undefined;
const store = localStore(CART_STORAGE_KEY, () => (snapshot = undefined));
const EMPTY: CartLine[] = [];

type ParseStoredCart = (raw: string | null) => CartLine[];
let parseStoredCart: ParseStoredCart | undefined;
let loadingReader: Promise<ParseStoredCart> | undefined;

/**
 * The stored-cart reader checks every line with zod/mini (about 16 KB), so it is fetched only when there
 * is a stored cart to read: a first visit from a chat link never loads it.
 */
function loadReader(): Promise<ParseStoredCart> {
  loadingReader ??= import("../../../domain/orders/stored-cart").then(
    (module) => (parseStoredCart = module.parseStoredCart),
    (error: unknown) => {
      loadingReader = undefined;
      throw error;
    },
  );
  return loadingReader;
}

/** Storage blocked: null, and an in-memory cart for this page. */
const storedCart = () => store.load();
const notify = () => store.notify();

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
  store.save(next);
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

const subscribe = store.subscribe;

/** The cart once a stored cart has been read (empty if its reader cannot load). */
export async function settledCart(): Promise<CartLine[]> {
  if (!parseStoredCart && storedCart()) {
    await loadReader().catch(() => undefined);
    if (snapshot === null) snapshot = undefined;
  }
  return read() ?? EMPTY;
}

// ---------------------------------------------------------------------------------------------
// The cart an order was placed from: emptied once the server has the order, so that the next visit
// does not send the same lines again, and kept a while for "Undo".

/** The order the cart was emptied for, its lines and until when (ms since 1970) they can be put back. */
export type PutBack = { reference: string; lines: unknown; until: number };
let putBackSnapshot: PutBack | null | undefined;
const putBackStore = localStore(PUT_BACK_STORAGE_KEY, () => (putBackSnapshot = undefined));

function readPutBack(): PutBack | null {
  if (putBackSnapshot !== undefined) return putBackSnapshot;
  try {
    const stored = JSON.parse(putBackStore.load() ?? "null") as Partial<PutBack> | null;
    const valid = stored && typeof stored.reference === "string" && typeof stored.until === "number" && Array.isArray(stored.lines);
    return (putBackSnapshot = valid ? (stored as PutBack) : null);
  } catch {
    return (putBackSnapshot = null);
  }
}

function forgetPutBack() {
  if (!readPutBack()) return;
  putBackSnapshot = null;
  putBackStore.remove();
}

export const cartActions = {
  /** Adds the line and answers its lineId. Nothing is put back after that: the shopper has moved on. */
  add: (line: NewCartLine) => {
    const lineId = crypto.randomUUID();
    forgetPutBack();
    change((cart) => addLine(cart, line, lineId));
    return lineId;
  },
  /** The shop has order `reference` of these lines: the cart is emptied, and can be put back for PUT_BACK_MINUTES. */
  emptyForOrder: (reference: string, lines: readonly CartLine[], now = Date.now()) => {
    putBackSnapshot = { reference, lines, until: now + PUT_BACK_MINUTES * 60_000 };
    putBackStore.save(putBackSnapshot);
    write([]);
  },
  /** "Undo": the lines the last order emptied, back in an empty cart, each checked as a stored cart is. */
  putBack: async () => {
    const putBack = readPutBack();
    forgetPutBack();
    if (!putBack || putBack.until <= Date.now() || (read() ?? EMPTY).length > 0) return;
    const parse = await loadReader().catch(() => undefined);
    if (parse) write(parse(JSON.stringify(putBack.lines)));
  },
  remove: (lineId: string) => change((cart) => removeLine(cart, lineId)),
  clear: () => write([]),
  /** Changes lines in place (today's prices from the server; see fresh-prices.ts). */
  update: (lines: (cart: CartLine[]) => CartLine[]) => change(lines),
};

/** The emptied cart kept for "Undo", or null; it can be put back until its `until`. */
export function usePutBack(): PutBack | null {
  return useSyncExternalStore(putBackStore.subscribe, readPutBack, () => null);
}

/** The cart; empty during server rendering and hydration (and while a stored cart is being read), the stored cart right after. */
export function useCart(): CartLine[] {
  return useSyncExternalStore(
    subscribe,
    () => read() ?? EMPTY,
    () => EMPTY,
  );
}

/**
 * The cart, or null while it is not known yet: on the server, during hydration, and while the stored
 * cart's reader loads. Pages that show the cart render a skeleton for null, not an empty cart.
 */
export function useStoredCart(): CartLine[] | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
