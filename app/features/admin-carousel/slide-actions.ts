import { z } from "zod";
import { carouselInputSchema } from "../../../domain/carousel/schemas";

const id = z.string().min(1).max(100);

/** Add or edit a slide in its modal, checked in the browser and by the action. */
export const saveSlideSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), fields: carouselInputSchema }),
  // `version`: the one the screen read; a newer one refuses the save (ADR 0017).
  z.object({ intent: z.literal("update"), id, version: z.number().int().min(0), fields: carouselInputSchema }),
]);

export const deleteSlideSchema = z.object({ intent: z.literal("delete"), id });

/** One place up (-1) or down (+1) in the order shoppers see. */
export const moveSlideSchema = z.object({ intent: z.literal("move"), id, delta: z.union([z.literal(-1), z.literal(1)]) });

/** Everything the carousel screen's action does. */
export const slideActionSchema = z.discriminatedUnion("intent", [...saveSlideSchema.options, deleteSlideSchema, moveSlideSchema]);
