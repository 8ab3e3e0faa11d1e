import { z } from "zod";
import {
  accountCreateSchema,
  accountUpdateSchema,
  billPaidSchema,
  moveConfirmSchema,
  secretChangeSchema,
  thresholdInputSchema,
} from "../../../domain/ledger/schemas";
import { keyImportSchema } from "../../../domain/licence-keys/schemas";
import { mailboxInputSchema } from "../../../domain/household-mail/schemas";

const id = z.string().min(1).max(100);

/** The ledger screen's writes, checked in the browser and by its action. Reveals go to the API, not here (ADR 0083). */
export const accountActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), fields: accountCreateSchema }),
  // `version`: the account's, as the screen read it; a newer one refuses the save (ADR 0017).
  z.object({ intent: z.literal("update"), id, version: z.number().int().min(0), fields: accountUpdateSchema }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("import-keys"), fields: keyImportSchema }),
  z.object({ intent: z.literal("threshold"), fields: thresholdInputSchema }),
  // The bill of `renewalDate`, as the screen read it; another is refused (409), so a bill is paid once.
  z.object({ intent: z.literal("bill-paid"), id, fields: billPaidSchema }),
]);

/** One account's screen: a new password or PIN, and its holders moved as proposed. */
export const accountCareSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("change-secret"), fields: secretChangeSchema }),
  z.object({ intent: z.literal("move"), fields: moveConfirmSchema }),
  // The account's mailbox (issue 45): saved, tried with the form's settings, or removed.
  z.object({ intent: z.literal("mailbox-save"), fields: mailboxInputSchema }),
  z.object({ intent: z.literal("mailbox-test"), fields: mailboxInputSchema }),
  z.object({ intent: z.literal("mailbox-remove") }),
  z.object({ intent: z.literal("mailbox-dismiss") }),
]);

/** A holder told through a chat link: the notice and the app it opens (`/admin/tell`). */
export const TELL_CHANNELS = ["whatsapp", "telegram"] as const;
