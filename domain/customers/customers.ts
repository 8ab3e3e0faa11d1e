// ---------------------------------------------------------------------------------------------
// Who a customer is: the phone number their orders carry, written one way

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
