export const ORDER_STATUSES = ["new", "contacted", "paid", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: "New",
  contacted: "Contacted",
  paid: "Paid",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

const FORWARD: readonly OrderStatus[] = ["new", "contacted", "paid", "delivered"];

/** Orders waiting for their payment: a shopper's "I have paid" among them is the seller's to check. */
export const AWAITING_PAYMENT_STATUSES = ["new", "contacted"] as const satisfies readonly OrderStatus[];

/** The admin orders screen's status filter for the seller's queue (`claimed` in the API): said paid, not marked paid. */
export const SAY_THEY_PAID = "claimed";

/** Orders still to be delivered: each of their lines will need a seat or key (ADR 0085). */
export const UNDELIVERED_STATUSES = ["new", "contacted", "paid"] as const satisfies readonly OrderStatus[];

/**
 * new → contacted → paid → delivered; a step may be skipped forward (a regular customer pays before
 * anyone writes), never taken back. Cancelled from any state before delivered. Null when allowed.
 */
export function transitionError(from: OrderStatus, to: OrderStatus): string | null {
  if (from === to) return `The order is already ${ORDER_STATUS_LABELS[to].toLowerCase()}`;
  if (from === "delivered") return "A delivered order cannot change status";
  if (from === "cancelled") return "A cancelled order cannot change status";
  if (to === "cancelled") return null;
  if (FORWARD.indexOf(to) < FORWARD.indexOf(from)) {
    return `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot go back to ${ORDER_STATUS_LABELS[to].toLowerCase()}`;
  }
  return null;
}

/** The statuses an order may move to next, for the admin's buttons. */
export function nextStatuses(from: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => transitionError(from, to) === null);
}

/** How the orders screen and the dashboard count: per status, for orders made since `since`. */
export type OrderCounts = Record<OrderStatus, number>;

/** "3 orders cancelled as spam; 1 left as it was". */
export function spamMessage(marked: number, skipped: number): string {
  const done = `${marked} ${marked === 1 ? "order" : "orders"} cancelled as spam`;
  return skipped ? `${done}; ${skipped} left as ${skipped === 1 ? "it was" : "they were"}` : done;
}
