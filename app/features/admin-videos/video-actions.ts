import { z } from "zod";
import { videoInputSchema } from "../../../domain/videos/schemas";

const fields = videoInputSchema.omit({ _id: true });
const id = z.string().min(1).max(100);

/** Add a video, or update the one being edited, checked in the browser and by the action. */
export const saveVideoSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), fields }),
  // `version`: the one the screen read; a newer one refuses the save (ADR 0017).
  z.object({ intent: z.literal("update"), id, version: z.number().int().min(0), fields }),
]);

export const deleteVideoSchema = z.object({ intent: z.literal("delete"), id });

/** Everything the videos screen's action does. */
export const videoActionSchema = z.discriminatedUnion("intent", [...saveVideoSchema.options, deleteVideoSchema]);
