import { z } from "zod";
import { priceInputSchema } from "../../../domain/catalogue/schemas";

/** Add or Update Price: the fields as the API takes them, checked in the browser and by the action. */
export const savePriceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), fields: priceInputSchema }),
  // `version`: the one the screen read; a newer one refuses the save (ADR 0017).
  z.object({ intent: z.literal("update"), id: z.string().min(1), version: z.number().int().min(0), fields: priceInputSchema }),
]);

export const deletePriceSchema = z.object({ intent: z.literal("delete"), name: z.string().min(1).max(200) });

/** Hide an item from the shop (retire it, keeping its orders, keys and seats), or show it again (ADR 0100). */
export const hidePriceSchema = z.object({ intent: z.literal("hidden"), id: z.string().min(1).max(100), hidden: z.boolean() });

/** The card's own writes: Delete, and Hide or Show in shop. */
export const priceCardSchema = z.discriminatedUnion("intent", [deletePriceSchema, hidePriceSchema]);

/** Everything the prices screen's action does. */
export const priceActionSchema = z.discriminatedUnion("intent", [...savePriceSchema.options, deletePriceSchema, hidePriceSchema]);
