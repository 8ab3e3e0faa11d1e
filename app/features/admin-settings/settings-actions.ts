import { z } from "zod";
import { legalDetailsSchema } from "../../../domain/settings/schemas";
import { adminCreateInputSchema, changePasswordInputSchema, ownNameInputSchema } from "../../../domain/auth/schemas";
import { ledgerSettingsSchema } from "../../../domain/ledger/schemas";
import { storeCreditSettingsSchema } from "../../../domain/balances/schemas";
import { orderLimitsSchema } from "../../../domain/order-limits/schemas";
import { shopSettingsSchema } from "../../../domain/settings/schemas";
import { notificationActionSchemas } from "./notification-actions";
import { saveGatewaySchema } from "./online-payment-actions";
import { paymentMethodActionSchemas } from "./payment-method-actions";

export const PASSWORDS_DIFFER = "The new passwords do not match";

/** The version of a record the screen read, sent back with its edit (ADR 0017). */
export const readVersion = z.number().int().min(0);

/** The shop's contact details and About page figures, saved together over the version the screen read. */
export const saveShopSchema = z.object({ intent: z.literal("shop"), version: readVersion, fields: shopSettingsSchema });

/** Your own password; the confirmation is checked here, in the browser and in the action. */
export const changePasswordSchema = z.object({
  intent: z.literal("password"),
  fields: changePasswordInputSchema
    .extend({ confirmPassword: z.string() })
    .refine((f) => f.newPassword === f.confirmPassword, { path: ["confirmPassword"], message: PASSWORDS_DIFFER }),
});

/** Your own name. */
export const ownNameSchema = z.object({ intent: z.literal("name"), fields: ownNameInputSchema });

export const addAdminSchema = z.object({ intent: z.literal("add-admin"), fields: adminCreateInputSchema });

export const removeAdminSchema = z.object({ intent: z.literal("remove-admin"), email: z.string().min(1).max(254) });

/** The ledger's grace period and delivery message, saved over the version the screen read. */
export const saveLedgerSchema = z.object({ intent: z.literal("ledger"), version: readVersion, fields: ledgerSettingsSchema });

/** The limits on anonymous orders, saved over the version the screen read. */
export const saveOrderLimitsSchema = z.object({ intent: z.literal("order-limits"), version: readVersion, fields: orderLimitsSchema });

/** When lines renew themselves from store credit (ADR 0127), saved over the version the screen read. */
export const saveLegalSchema = z.object({ intent: z.literal("legal"), version: readVersion, fields: legalDetailsSchema });

export const saveStoreCreditSchema = z.object({ intent: z.literal("store-credit"), version: readVersion, fields: storeCreditSettingsSchema });

/** Everything the settings screen's action does. */
export const settingsActionSchema = z.discriminatedUnion("intent", [
  saveShopSchema,
  changePasswordSchema,
  ownNameSchema,
  addAdminSchema,
  removeAdminSchema,
  ...paymentMethodActionSchemas,
  saveLedgerSchema,
  saveGatewaySchema,
  saveOrderLimitsSchema,
  saveStoreCreditSchema,
  saveLegalSchema,
  ...notificationActionSchemas,
]);
