import { z } from "zod";

/**
 * A link the shop stores: an absolute http(s) URL, or a path on this site
 * (seeded and uploaded images live under /images and /media).
 */
export function linkSchema(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2000, `${label} is too long (at most 2000 characters)`)
    .refine(isSafeLink, `${label} must be a valid URL (https://…) or a path starting with /`);
}

export function isSafeLink(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long (at most ${max} characters)`);
}

/** A whole number from `min` to `max`, each refusal naming the field. */
export function wholeNumber(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")}`);
}

export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .optional()
    .default("");
}

/**
 * The seller's optional Nepali twin of an English text (ADR 0093): trimmed, the English's length limit, and
 * empty or null for none (null). Left out, an edit keeps what is stored: a client that does not know the
 * field sends an item back without it.
 */
export function nepaliText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .transform((value) => value || null)
    .nullable()
    .optional();
}

/** An admin list's search box: trimmed text of at most `max` characters, absent for no search. */
export function searchText(max: number) {
  return z.string({ error: "Search must be text" }).trim().max(max, `Search at most ${max} characters`).optional();
}

/**
 * The `page` and `limit` of an admin list's query: the first page unless asked, `pageSize` rows a page
 * unless `limit` asks for up to `maxLimit`.
 */
export function pagingQueryFields(pageSize: number, maxLimit: number) {
  return {
    page: z.coerce.number({ error: "page is a number" }).int("page is a whole number").min(1, "page starts at 1").max(100_000).default(1),
    limit: z.coerce.number({ error: "limit is a number" }).int("limit is a whole number").min(1).max(maxLimit).default(pageSize),
  };
}

/**
 * One page of an admin list as the API answers it: its rows, how many rows match the filter on all pages,
 * the page's number and how many pages there are. A list with more to say `.extend`s it.
 */
export function listPageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pages: z.number().int() });
}

export const idParamSchema = z.object({ id: z.string().min(1).max(100) });

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** Every error answer of the API has this shape. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});

export const successMessageSchema = z.object({ success: z.boolean(), message: z.string() });
