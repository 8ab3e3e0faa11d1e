import { z } from "zod";
import { listPageSchema, pagingQueryFields } from "../shared/schemas";
import { dateSchema } from "../orders/schemas";
import { AUDIT_FILTERS, AUDIT_PAGE_SIZE } from "./audit";

export const auditQuerySchema = z
  .object({
    kind: z.enum(AUDIT_FILTERS, { error: `kind must be one of ${AUDIT_FILTERS.join(", ")}` }).optional(),
    /** An admin's email, or "shoppers". */
    who: z.string({ error: "who must be text" }).trim().min(1).max(200, "who is at most 200 characters").optional(),
    /** Shop days (Nepal), both included. */
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    /** Part of what was revealed or removed, of who did it, or of the address. */
    q: z.string({ error: "Search must be text" }).trim().min(1).max(100, "Search at most 100 characters").optional(),
    ...pagingQueryFields(AUDIT_PAGE_SIZE, 200),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: "The first day must not be after the last", path: ["to"] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** An AuditKind; a row some later code writes with a kind of its own reads as it is. */
  kind: z.string(),
  what: z.string(),
  /** What it was about, as it read then. */
  label: z.string(),
  who: z.string(),
  /** The address it was asked from, when known. */
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = listPageSchema(auditEntrySchema).extend({
  /** The admins the log names, for the "Who" filter. */
  admins: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
