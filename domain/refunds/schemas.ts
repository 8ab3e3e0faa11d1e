import { z } from "zod";
import { REFUND_DESTINATIONS } from "./refunds";

/** What refunding a line gives back, shown before the seller confirms, and where it may go. */
export const refundPreviewSchema = z.object({
  amount: z.number().int(),
  daysLeft: z.number().int(),
  days: z.number().int(),
  destinations: z.array(z.enum(REFUND_DESTINATIONS)),
});
export type RefundPreview = z.infer<typeof refundPreviewSchema>;

export const refundInputSchema = z.object({
  to: z.enum(REFUND_DESTINATIONS, { error: "Refund to the customer's store credit (credit) or to Khalti (khalti)" }),
});
