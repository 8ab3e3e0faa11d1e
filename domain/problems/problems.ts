import type { Locale } from "../shared/locale";
import { problemNotDelivered, problemNotThisOrder, problemsTooManyOpen, problemsTooManyReports } from "../shared/messages";

/*
 * Problems a shopper reports on a delivered line, and the seller's queue (ADR 0111). Constants,
 * types and the shopper's refusals, for the order page and the server alike; the schemas are in
 * domain/problems/schemas.ts.
 */

export const PROBLEM_KINDS = ["not-working", "wrong-password", "profile-taken", "other"] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export const PROBLEM_STATUSES = ["open", "answered", "resolved"] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];

export const PROBLEM_EVENTS = ["reported", "answered", "seat-moved", "new-key", "refunded", "resolved", "reopened"] as const;
export type ProblemEventKind = (typeof PROBLEM_EVENTS)[number];

/** The shopper's text and the seller's answer: a few sentences. */
export const PROBLEM_TEXT_MAX = 500;
/** Problems of one order not yet resolved: the seller answers those before more come. */
export const OPEN_PROBLEMS_PER_ORDER = 3;
/** Reports of one order in an hour, resolved or not. */
export const REPORTS_PER_HOUR = 5;
/** The queue shows resolved problems of this many days after the open ones. */
export const RESOLVED_SHOWN_DAYS = 30;

/** How the admin (in English) names a kind; the order page has its own words in both languages. */
export const PROBLEM_KIND_NAMES: Record<ProblemKind, string> = {
  "not-working": "Not working",
  "wrong-password": "Wrong password",
  "profile-taken": "Profile taken",
  other: "Other",
};

/** One step of a problem's history as its shopper reads it: our own steps by kind, the seller's answers by text. */
export type ShopperProblemEvent = { kind: ProblemEventKind; text: string; at: string };

/** A problem as its order page shows it. */
export type ShopperProblem = {
  id: string;
  lineId: string;
  kind: ProblemKind;
  text: string;
  status: ProblemStatus;
  createdAt: string;
  events: ShopperProblemEvent[];
};

/** One step as the seller reads it: who did it, and what. */
export type ProblemEvent = ShopperProblemEvent & { who: string };

/** Where the line of a problem is held now: a seat (and where it could move) or its keys. */
export type ProblemHolding =
  | {
      kind: "seat";
      accountId: string;
      service: string;
      login: string;
      position: number;
      profileName: string;
      /** The best free seat on another account of the line's item, or null when none fits. */
      proposal: { fromSeatId: string; seatId: string; service: string; login: string; position: number; profileName: string } | null;
    }
  | { kind: "key"; keys: number; inStock: number }
  | { kind: "none" };

/** A problem in the seller's queue. */
export type QueuedProblem = {
  id: string;
  version: number;
  reference: string;
  customerName: string | null;
  phone: string | null;
  lineId: string;
  lineName: string;
  kind: ProblemKind;
  text: string;
  status: ProblemStatus;
  createdAt: string;
  updatedAt: string;
  holding: ProblemHolding;
  /**
   * The line's warranty (ADR 0128): replaced free up to and including `until` (null: while it lasts), and whether the
   * problem was reported inside it; null when the line has none.
   */
  warranty: { until: string | null; covered: boolean } | null;
  events: ProblemEvent[];
  /** The chat links that tell the shopper the newest answer, with their order's link; null without a phone or answer. */
  tell: { whatsappUrl: string; telegramUrl: string } | null;
};

/** The refusals a shopper reads, in the language of the page they report from. */
export const problemRefusal = {
  notDelivered: (locale: Locale) => problemNotDelivered[locale](),
  notThisOrder: (locale: Locale) => problemNotThisOrder[locale](),
  tooManyOpen: (locale: Locale) => problemsTooManyOpen[locale](OPEN_PROBLEMS_PER_ORDER),
  tooManyReports: (seconds: number, locale: Locale) => problemsTooManyReports[locale](Math.max(1, Math.ceil(seconds / 60))),
};
