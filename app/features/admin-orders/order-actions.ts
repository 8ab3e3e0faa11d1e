import { z } from "zod";
import { refundInputSchema } from "../../../domain/refunds/schemas";
import { lineStartInputSchema, orderDetailsInputSchema, orderStatusInputSchema, spamInputSchema } from "../../../domain/orders/schemas";

const reference = z.string().trim().min(1).max(20);
const lineId = z.string().min(1).max(100);

/** The seller's changes to one order, checked in the browser and by the orders screen's action. */
export const orderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), reference, fields: orderStatusInputSchema }),
  z.object({ intent: z.literal("start"), reference, lineId, fields: lineStartInputSchema }),
  // `version`: the order's, as the card read it; a newer one refuses the save (ADR 0017).
  z.object({ intent: z.literal("details"), reference, version: z.number().int().min(0), fields: orderDetailsInputSchema }),
  // A payment to check the seller has dealt with.
  z.object({ intent: z.literal("payment-checked"), id: z.string().min(1).max(40) }),
  // The bulk action on spam orders, and the notice of orders the shop-wide ceiling refused, read.
  z.object({ intent: z.literal("spam"), fields: spamInputSchema }),
  z.object({ intent: z.literal("refusals-hide") }),
  // The ledger of a delivered line: put it on a seat (or move it), free its seat, take a key, and
  // the delivery message for the customer's chat.
  z.object({ intent: z.literal("seat"), lineId, seatId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("seat-free"), lineId }),
  z.object({ intent: z.literal("key"), lineId }),
  z.object({ intent: z.literal("delivery"), lineId, channel: z.enum(["whatsapp", "telegram"]) }),
  // The customer's referral credit taken off this order.
  z.object({ intent: z.literal("credit"), reference }),
  z.object({ intent: z.literal("refund"), reference, lineId, to: refundInputSchema.shape.to }),
]);
