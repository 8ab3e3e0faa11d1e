import { z } from "zod";
import { normalisePhone } from "../customers/customers";

// ---------------------------------------------------------------------------------------------
// The seller's blocklist (ADR 0108): phones, written one way (ADR 0086), that place no order

export const blockInputSchema = z.object({
  phone: z
    .string({ error: "Phone is required" })
    .max(30, "Phone is too long")
    .transform((raw, context) => {
      const phone = normalisePhone(raw);
      if (!phone) context.addIssue({ code: "custom", message: "Phone: a number with at least 5 digits, e.g. 9800000000 or +977 980-0000000" });
      return phone ?? "";
    }),
  reason: z.string({ error: "Reason must be text" }).trim().max(300, "Reason is too long (at most 300 characters)").default(""),
});
export type BlockInput = z.infer<typeof blockInputSchema>;

export const blockedPhoneSchema = z.object({ phone: z.string(), reason: z.string(), createdAt: z.string(), attempts: z.number() });
export type BlockedPhone = z.infer<typeof blockedPhoneSchema>;

export const blockedAttemptSchema = z.object({ phone: z.string(), channel: z.string(), total: z.number(), createdAt: z.string() });
export type BlockedAttempt = z.infer<typeof blockedAttemptSchema>;
