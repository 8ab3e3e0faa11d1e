import { z } from "zod";
import { paymentMethodInputSchema, paymentMethodOrderSchema } from "../../../domain/payment-methods/schemas";

const readVersion = z.number().int().min(0);

/** The settings screen's payment-method writes: the same schemas as the API's routes (ADR 0079). */
export const addPaymentMethodSchema = z.object({ intent: z.literal("payment-method-add"), fields: paymentMethodInputSchema });
export const savePaymentMethodSchema = z.object({
  intent: z.literal("payment-method-save"),
  id: z.string().min(1).max(100),
  version: readVersion,
  fields: paymentMethodInputSchema,
});
export const deletePaymentMethodSchema = z.object({ intent: z.literal("payment-method-delete"), id: z.string().min(1).max(100) });
export const orderPaymentMethodsSchema = z.object({ intent: z.literal("payment-methods-order"), ids: paymentMethodOrderSchema.shape.ids });

export const paymentMethodActionSchemas = [
  addPaymentMethodSchema,
  savePaymentMethodSchema,
  deletePaymentMethodSchema,
  orderPaymentMethodsSchema,
] as const;
