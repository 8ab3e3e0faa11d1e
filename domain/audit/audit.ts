// ---------------------------------------------------------------------------------------------
// The audit log (ADR 0083, 0100): every reveal of a secret and every deletion or retirement, kept when the
// thing it names is gone.

/**
 * What a row records. Reveals: an account's password, a seat's PIN, a licence key, a delivery message (which
 * carries a seat's secrets), a gateway's merchant secret, or another secret. Then what took a thing out of use:
 * deleted, retired (an account retired, an item hidden from the shop), restored (back in use).
 */
export const AUDIT_KINDS = ["password", "pin", "key", "delivery", "gateway", "code", "other", "credit", "deleted", "retired", "restored"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  password: "Password revealed",
  pin: "PIN revealed",
  key: "Licence key revealed",
  delivery: "Delivery message",
  gateway: "Merchant secret revealed",
  code: "Provider code read",
  other: "Secret revealed",
  credit: "Store credit added",
  deleted: "Deleted",
  retired: "Retired",
  restored: "Back in use",
};

/** The screen's "What" filter: one kind of reveal, or every deletion and retirement. */
export const AUDIT_FILTERS = ["password", "pin", "key", "delivery", "gateway", "code", "credit", "removals"] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

export const AUDIT_FILTER_LABELS: Record<AuditFilter, string> = {
  password: "Account passwords",
  pin: "PINs",
  key: "Licence keys",
  delivery: "Delivery messages",
  gateway: "Merchant secrets",
  code: "Codes read from mailboxes",
  credit: "Store credit added",
  removals: "Deletions and retirements",
};

export const AUDIT_FILTER_KINDS: Record<AuditFilter, readonly AuditKind[]> = {
  password: ["password"],
  pin: ["pin"],
  key: ["key"],
  delivery: ["delivery"],
  gateway: ["gateway"],
  code: ["code"],
  credit: ["credit"],
  removals: ["deleted", "retired", "restored"],
};

/** The "Who" filter's value for every shopper who read their own order's credentials. */
export const AUDIT_SHOPPERS = "shoppers";

/** How a shopper is named in the log: their address is all we know of them (ADR 0099). */
export const shopperActor = (address: string) => `shopper at ${address || "an unknown address"}`;

export const AUDIT_PAGE_SIZE = 50;

/** The label of a kind, or the kind itself when it is not one of ours. */
export const auditKindLabel = (kind: string) => ((AUDIT_KINDS as readonly string[]).includes(kind) ? AUDIT_KIND_LABELS[kind as AuditKind] : kind);

/** The first instant of a shop day, as stored (UTC ISO). Nepal keeps +05:45 all year. */
export const shopDayStart = (day: string) => new Date(`${day}T00:00:00+05:45`).toISOString();
