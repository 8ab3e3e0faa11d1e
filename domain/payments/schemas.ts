import { z } from "zod";
import { type Gateway, GATEWAYS, PAYMENT_STATUSES } from "./payments";

/** What the settings screen shows of a gateway: never a secret, only whether one is stored. */
export const gatewaySettingsSchema = z.object({
  gateway: z.enum(GATEWAYS),
  enabled: z.boolean(),
  /** Khalti: unused; eSewa: product code; Fonepay: merchant code. */
  merchantCode: z.string(),
  /** Fonepay's username. */
  username: z.string(),
  hasSecret: z.boolean(),
  hasPassword: z.boolean(),
  reveals: z.array(z.object({ what: z.string(), adminEmail: z.string(), at: z.string() })),
});
export type GatewaySettings = z.infer<typeof gatewaySettingsSchema>;

const field = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** A save: a secret left out (or empty) keeps the stored one; secrets are write-only. */
export const gatewaySettingsInputSchema = z.object({
  enabled: z.boolean(),
  merchantCode: field(40),
  username: field(40),
  secret: field(200).optional(),
  password: field(100).optional(),
});
export type GatewaySettingsInput = z.infer<typeof gatewaySettingsInputSchema>;

export const gatewayRevealInputSchema = z.object({ what: z.enum(["secret", "password"]) });

/** What the browser does next to pay: go to the gateway, post a form to it, or show a QR and wait. */
export const paymentStartSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("redirect"), paymentId: z.string(), url: z.string() }),
  z.object({ kind: z.literal("form"), paymentId: z.string(), action: z.string(), fields: z.record(z.string(), z.string()) }),
  z.object({ kind: z.literal("qr"), paymentId: z.string(), qr: z.string() }),
]);
export type PaymentStart = z.infer<typeof paymentStartSchema>;

export const paymentStateSchema = z.object({
  paymentId: z.string(),
  gateway: z.enum(GATEWAYS),
  status: z.enum(PAYMENT_STATUSES),
  reference: z.string(),
  amount: z.number(),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** What the order page offers and shows of online payments: the gateways on, and the latest attempt. */
export type OnlinePayments = { gateways: Gateway[]; latest: PaymentState | null };

/** A payment the seller should look at (amount differs, wrong order, a second payment). */
export const paymentToCheckSchema = z.object({
  _id: z.string(),
  gateway: z.enum(GATEWAYS),
  gatewayRef: z.string().nullable(),
  reference: z.string(),
  amount: z.number(),
  transactionId: z.string().nullable(),
  detail: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentToCheck = z.infer<typeof paymentToCheckSchema>;

/** How the order was proved paid, as its timeline shows it. */
export const paidViaSchema = z.object({ gateway: z.enum(GATEWAYS), transactionId: z.string().nullable(), amount: z.number().nullable() });
export type PaidVia = z.infer<typeof paidViaSchema>;
