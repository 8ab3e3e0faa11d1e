import { z } from "zod";
import {
  problemAnswerInputSchema,
  problemMoveInputSchema,
  problemRefundInputSchema,
  problemVersionInputSchema,
} from "../../../domain/problems/schemas";

const id = z.string().min(1).max(100);

/** The problem queue's writes, checked in the browser and by its action; each names the version it was shown. */
export const problemActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("answer"), id, fields: problemAnswerInputSchema }),
  z.object({ intent: z.literal("move-seat"), id, fields: problemMoveInputSchema }),
  z.object({ intent: z.literal("new-key"), id, fields: problemVersionInputSchema }),
  z.object({ intent: z.literal("refund"), id, fields: problemRefundInputSchema }),
  z.object({ intent: z.literal("resolve"), id, fields: problemVersionInputSchema }),
  z.object({ intent: z.literal("reopen"), id, fields: problemVersionInputSchema }),
]);
