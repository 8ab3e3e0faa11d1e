import { z } from "zod";
import { CATEGORIES, type Category, CATEGORY_LABELS, MAX_PLAN_MONTHS, MAX_PLAN_PRICE, MAX_QUERY_LENGTH, type Status, STATUSES } from "./categories";
import { linkSchema, nepaliText, optionalText, requiredText } from "../shared/schemas";
import { readWholeNumber } from "../shared/money";
import { WARRANTY_DAYS_MAX } from "../warranty/warranty";

const statusAliases: Record<string, Status> = {
  shared: "shared",
  private: "private",
  none: "none",
  empty: "none",
  undefined: "none",
  "": "none",
};

/**
 * A plan's months as an admin types the key: `3`, `3 months`, `1 Month`, `३ महिना` (the original admin form's "Plan
 * Key" box is free text); null for anything else (`1 year`, `1.5`, `monthly`).
 */
export function readPlanMonths(key: string): number | null {
  const match = /^\s*(\S+?)\s*(?:months?|mos?|महिना)?\s*$/iu.exec(key);
  return match ? readWholeNumber(match[1]!) : null;
}

/**
 * Plans arrive as `{ "1": 300, "3": "880", "6": "1,700" }` or `{ "1 Month": 300 }`: months → whole NPR, written as
 * people write them.
 */
export const plansSchema = z
  .record(z.string(), z.union([z.number(), z.string()]), { error: "Plans must map months to prices" })
  .default({})
  .superRefine((plans, ctx) => {
    if (Object.keys(plans).length > 12) {
      ctx.addIssue({ code: "custom", message: "At most 12 plans per item" });
    }
    const seen = new Set<number>();
    for (const [months, price] of Object.entries(plans)) {
      const m = readPlanMonths(months);
      if (m === null || m < 1 || m > MAX_PLAN_MONTHS) {
        ctx.addIssue({
          code: "custom",
          path: [months],
          message: `Plan months must be a whole number from 1 to ${MAX_PLAN_MONTHS}`,
        });
        continue;
      }
      // `1` and `1 Month` are one plan: which price was meant is not for the shop to guess.
      if (seen.has(m)) {
        ctx.addIssue({ code: "custom", path: [months], message: `Two plans for ${m} ${m === 1 ? "month" : "months"}: keep one` });
        continue;
      }
      seen.add(m);
      const n = typeof price === "number" ? price : (readWholeNumber(price) ?? NaN);
      if (!Number.isInteger(n) || n <= 0 || n > MAX_PLAN_PRICE) {
        ctx.addIssue({
          code: "custom",
          path: [months],
          message: "Plan price must be a whole number of rupees greater than 0",
        });
      }
    }
  })
  .transform((plans) => {
    const out: Record<string, number> = {};
    for (const [months, price] of Object.entries(plans))
      out[String(readPlanMonths(months))] = typeof price === "number" ? price : readWholeNumber(price)!;
    return out;
  });

const WARRANTY_DAYS_ERROR = "Warranty must be a number of days (0 for none), or empty for the whole term";

/** The admin's price payload (Name, Id, ImageId, Category, Info, plans, Note, Status, SpecialLink). */
export const priceInputSchema = z.object({
  Name: requiredText("Name", 100).refine((v) => !v.includes("/"), "Name cannot contain /"),
  Id: z
    .union([z.string(), z.number()], { error: "Id is required" })
    .transform((v) => String(v).trim())
    .refine((v) => v.length > 0, "Id is required")
    .refine((v) => /^\d{1,9}$/.test(v), "Id must be a whole number")
    .transform((v) => String(Number(v))),
  ImageId: linkSchema("ImageId"),
  Category: z
    .string({ error: "Category is required" })
    .trim()
    .transform((v) => v.toLowerCase())
    .refine((v): v is Category => (CATEGORIES as readonly string[]).includes(v), {
      message: `Category must be one of ${CATEGORIES.map((c) => CATEGORY_LABELS[c]).join(", ")}`,
    }),
  Info: optionalText("Info", 4000),
  plans: plansSchema,
  Note: optionalText("Note", 1000),
  Status: z
    .string({ error: "Status must be Shared, Private or Empty" })
    .optional()
    .default("none")
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => v in statusAliases, "Status must be Shared, Private or Empty")
    .transform((v) => statusAliases[v] as Status),
  SpecialLink: linkSchema("SpecialLink"),
  NameNe: nepaliText("Name in Nepali", 100),
  InfoNe: nepaliText("Info in Nepali", 4000),
  NoteNe: nepaliText("Note in Nepali", 1000),
  /** "Deliver automatically when paid"; left out: kept as stored on an edit, off on a new item. */
  AutoDeliver: z.boolean({ error: "AutoDeliver must be true or false" }).optional(),
  /**
   * Days from delivery a line is replaced free (0 for none), or null for the line's whole term (ADR 0128); left
   * out: kept as stored on an edit, the whole term on a new item.
   */
  WarrantyDays: z
    .union([z.number(), z.string().trim()], { error: WARRANTY_DAYS_ERROR })
    .nullable()
    // Typed in a form: empty is the whole term, digits a number of days.
    .transform((days) => (days === "" ? null : typeof days === "string" && /^\d{1,9}$/.test(days) ? Number(days) : days))
    .pipe(
      z
        .number({ error: WARRANTY_DAYS_ERROR })
        .int("Warranty must be whole days")
        .min(0, "Warranty cannot be negative: 0 means none")
        .max(WARRANTY_DAYS_MAX, `Warranty is at most ${WARRANTY_DAYS_MAX} days (ten years)`)
        .nullable(),
    )
    .optional(),
});
export type PriceInput = z.input<typeof priceInputSchema>;
export type PriceData = z.output<typeof priceInputSchema>;

/** A catalogue item as the API answers it. */
export const catalogueItemSchema = z.object({
  _id: z.string(),
  Id: z.string(),
  Name: z.string(),
  Info: z.string(),
  ImageId: z.string(),
  category: z.enum(CATEGORIES),
  status: z.enum(STATUSES),
  plans: z.record(z.string(), z.number()),
  Note: z.string(),
  SpecialLink: z.string(),
  /** The number of its last change, to send back with an edit (domain/shared/versions.ts). */
  version: z.number(),
  /** The seller's Nepali name, info and note, or null: Nepali pages show the English then (ADR 0093). */
  NameNe: z.string().nullable(),
  InfoNe: z.string().nullable(),
  NoteNe: z.string().nullable(),
  /** Its lines are delivered automatically once their order is paid, when a seat or key is free. */
  AutoDeliver: z.boolean(),
  /** Days from delivery its lines are replaced free, 0 for none, null for the line's whole term (ADR 0128). */
  WarrantyDays: z.number().nullable(),
  /**
   * Taken out of the shop (retired): not listed, found or sold, kept for its orders, keys and seats (ADR 0100).
   * Only the admin's screens see such an item; the shop's list never holds one.
   */
  Hidden: z.boolean(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/**
 * A catalogue item as the API answers it to the spec's client: the storefront's lowercase `category` and
 * `status` beside the admin's `Category` and `Status` (as its select offers them), and no `plans` at all
 * on an item sold by contacting the admin, which is how that client tells it apart.
 */
export const apiPriceSchema = catalogueItemSchema.extend({
  Category: z.string(),
  Status: z.string(),
  plans: z.record(z.string(), z.number()).optional(),
});
export type ApiPrice = z.infer<typeof apiPriceSchema>;

export const priceListResponseSchema = z.object({ allPrices: z.array(apiPriceSchema) });

export const searchQuerySchema = z.object({ q: z.string().max(MAX_QUERY_LENGTH).default("") });
