import { z } from "zod";
import { listPageSchema, optionalText, pagingQueryFields, requiredText, searchText } from "./common";
import { addDays } from "./ledger-settings";
import { addMonths, daysUntil } from "./order-dates";
import { dateSchema } from "./schemas/orders";

// ---------------------------------------------------------------------------------------------
// The seller's ledger: provider accounts, their seats, licence key stock (issue 20)

export const ACCOUNT_STATUSES = ["active", "paused", "retired"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const MAX_SEATS = 50;

/** How the provider bills an account: every month, every year, or not at all (bought once). */
export const BILLING_CYCLES = ["monthly", "yearly", "none"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
/** The months of a cycle, kept for the reports' cost periods; "none" counts its one payment over a month. */
export const CYCLE_MONTHS: Record<BillingCycle, number> = { monthly: 1, yearly: 12, none: 1 };

export type Billing = { billingCycle: BillingCycle; renewalDate: string | null; renews: boolean };

/** The account's billing in a few words, beside a seat proposal: "billed monthly, next bill 2026-12-20". */
export function billingLabel(billing: Billing): string {
  if (billing.billingCycle === "none") return billing.renewalDate ? `bought once, ends on ${billing.renewalDate}` : "bought once, never ends";
  const cycle = billing.billingCycle === "monthly" ? "monthly" : "yearly";
  return billing.renews ? `billed ${cycle}, next bill ${billing.renewalDate}` : `billed ${cycle}, not renewed: ends on ${billing.renewalDate}`;
}

/** Seats of the account may be sold beyond `day`: it renews, never ends, or is paid up to then. */
export const coversUntil = (billing: Billing, day: string): boolean =>
  billing.renewalDate === null || (billing.renews && billing.billingCycle !== "none") || billing.renewalDate >= day;

const seatInputSchema = z.object({
  /** An existing seat's id; absent for a new seat. */
  id: z.string().min(1).max(100).optional(),
  profileName: optionalText("Profile name", 60),
  /** Absent: keep the stored PIN; "": no PIN. */
  pin: z.string({ error: "PIN must be text" }).trim().max(20, "PIN is too long (at most 20 characters)").optional(),
});

/** What the shop paid the provider for an account's period or for a key: whole rupees. */
const costSchema = z
  .number({ error: "Cost must be a number of rupees" })
  .int("Cost must be whole rupees")
  .min(0, "Cost cannot be negative")
  .max(10_000_000, "Cost is too large");

const accountFields = {
  service: requiredText("Service", 100),
  itemIds: z
    .array(z.string().min(1).max(100), { error: "Choose the items this account serves" })
    .min(1, "Choose at least one item this account serves")
    .max(50, "At most 50 items"),
  login: requiredText("Login", 200),
  seats: z
    .array(seatInputSchema, { error: "Seats are required" })
    .min(1, "An account has at least one seat")
    .max(MAX_SEATS, `An account has at most ${MAX_SEATS} seats`),
  billingCycle: z.enum(BILLING_CYCLES, { error: "Choose how the provider bills this account: monthly, yearly, or no cycle" }),
  /** Monthly or yearly: the next bill date; no cycle: the day it ends, or null when it never does. */
  renewalDate: dateSchema.nullable().default(null),
  cost: costSchema,
  /**
   * The provider bills it again on the next bill date (so a seat may be sold beyond it); false: it ends then.
   * Absent: monthly and yearly accounts renew, one with no cycle does not (`renewsOf`).
   */
  renews: z.boolean({ error: "Renews is yes or no" }).optional(),
  status: z.enum(ACCOUNT_STATUSES, { error: `Status must be one of ${ACCOUNT_STATUSES.join(", ")}` }).default("active"),
  notes: optionalText("Notes", 2000),
};

const billingFields = z.object({ billingCycle: accountFields.billingCycle, renewalDate: accountFields.renewalDate, renews: accountFields.renews });
type BillingInput = z.output<typeof billingFields>;
/** Checked as soon as the billing fields themselves are valid, so the form shows these beside the other fields' errors. */
const whenBillingParses = { when: (payload: { value: unknown }) => billingFields.safeParse(payload.value).success };

/** What a person can act on when billing does not add up; on both schemas, so the form and the API agree. */
function checkBilling<T extends z.ZodType<BillingInput>>(schema: T) {
  return schema
    .refine((account) => account.billingCycle === "none" || account.renewalDate !== null, {
      path: ["renewalDate"],
      error: (issue) => `A ${(issue.input as BillingInput).billingCycle} account needs its next bill date: the day the provider charges it next`,
      ...whenBillingParses,
    })
    .refine((account) => !(account.billingCycle === "none" && account.renews === true), {
      path: ["renews"],
      message: "An account with no billing cycle is not renewed: choose monthly or yearly, or untick Renews",
      ...whenBillingParses,
    });
}

/** Whether an account as given renews: as said, else when it is billed on a cycle. */
export const renewsOf = (account: { billingCycle: BillingCycle; renews?: boolean | undefined }): boolean =>
  account.renews ?? account.billingCycle !== "none";

export const accountCreateSchema = checkBilling(
  z.object({
    ...accountFields,
    password: requiredText("Password", 200),
  }),
);
/** On an edit an absent or empty password keeps the stored one. */
export const accountUpdateSchema = checkBilling(
  z.object({
    ...accountFields,
    password: z.string().trim().max(200, "Password is too long (at most 200 characters)").optional(),
  }),
);
export type AccountCreate = z.infer<typeof accountCreateSchema>;
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

export const seatHolderSchema = z.object({
  assignmentId: z.string(),
  lineId: z.string(),
  reference: z.string(),
  customerName: z.string().nullable(),
  phone: z.string().nullable(),
  itemName: z.string(),
  expiryDate: z.string().nullable(),
  since: z.string(),
});
export type SeatHolder = z.infer<typeof seatHolderSchema>;

export const seatSchema = z.object({
  id: z.string(),
  position: z.number(),
  profileName: z.string(),
  hasPin: z.boolean(),
  holder: seatHolderSchema.nullable(),
});

export const ACCOUNT_WARNINGS = ["renewal-due", "seat-beyond-paid", "past-renewal-in-use"] as const;
export const accountWarningSchema = z.object({ kind: z.enum(ACCOUNT_WARNINGS), message: z.string() });
export type AccountWarning = z.infer<typeof accountWarningSchema>;

/** What lists answer: never the password or a PIN, only whether there is one (ADR 0083). */
export const accountSchema = z.object({
  _id: z.string(),
  service: z.string(),
  itemIds: z.array(z.string()),
  login: z.string(),
  billingCycle: z.enum(BILLING_CYCLES),
  renewalDate: z.string().nullable(),
  cost: z.number(),
  renews: z.boolean(),
  status: z.enum(ACCOUNT_STATUSES),
  notes: z.string(),
  seats: z.array(seatSchema),
  seatsUsed: z.number(),
  warnings: z.array(accountWarningSchema),
  /** It held a customer or had a secret revealed: Delete retires it instead, keeping its record (ADR 0100). */
  hasHistory: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** Accounts on one page of the admin list. */
export const ACCOUNT_PAGE_SIZE = 20;

export const accountListQuerySchema = z.object({
  /** Part of the service, login, notes, or the order reference, name or phone of a customer on a seat. */
  q: searchText(60),
  status: z.enum(ACCOUNT_STATUSES, { error: `status must be one of ${ACCOUNT_STATUSES.join(", ")}` }).optional(),
  /** Only the accounts with a warning. */
  attention: z
    .enum(["true", "false"], { error: "attention is true or false" })
    .transform((value) => value === "true")
    .optional(),
  ...pagingQueryFields(ACCOUNT_PAGE_SIZE, 200),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

export const accountPageSchema = listPageSchema(accountSchema).extend({
  /** The whole ledger, whatever the filter: accounts, seats used of all seats, accounts with a warning. */
  summary: z.object({ accounts: z.number().int(), seatsUsed: z.number().int(), seats: z.number().int(), needAttention: z.number().int() }),
});
export type AccountPage = z.infer<typeof accountPageSchema>;

/** What Delete answers: an account with a history is retired, not deleted (ADR 0100). */
export const ACCOUNT_REMOVED = {
  deleted: "Account deleted",
  retired: "Account retired, not deleted: it has held customers or had a secret revealed, so its history is kept. It gets no new seats.",
} as const;

export const revealSchema = z.object({
  id: z.string(),
  what: z.string(),
  adminEmail: z.string(),
  at: z.string(),
});
export type Reveal = z.infer<typeof revealSchema>;

export const revealInputSchema = z.object({
  what: z.enum(["password", "pin", "previous"], { error: "Reveal the password, a seat's pin or a replaced secret" }),
  seatId: z.string().min(1).max(100).optional(),
  /** With "previous": which replaced secret (kept 7 days, ADR 0109). */
  previousId: z.string().min(1).max(100).optional(),
});

// ---------------------------------------------------------------------------------------------
// Keeping accounts healthy (issue 32, ADR 0109): a changed password or PIN, seats moved, holders told

/** Days a replaced password or PIN stays readable in the reveal log before the sweep deletes it. */
export const PREVIOUS_SECRET_DAYS = 7;

export const secretChangeSchema = z
  .object({
    what: z.enum(["password", "pin"], { error: "Change the password or a seat's PIN" }),
    /** With "pin": the seat whose profile PIN changed. */
    seatId: z.string().min(1).max(100).optional(),
    value: requiredText("New password or PIN", 200),
  })
  .refine((change) => change.what === "password" || change.seatId !== undefined, {
    path: ["seatId"],
    message: "Choose the seat whose PIN changed",
  });
export type SecretChange = z.infer<typeof secretChangeSchema>;

export const HOLDER_MESSAGE_REASONS = ["password", "pin", "moved"] as const;
export type HolderMessageReason = (typeof HOLDER_MESSAGE_REASONS)[number];

/** A holder message: one seat holder to tell of new credentials; the message itself is made only when it is sent (it holds secrets). */
export const holderMessageSchema = z.object({
  id: z.string(),
  lineId: z.string(),
  reference: z.string(),
  customerName: z.string().nullable(),
  /** Whether the order has a phone the chat links can open. */
  reachable: z.boolean(),
  reason: z.enum(HOLDER_MESSAGE_REASONS),
  createdAt: z.string(),
  toldAt: z.string().nullable(),
  toldBy: z.string().nullable(),
});
export type HolderMessage = z.infer<typeof holderMessageSchema>;

/** A replaced password or PIN, readable by a logged reveal until `deleteAfter`. */
export const previousSecretSchema = z.object({
  id: z.string(),
  what: z.enum(["password", "pin"]),
  seatPosition: z.number().nullable(),
  replacedAt: z.string(),
  replacedBy: z.string(),
  deleteAfter: z.string(),
});
export type PreviousSecret = z.infer<typeof previousSecretSchema>;

const lineIdSchema = z.string().min(1).max(100);

/** Which holders of an account to move: the lines named, or all of them when none is. */
export const moveRequestSchema = z.object({
  lineIds: z.array(lineIdSchema, { error: "Name the lines to move" }).max(MAX_SEATS).default([]),
});

/** One holder's proposed move: from its seat to the best free seat of another account of the same item, if any. */
export const moveProposalSchema = z.object({
  lineId: z.string(),
  reference: z.string(),
  customerName: z.string().nullable(),
  fromSeatId: z.string(),
  fromPosition: z.number(),
  to: z
    .object({
      seatId: z.string(),
      accountId: z.string(),
      service: z.string(),
      login: z.string(),
      position: z.number(),
      profileName: z.string(),
    })
    .nullable(),
});
export type MoveProposal = z.infer<typeof moveProposalSchema>;

/** The moves the seller confirmed: each line from the seat it was proposed from to the seat proposed. */
export const moveConfirmSchema = z.object({
  moves: z
    .array(z.object({ lineId: lineIdSchema, fromSeatId: lineIdSchema, seatId: lineIdSchema }), { error: "Nothing to move" })
    .min(1, "Nothing to move: no holder has a free seat to go to")
    .max(MAX_SEATS)
    .refine((moves) => new Set(moves.map((move) => move.seatId)).size === moves.length, "Two holders cannot move to the same seat")
    .refine((moves) => new Set(moves.map((move) => move.lineId)).size === moves.length, "A holder is named twice"),
});
export type MoveConfirm = z.infer<typeof moveConfirmSchema>;

// ---------------------------------------------------------------------------------------------
// Warnings on an account

export const RENEWAL_WARNING_DAYS = 7;

/**
 * What the list flags on an account: the provider bills it (or it ends) within a week; its bill date or end
 * has passed with seats still in use; a seat is sold beyond the day an account that is not renewed ends.
 */
export function accountWarnings(
  account: Billing & {
    status: AccountStatus;
    seats: ReadonlyArray<{ position: number; holder: { reference: string; expiryDate: string | null } | null }>;
  },
  today: string,
): AccountWarning[] {
  if (!account.renewalDate || account.status === "retired") return [];
  const renews = account.renews && account.billingCycle !== "none";
  const warnings: AccountWarning[] = [];
  const days = daysUntil(account.renewalDate, today);
  const held = account.seats.filter((seat) => seat.holder);
  const inUse = `${held.length} ${held.length === 1 ? "seat is" : "seats are"} in use`;
  if (days < 0 && held.length > 0) {
    warnings.push({
      kind: "past-renewal-in-use",
      message: renews
        ? `Provider renewal was due on ${account.renewalDate}, and ${inUse}: once paid, set the next bill date`
        : `The account ended on ${account.renewalDate}, and ${inUse}`,
    });
  } else if (days >= 0 && days <= RENEWAL_WARNING_DAYS) {
    const when = days === 0 ? "today" : `in ${days} ${days === 1 ? "day" : "days"} (${account.renewalDate})`;
    warnings.push({ kind: "renewal-due", message: renews ? `Provider renewal is due ${when}` : `The account ends ${when}: it is not renewed` });
  }
  if (renews) return warnings;
  for (const seat of held) {
    const expiry = seat.holder!.expiryDate;
    if (expiry && expiry > account.renewalDate) {
      warnings.push({
        kind: "seat-beyond-paid",
        message: `Seat ${seat.position} (${seat.holder!.reference}) runs to ${expiry}, after the account ends (${account.renewalDate}) without renewal`,
      });
    }
  }
  return warnings;
}

// ---------------------------------------------------------------------------------------------
// Proposing a seat

export type SeatCandidate = {
  seatId: string;
  position: number;
  accountId: string;
  accountCreatedAt: string;
  accountStatus: AccountStatus;
  billingCycle: BillingCycle;
  /** The next bill date, or the day a non-renewing account ends; null when it never ends. */
  renewalDate: string | null;
  renews: boolean;
  itemIds: readonly string[];
  free: boolean;
  /** Seats of this account in use now. */
  accountUsed: number;
};

/**
 * The free seats a delivered line may take, best first: seats on active accounts that serve the item. Those
 * of accounts billed on a cycle that renews, or paid up beyond the line's expiry, fit, and come first, on the fullest such account first (so accounts fill
 * one at a time and an empty one can be let go); ties go to the older account and its first free seat. The
 * rest follow in the same order: the admin may still choose one, and the list then warns about it.
 */
export function rankSeats(
  candidates: readonly SeatCandidate[],
  line: { itemId: string; expiryDate: string },
): Array<SeatCandidate & { fits: boolean }> {
  return candidates
    .filter((seat) => seat.free && seat.accountStatus === "active" && seat.itemIds.includes(line.itemId))
    .map((seat) => ({ ...seat, fits: coversUntil(seat, line.expiryDate) }))
    .sort(
      (a, b) =>
        Number(b.fits) - Number(a.fits) ||
        b.accountUsed - a.accountUsed ||
        a.accountCreatedAt.localeCompare(b.accountCreatedAt) ||
        a.accountId.localeCompare(b.accountId) ||
        a.position - b.position,
    );
}

/** The seat Pasal proposes: the best of `rankSeats` that fits, or none. */
export function proposeSeat(candidates: readonly SeatCandidate[], line: { itemId: string; expiryDate: string }): SeatCandidate | null {
  const [best] = rankSeats(candidates, line);
  return best?.fits ? best : null;
}

// ---------------------------------------------------------------------------------------------
// Licence key stock

export const keyImportSchema = z.object({
  itemId: z.string({ error: "Choose the item these keys are for" }).min(1, "Choose the item these keys are for").max(100),
  text: z
    .string({ error: "Paste the keys, one a line" })
    .max(2_000_000, "At most about 2 MB of keys at once; split the file")
    .refine((text) => text.trim().length > 0, "Paste the keys, one a line"),
  /** What each key cost the shop (NPR), counted as cost when it is sold (issue 21). */
  cost: costSchema.default(0),
  /** Keys of this item never expire (a lifetime licence): its lines get no end date. Absent: left as it is. */
  neverExpires: z.boolean({ error: "Never expires is yes or no" }).optional(),
});

/** `codeLines[i]`: the line `codes[i]` was on. */
export type KeyImportPlan = { codes: string[]; codeLines: number[]; emptyLines: number[]; duplicateLines: number[] };

/** The codes of a paste or file, one a line: empty lines and repeats of an earlier line are reported by line number, not taken. */
export function parseKeyLines(text: string): KeyImportPlan {
  const codes: string[] = [];
  const codeLines: number[] = [];
  const emptyLines: number[] = [];
  const duplicateLines: number[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  // A file's final newline ends its last line; it does not start an empty one.
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  lines.forEach((raw, index) => {
    // A CSV of one column may quote its values.
    const code = raw
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim();
    if (!code) emptyLines.push(index + 1);
    else if (seen.has(code)) duplicateLines.push(index + 1);
    else {
      seen.add(code);
      codes.push(code);
      codeLines.push(index + 1);
    }
  });
  return { codes, codeLines, emptyLines, duplicateLines };
}

// ---------------------------------------------------------------------------------------------
// A delivered line's seat, keys and delivery message, as the orders screen asks for them

const seatPlace = z.object({
  seatId: z.string(),
  accountId: z.string(),
  service: z.string(),
  position: z.number(),
  profileName: z.string(),
  /** The account's billing, shown beside a proposal: why it fits. */
  billingCycle: z.enum(BILLING_CYCLES),
  renewalDate: z.string().nullable(),
  renews: z.boolean(),
});
export const seatPlaceSchema = seatPlace.nullable();

/** A free seat the admin may choose for a line; `fits`: its account renews, or is paid up beyond the line's expiry. */
export const seatChoiceSchema = seatPlace.extend({ login: z.string(), fits: z.boolean() });
export type SeatChoice = z.infer<typeof seatChoiceSchema>;

/**
 * `linked`: the line's item is sold from accounts or keys at all; when not, the orders screen shows nothing of
 * the ledger. `sells`: which of the two (an item some account serves is sold on seats; one with keys stocked,
 * with keys), so the line is offered only the tools that fit it.
 */
export const lineSeatAnswerSchema = z.object({
  success: z.literal(true),
  held: seatPlaceSchema,
  proposal: seatPlaceSchema,
  keys: z.number(),
  linked: z.boolean(),
  sells: z.object({ seats: z.boolean(), keys: z.boolean() }),
  /** The item's keys never expire: the line has no end date. */
  neverExpires: z.boolean(),
  /** The line's expiry when it is over (ended more than the grace period ago): it is given no seat or key. */
  endedOn: z.string().nullable(),
  /** The reference of the delivered renewal that carries this line on, when the line holds no seat any more. */
  carriedOnBy: z.string().nullable(),
});

export const thresholdInputSchema = z.object({
  itemId: z.string({ error: "Choose an item" }).min(1, "Choose an item").max(100),
  threshold: z
    .number({ error: "Threshold must be a number" })
    .int("Threshold must be a whole number")
    .min(0, "Threshold cannot be negative")
    .max(1000, "Threshold is at most 1000"),
});

/** A delivered line's ledger on the orders screen: its seat or proposal, its keys, and the seats it may move to. */
export type LineLedgerData = Omit<z.output<typeof lineSeatAnswerSchema>, "success"> & { choices: SeatChoice[] };

export const deliveryAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  whatsappUrl: z.string().nullable(),
  telegramUrl: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// Bills to the provider (issue 32)

/** The days ahead, today included, that the dashboard's week and the bills due list look at. */
export const BILLS_WINDOW_DAYS = 7;

/** An account billed on a cycle whose next bill is due within the window, or already past (not marked paid). */
export const billDueSchema = z.object({
  accountId: z.string(),
  service: z.string(),
  login: z.string(),
  billingCycle: z.enum(BILLING_CYCLES),
  renewalDate: z.string(),
  cost: z.number(),
  daysLeft: z.number(),
  seatsUsed: z.number(),
});
export type BillDue = z.infer<typeof billDueSchema>;

/** "Paid": the bill of `renewalDate`, as the screen read it, is paid; the next bill is a cycle later. */
export const billPaidSchema = z.object({ renewalDate: dateSchema });

/** The next bill after one paid: a month or a year on. */
export const nextBillDate = (billingCycle: "monthly" | "yearly", renewalDate: string): string => addMonths(renewalDate, CYCLE_MONTHS[billingCycle]);

export const weekMoneySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** NPR the provider bills due in the week cost (overdue ones are listed apart). */
  toProviders: z.number(),
  bills: z.number(),
  /** NPR the renewals due in the week would bring at today's prices (lines whose plan is gone count nothing). */
  fromRenewals: z.number(),
  renewals: z.number(),
});
export type WeekMoney = z.infer<typeof weekMoneySchema>;

/** What must be paid to providers this week against what customers owe for renewals this week. */
export function weekMoney(
  today: string,
  bills: ReadonlyArray<Pick<BillDue, "renewalDate" | "cost">>,
  renewals: ReadonlyArray<{ expiryDate: string; currentPrice: number | null }>,
): WeekMoney {
  const to = addDays(today, BILLS_WINDOW_DAYS - 1);
  const inWeek = (day: string) => day >= today && day <= to;
  const billsInWeek = bills.filter((bill) => inWeek(bill.renewalDate));
  const renewalsInWeek = renewals.filter((renewal) => inWeek(renewal.expiryDate));
  return {
    from: today,
    to,
    toProviders: billsInWeek.reduce((sum, bill) => sum + bill.cost, 0),
    bills: billsInWeek.length,
    fromRenewals: renewalsInWeek.reduce((sum, renewal) => sum + (renewal.currentPrice ?? 0), 0),
    renewals: renewalsInWeek.length,
  };
}
