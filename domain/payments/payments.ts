/** The online gateways a seller can turn on. */

export const GATEWAYS = ["khalti", "esewa", "fonepay"] as const;
export type Gateway = (typeof GATEWAYS)[number];

export const GATEWAY_NAMES: Record<Gateway, string> = { khalti: "Khalti", esewa: "eSewa", fonepay: "Fonepay" };

/**
 * An attempt's state. `started`/`pending`: not proved yet; `paid`: proved, amount and order matching; `check`:
 * the gateway says money moved but something does not match (amount, order, a second payment): the seller looks;
 * `resolved`: the seller looked. The rest are the gateway's own endings.
 */
export const PAYMENT_STATUSES = ["started", "pending", "paid", "check", "resolved", "failed", "expired", "canceled", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Still worth asking the gateway about. */
export const OPEN_PAYMENT_STATUSES = ["started", "pending"] as const satisfies readonly PaymentStatus[];

/** Khalti takes paisa, at least Rs. 10 (research 1.3). */
export const KHALTI_MIN_NPR = 10;

export const readGateway = (value: string | null): Gateway | null =>
  (GATEWAYS as readonly string[]).includes(value ?? "") ? (value as Gateway) : null;
