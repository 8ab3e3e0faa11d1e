import { useSyncExternalStore } from "react";
import { MY_ORDERS_KEY, readRememberedOrders, rememberOrder, type RememberedOrder } from "../../../domain/order-pages";

// The orders this browser placed (reference + key), in localStorage: "My orders" without an account (ADR 0078).
const listeners = new Set<() => void>();
let snapshot: RememberedOrder[] | undefined;

function read(): RememberedOrder[] {
  if (snapshot) return snapshot;
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(MY_ORDERS_KEY);
  } catch {
    // Storage blocked: nothing remembered.
  }
  return (snapshot = readRememberedOrders(raw));
}

/** Remembers an order this browser just placed, from its order link. */
export function rememberPlacedOrder(orderUrl: string, placedAt: string) {
  const url = new URL(orderUrl, "http://x");
  const reference = decodeURIComponent(url.pathname.split("/").pop() ?? "");
  const key = url.searchParams.get("key");
  if (!reference || !key) return;
  snapshot = rememberOrder(read(), { reference, key, placedAt });
  try {
    localStorage.setItem(MY_ORDERS_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or blocked: remembered for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === MY_ORDERS_KEY || event.key === null) {
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

const NOT_KNOWN: RememberedOrder[] | null = null;

/** The remembered orders, newest first; null on the server and during hydration. */
export function useMyOrders(): RememberedOrder[] | null {
  return useSyncExternalStore(subscribe, read, () => NOT_KNOWN);
}
