import { z } from "zod";
import { listPageSchema, optionalText, pagingQueryFields, requiredText, searchText } from "../shared/schemas";
import { dateSchema } from "../orders/schemas";
import { ACCOUNT_PAGE_SIZE, ACCOUNT_STATUSES, ACCOUNT_WARNINGS, BILLING_CYCLES, HOLDER_MESSAGE_REASONS, MAX_SEATS } from "./accounts";
import { DEFAULT_DELIVERY_TEMPLATE, DEFAULT_DELIVERY_TEMPLATE_NE, DEFAULT_GRACE_DAYS, DELIVERY_PLACEHOLDERS, unknownPlaceholders } from "./settings";

const seatInputSchema = z.object({
  /** An existing seat's id; absent for a new seat. */
  id: z.string().min(1).max(100).optional(),
  profileName: optionalText("Profile name", 60),
  /** Absent: keep the stored PIN; "": no PIN. */
  pin: z.string({ error: "PIN must be text" }).trim().max(20, "PIN is too long (at most 20 characters)").optional(),
});

/** What the shop paid the provider for an account's period or for a key: whole rupees. */
export const costSchema = z
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

const templateSchema = (label: string, required: boolean) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(required ? 1 : 0, `${label} is required`)
    .max(2000, `${label} is too long (at most 2000 characters)`)
    .superRefine((template, ctx) => {
      const unknown = unknownPlaceholders(template);
      if (unknown.length) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown placeholder ${unknown.map((name) => `{${name}}`).join(", ")}: use ${DELIVERY_PLACEHOLDERS.map((name) => `{${name}}`).join(" ")}`,
        });
      }
    });

export const ledgerSettingsSchema = z.object({
  graceDays: z
    .number({ error: "Grace period must be a number of days" })
    .int("Grace period must be whole days")
    .min(0, "Grace period cannot be negative")
    .max(60, "Grace period is at most 60 days"),
  deliveryTemplate: templateSchema("Delivery message", true),
  /** For orders placed in Nepali; empty (or absent) for the built-in Nepali message. */
  deliveryTemplateNe: templateSchema("Nepali delivery message", false).optional(),
});
export type LedgerSettings = z.infer<typeof ledgerSettingsSchema>;

export const defaultLedgerSettings: LedgerSettings = {
  graceDays: DEFAULT_GRACE_DAYS,
  deliveryTemplate: DEFAULT_DELIVERY_TEMPLATE,
  deliveryTemplateNe: DEFAULT_DELIVERY_TEMPLATE_NE,
};
