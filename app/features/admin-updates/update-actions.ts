import { z } from "zod";
import { updateInputSchema } from "../../../domain/updates/schemas";

/** Post or correct an update (the Post Form), checked in the browser and by the action. */
export const saveUpdateSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), fields: updateInputSchema }),
  // `version`: the one the screen read; a newer one refuses the save (ADR 0017).
  z.object({ intent: z.literal("update"), id: z.string().min(1), version: z.number().int().min(0), fields: updateInputSchema }),
]);

export const deleteUpdateSchema = z.object({ intent: z.literal("delete"), id: z.string().min(1) });

export const updateActionSchema = z.discriminatedUnion("intent", [...saveUpdateSchema.options, deleteUpdateSchema]);
