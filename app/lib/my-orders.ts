import { useSyncExternalStore } from "react";
import { localStore } from "./local-store";
import { MY_ORDERS_KEY, readRememberedOrders, rememberOrder, type RememberedOrder } from "../../domain/orders/order-page";

// The orders this browser placed (reference + key), in localStorage: "My orders" without an account (ADR 0078).
let snapshot: RememberedOrder[] | undefined;
const store = localStore(MY_ORDERS_KEY, () => (snapshot = undefined));

/** The remembered orders, read once (none when storage is blocked). */
const read = (): RememberedOrder[] => (snapshot ??= readRememberedOrders(store.load()));

/** Remembers an order this browser just placed, from its order link. */
export function rememberPlacedOrder(orderUrl: string, placedAt: string) {
  const url = new URL(orderUrl, "http://x");
  const reference = decodeURIComponent(url.pathname.split("/").pop() ?? "");
  const key = url.searchParams.get("key");
  if (!reference || !key) return;
  snapshot = rememberOrder(read(), { reference, key, placedAt });
  store.save(snapshot);
}

const NOT_KNOWN: RememberedOrder[] | null = null;

/** The remembered orders, newest first; null on the server and during hydration. */
export function useMyOrders(): RememberedOrder[] | null {
  return useSyncExternalStore(store.subscribe, read, () => NOT_KNOWN);
}
