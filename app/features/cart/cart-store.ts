import { useSyncExternalStore } from "react";
import { addLine, CART_STORAGE_KEY, parseStoredCart, removeLine, type CartLine, type NewCartLine } from "../../../domain/cart";

// The cart lives in localStorage (spec: key 'cart'); this module is its only reader and writer.
const listeners = new Set<() => void>();
let snapshot: CartLine[] | undefined;
const EMPTY: CartLine[] = [];

function read(): CartLine[] {
  if (snapshot === undefined) {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(CART_STORAGE_KEY);
    } catch {
      // Storage blocked: an in-memory cart for this page.
    }
    snapshot = parseStoredCart(raw);
  }
  return snapshot;
}

function write(next: CartLine[]) {
  snapshot = next;
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: keep the cart for this page.
  }
  for (const listener of listeners) listener();
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

export const cartActions = {
  add: (line: NewCartLine) => write(addLine(read(), line, crypto.randomUUID())),
  remove: (lineId: string) => write(removeLine(read(), lineId)),
  clear: () => write([]),
};

/** The cart; empty during server rendering and hydration, the stored cart right after. */
export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

/**
 * The cart, or null while it is not known yet: on the server and during hydration, where the
 * stored cart cannot be read. Pages that show the cart render a skeleton for null, not an empty cart.
 */
export function useStoredCart(): CartLine[] | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
