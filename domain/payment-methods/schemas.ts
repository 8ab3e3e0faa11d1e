import { z } from "zod";
import { linkSchema, nepaliText, optionalText, requiredText } from "../shared/schemas";
import { PAYMENT_KINDS } from "./payment-methods";

export const paymentMethodInputSchema = z.object({
  kind: z.enum(PAYMENT_KINDS, { error: `kind must be one of ${PAYMENT_KINDS.join(", ")}` }),
  name: requiredText("Display name", 60),
  account: requiredText("Account id or number", 60),
  holder: requiredText("Holder name", 100),
  qrImage: z
    .union([linkSchema("QR image"), z.literal("")])
    .optional()
    .default(""),
  note: optionalText("Note", 300),
  noteNe: nepaliText("Note in Nepali", 300),
  enabled: z.boolean({ error: "enabled must be true or false" }).optional().default(true),
});
export type PaymentMethodInput = z.input<typeof paymentMethodInputSchema>;
export type PaymentMethodData = z.output<typeof paymentMethodInputSchema>;

export const paymentMethodSchema = z.object({
  _id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  name: z.string(),
  account: z.string(),
  holder: z.string(),
  qrImage: z.string(),
  note: z.string(),
  /** The note in Nepali, or null: the Nepali page shows the English then. */
  noteNe: z.string().nullable(),
  enabled: z.boolean(),
  position: z.number(),
  version: z.number(),
});

export const paymentMethodOrderSchema = z.object({
  ids: z
    .array(z.string().min(1).max(100), { error: "ids must be the list of payment method ids in their new order" })
    .min(1, "ids must name at least one payment method")
    .max(100),
});
