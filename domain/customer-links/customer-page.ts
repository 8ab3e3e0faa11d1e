import { orderKeyPattern, type ShopperOrderLine, withoutOrderKey } from "../orders/order-page";
import type { OrderStatus } from "../orders/statuses";
import type { BalanceStatement } from "../balances/schemas";

// ---------------------------------------------------------------------------------------------
// The customer link (ADR 0104): one page for all of a shopper's subscriptions

/** A customer key is made as an order key is: 144 random bits, 24 base64url characters (ADR 0075). */
export const customerKeyPattern = orderKeyPattern;

/** The page of every subscription and order of one customer (one phone, ADR 0086); the key is the only thing that opens it. */
export function customerPath(key: string): string {
  return `/my/${encodeURIComponent(key)}`;
}

/** A subscription running now: a delivered line that has not ended, not yet carried on by a delivered renewal. */
export type CustomerSubscription = {
  lineId: string;
  reference: string;
  /** The line's place in its order, from 1. */
  position: number;
  name: string;
  /** The seller's Nepali name of the item today, or null: a Nepali page shows it (ADR 0093). */
  nameNe: string | null;
  months: number;
  devices: number;
  startDate: string;
  expiryDate: string;
  daysLeft: number;
  /** Where it is held: the seat and profile of a provider account, or licence keys (never their secrets). */
  place: { kind: "seat"; service: string; profile: string | null; seat: number } | { kind: "keys" } | null;
  /** The order that renews it, placed and not yet delivered. */
  renewedBy: string | null;
  /** It renews itself from the customer's store credit before it ends (ADR 0127). */
  autoRenew: boolean;
  /** Its renewal checkout's plans at today's prices; null when it cannot be renewed from the page (renewed, or no longer sold). */
  renewal: ShopperOrderLine["renewal"];
};

/** One of the customer's orders: what the list of orders shows, and its own link when the shop can open its key. */
export type CustomerOrder = {
  reference: string;
  createdAt: string;
  status: OrderStatus;
  total: number;
  /** The order's own key (from the admin's sealed copy, ADR 0075), for its page; null for an order without one. */
  key: string | null;
  /** The name and phone it was placed with: a renewal of its lines starts with them, as on the order page. */
  customer: { name: string | null; phone: string | null };
};

/** What the customer's link shows: the phone it is for, the subscriptions running, soonest end first, and every order, newest first. */
export type ShopperCustomer = {
  phone: string;
  subscriptions: CustomerSubscription[];
  orders: CustomerOrder[];
  /** The customer's referral code, what a friend's first order earns them, and what their referrals earned. */
  referral: { code: string; creditAmount: number; earned: number };
  /** Their store credit (ADR 0127): the balance and its latest movements. */
  balance: BalanceStatement;
  /** How many days before its end a line set so renews itself. */
  autoRenewDays: number;
  /** The least and most one top-up of store credit may be. */
  topUp: { min: number; max: number };
};

/**
 * A request target as the logs may show it (ADR 0104): an order link's key hidden as `withoutOrderKey` does,
 * and a customer key hidden wherever a `my/` path segment carries one: the page (`/my/<key>`, `/ne/my/<key>`,
 * its `.data`), the API (`/api/my/<key>`), or a query value naming such a path (React Router's route
 * discovery asks `/__manifest?paths=/ne/my/<key>` for the language switch). Paths are read decoded, as the
 * router reads them, so `/%6Dy/<key>` is hidden too.
 */
export function withoutLinkKeys(url: string): string {
  const target = withoutOrderKey(url);
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  const rest = end === -1 ? "" : target.slice(end);
  const hash = rest.indexOf("#");
  const query = hash === -1 ? rest : rest.slice(0, hash);
  const pairs = query
    .slice(1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      return equals !== -1 && namesCustomerPage(pair.slice(equals + 1)) ? `${pair.slice(0, equals)}=[hidden]` : pair;
    });
  return `${withoutPathKey(path)}${query ? `?${pairs.join("&")}` : ""}${hash === -1 ? "" : rest.slice(hash)}`;
}

/** A `my` segment followed by anything: what follows it is a customer key (or the way to one). */
const MY_SEGMENT = /(?:^|\/)my\/+/i;

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return null;
  }
}

function withoutPathKey(path: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path)?.[0] ?? "";
  const local = path.slice(origin.length);
  // A path that cannot be decoded is judged as it is written.
  const read = decoded(local) ?? local;
  const match = MY_SEGMENT.exec(read);
  return match ? `${origin}${read.slice(0, match.index + match[0].length)}[hidden]` : path;
}

function namesCustomerPage(value: string): boolean {
  return MY_SEGMENT.test(value) || MY_SEGMENT.test(decoded(value) ?? "");
}
