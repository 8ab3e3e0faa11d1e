import { z } from "zod";
import { REFUND_DESTINATIONS } from "../refunds/refunds";
import { PROBLEM_EVENTS, PROBLEM_KINDS, PROBLEM_STATUSES, PROBLEM_TEXT_MAX, type QueuedProblem, type ShopperProblem } from "./problems";

const text = (what: string) =>
  z
    .string({ error: `Write the ${what}` })
    .trim()
    .min(1, `Write the ${what}: a few words`)
    .max(PROBLEM_TEXT_MAX, `The ${what} is too long (at most ${PROBLEM_TEXT_MAX} characters)`);

const id = z.string().trim().min(1).max(100);

/** The order page's "Report a problem": the order's key, the line, what is wrong and a short text. */
export const problemReportInputSchema = z.object({
  key: z.string({ error: "The order link is missing its key" }).max(100),
  lineId: z.string({ error: "Choose the line that has the problem" }).trim().min(1, "Choose the line that has the problem").max(100),
  kind: z.enum(PROBLEM_KINDS, { error: "Choose what is wrong" }),
  text: text("problem"),
});

/** Every seller action names the version of the problem it was shown, so two clicks act once (ADR 0017). */
const versioned = { version: z.number({ error: "Reload the queue" }).int().min(1) };

export const problemAnswerInputSchema = z.object({ ...versioned, text: text("answer") });
export const problemMoveInputSchema = z.object({ ...versioned, fromSeatId: id, seatId: id });
export const problemVersionInputSchema = z.object(versioned);
/** Refund the problem's line for its days left (ADR 0127), to store credit or the gateway; the problem is resolved. */
export const problemRefundInputSchema = z.object({ ...versioned, to: z.enum(REFUND_DESTINATIONS, { error: "Choose where the refund goes" }) });

const eventSchema = z.object({ kind: z.enum(PROBLEM_EVENTS), text: z.string(), at: z.string() });

export const shopperProblemSchema = z.object({
  id: z.string(),
  lineId: z.string(),
  kind: z.enum(PROBLEM_KINDS),
  text: z.string(),
  status: z.enum(PROBLEM_STATUSES),
  createdAt: z.string(),
  events: z.array(eventSchema),
}) satisfies z.ZodType<ShopperProblem>;

const seatPlace = { service: z.string(), login: z.string(), position: z.number(), profileName: z.string() };

export const queuedProblemSchema = z.object({
  id: z.string(),
  version: z.number(),
  reference: z.string(),
  customerName: z.string().nullable(),
  phone: z.string().nullable(),
  lineId: z.string(),
  lineName: z.string(),
  kind: z.enum(PROBLEM_KINDS),
  text: z.string(),
  status: z.enum(PROBLEM_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  holding: z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("seat"),
      accountId: z.string(),
      ...seatPlace,
      proposal: z.object({ fromSeatId: z.string(), seatId: z.string(), ...seatPlace }).nullable(),
    }),
    z.object({ kind: z.literal("key"), keys: z.number(), inStock: z.number() }),
    z.object({ kind: z.literal("none") }),
  ]),
  warranty: z.object({ until: z.string().nullable(), covered: z.boolean() }).nullable(),
  events: z.array(eventSchema.extend({ who: z.string() })),
  tell: z.object({ whatsappUrl: z.string(), telegramUrl: z.string() }).nullable(),
}) satisfies z.ZodType<QueuedProblem>;
