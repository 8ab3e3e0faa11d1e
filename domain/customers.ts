import { z } from "zod";
import { listPageSchema, optionalText, searchText } from "./common";
import { ORDER_STATUSES } from "./order-statuses";

// ---------------------------------------------------------------------------------------------
// Who a customer is: the phone number their orders carry, written one way (issue 21)

/** Nepali mobile numbers: 96X, 97X, 98X and ten digits in all. */
const NEPALI_MOBILE = /^9[678]\d{8}$/;
const NEPAL = "977";

/**
 * One form for the same number however it was typed: "+977 98-0000 0000", "9779800000000", "00977…", the local
 * "9800000000" and the same with the trunk 0 ("09800000000", "+977 09800000000", "97709800000000") are all
 * "+9779800000000" (ADR 0116: one mobile, one form). Numbers of other countries are kept as given, without their
 * spaces, dashes, dots and brackets (with their "+" when they had one: "00" becomes "+"). No digits at all:
 * null, an anonymous order.
 */
export function normalisePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let compact = raw.replace(/[\s\-().]/g, "");
  if (compact.startsWith("00")) compact = `+${compact.slice(2)}`;
  const digits = compact.replace(/^\+/, "");
  if (!/^\d+$/.test(digits) || digits.length < 5) return null;
  const mobile = nepaliMobile(digits) ?? (digits.startsWith(NEPAL) ? nepaliMobile(digits.slice(NEPAL.length)) : null);
  if (mobile) return `+${NEPAL}${mobile}`;
  if (digits.startsWith(NEPAL) && compact.startsWith("+")) return `+${digits}`;
  return compact;
}

/** The ten digits of a Nepali mobile written nationally, with or without its trunk 0; null for anything else. */
function nepaliMobile(national: string): string | null {
  const number = national.length === 11 && national.startsWith("0") ? national.slice(1) : national;
  return NEPALI_MOBILE.test(number) ? number : null;
}

/**
 * The number as a person reads it: a Nepali mobile as "+977 980-0563620", whatever way it was typed; any other
 * number in its one stored form, or as given when it has too few digits to be one. Search and links use
 * normalisePhone's form; this is only for showing.
 */
export function readablePhone(phone: string): string {
  const stored = normalisePhone(phone);
  const local = stored?.startsWith(`+${NEPAL}`) ? stored.slice(NEPAL.length + 1) : null;
  if (local && NEPALI_MOBILE.test(local)) return `+${NEPAL} ${local.slice(0, 3)}-${local.slice(3)}`;
  return stored ?? phone;
}

/**
 * A phone for a CSV cell: a Nepali mobile without its "+" ("977 980-0563620"), which a spreadsheet shows as
 * written, neither as a formula (a leading "+") nor as a number that loses digits. Any other number stays in
 * its stored form, and csvField neutralises it as any text starting with "+".
 */
export function spreadsheetPhone(phone: string): string {
  const readable = readablePhone(phone);
  return readable.startsWith(`+${NEPAL} `) ? readable.slice(1) : readable;
}

/** wa.me takes the number with its country code and no "+". */
export function whatsappUrl(phone: string, text?: string): string {
  const base = `https://wa.me/${phone.replace(/\D/g, "")}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

// ---------------------------------------------------------------------------------------------
// The admin's list and a customer's page

export const CUSTOMER_SORTS = ["name", "phone", "firstOrder", "lastOrder", "delivered", "spent", "active", "nextExpiry"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  name: "Name",
  phone: "Phone",
  firstOrder: "First order",
  lastOrder: "Last order",
  delivered: "Orders delivered",
  spent: "Total spent",
  active: "Active subscriptions",
  nextExpiry: "Next expiry",
};
export const CUSTOMER_PAGE_SIZE = 50;

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
