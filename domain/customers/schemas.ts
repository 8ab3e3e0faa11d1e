import { z } from "zod";
import { listPageSchema, optionalText, searchText } from "../shared/schemas";
import { ORDER_STATUSES } from "../orders/statuses";
import { CUSTOMER_PAGE_SIZE, CUSTOMER_SORTS } from "./customers";

export const customerListQuerySchema = z.object({
  q: searchText(60),
  sort: z.enum(CUSTOMER_SORTS, { error: `sort must be one of ${CUSTOMER_SORTS.join(", ")}` }).default("lastOrder"),
  dir: z.enum(["asc", "desc"], { error: "dir must be asc or desc" }).default("desc"),
  page: z.coerce
    .number({ error: "page must be a whole number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .max(100_000)
    .default(1),
  limit: z.coerce.number({ error: "limit must be a whole number" }).int("limit must be a whole number").min(1).max(500).default(CUSTOMER_PAGE_SIZE),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerSummarySchema = z.object({
  /** The normalised phone: the customer's identity. */
  phone: z.string(),
  /** The admin's display name, else the name on their latest order that has one. */
  name: z.string().nullable(),
  firstOrderAt: z.string(),
  lastOrderAt: z.string(),
  ordersDelivered: z.number().int(),
  /** NPR, delivered orders only. */
  totalSpent: z.number().int(),
  activeSubscriptions: z.number().int(),
  /** YYYY-MM-DD: the soonest end of a delivered line still running, or null. */
  nextExpiry: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerPageSchema = listPageSchema(customerSummarySchema);
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const customerDetailsInputSchema = z.object({
  displayName: optionalText("Display name", 100),
  note: optionalText("Note", 2000),
});
export type CustomerDetailsInput = z.infer<typeof customerDetailsInputSchema>;

export const customerSchema = z.object({
  phone: z.string(),
  name: z.string().nullable(),
  /** What the admin wrote; "" when not set. */
  displayName: z.string(),
  note: z.string(),
  /** The number of the last change of the name and note (0 until first saved), for If-Match. */
  version: z.number().int(),
  whatsappUrl: z.string(),
  /** A shopper's Telegram chat gets updates of this customer's orders (ADR 0107). */
  telegramUpdates: z.boolean(),
  summary: customerSummarySchema,
  orders: z.array(
    z.object({
      reference: z.string(),
      status: z.enum(ORDER_STATUSES),
      total: z.number().int(),
      createdAt: z.string(),
      customerName: z.string().nullable(),
      lines: z.array(z.object({ name: z.string(), months: z.number().int(), devices: z.number().int() })),
    }),
  ),
  /** Seats held now and keys delivered, from the ledger. */
  holdings: z.array(
    z.object({
      kind: z.enum(["seat", "key"]),
      reference: z.string(),
      itemName: z.string(),
      /** The account's service and profile for a seat; the item for a key. */
      what: z.string(),
      expiryDate: z.string().nullable(),
    }),
  ),
  renewalsDue: z.array(
    z.object({
      lineId: z.string(),
      reference: z.string(),
      name: z.string(),
      months: z.number().int(),
      expiryDate: z.string(),
      daysLeft: z.number().int(),
    }),
  ),
});
export type Customer = z.infer<typeof customerSchema>;
