import { CATEGORY_LABELS, planEntries, STATUS_LABELS, type CatalogueItem } from "../../../domain/catalogue/catalogue";
import { hasEveryWord } from "../../../domain/catalogue/search";

/** One plan row of the form: months and the price as typed (text until the server checks it). */
export type PlanRow = { months: string; price: string };

/** What the admin is typing: every field as text, plans as rows shortest first. */
export type PriceDraft = {
  Name: string;
  Id: string;
  ImageId: string;
  Category: string;
  Info: string;
  plans: PlanRow[];
  Note: string;
  Status: string;
  SpecialLink: string;
  /** The seller's Nepali words for the Nepali pages; empty for none (ADR 0093). */
  NameNe: string;
  InfoNe: string;
  NoteNe: string;
  /** "Deliver automatically when paid". */
  AutoDeliver: boolean;
  /** Days from delivery a line is replaced free, as typed: empty for the line's whole term, 0 for none (ADR 0128). */
  WarrantyDays: string;
};

export const emptyDraft: PriceDraft = {
  Name: "",
  Id: "",
  ImageId: "",
  Category: "",
  Info: "",
  plans: [],
  Note: "",
  Status: "",
  SpecialLink: "",
  NameNe: "",
  InfoNe: "",
  NoteNe: "",
  AutoDeliver: false,
  WarrantyDays: "",
};

/** The form prefilled from a saved item (Edit). */
export function draftFromItem(item: CatalogueItem): PriceDraft {
  return {
    Name: item.Name,
    Id: item.Id,
    ImageId: item.ImageId,
    Category: item.category,
    Info: item.Info,
    plans: planEntries(item.plans).map(([months, price]) => ({ months: String(months), price: String(price) })),
    Note: item.Note,
    Status: item.status,
    SpecialLink: item.SpecialLink,
    NameNe: item.NameNe ?? "",
    InfoNe: item.InfoNe ?? "",
    NoteNe: item.NoteNe ?? "",
    AutoDeliver: item.AutoDeliver,
    WarrantyDays: item.WarrantyDays === null ? "" : String(item.WarrantyDays),
  };
}

const byMonths = (a: PlanRow, b: PlanRow) => Number(a.months) - Number(b.months) || a.months.localeCompare(b.months);

/**
 * Adds a plan row, but only when both months and price are filled in. A row for months already
 * listed replaces it, since plans map months to one price. Returns null when the row is incomplete.
 */
export function addPlan(plans: PlanRow[], row: PlanRow): PlanRow[] | null {
  const months = row.months.trim();
  const price = row.price.trim();
  if (!months || !price) return null;
  const key = /^\d+$/.test(months) ? String(Number(months)) : months;
  return [...plans.filter((p) => p.months !== key), { months: key, price }].sort(byMonths);
}

/** The body of POST /api/prices and PUT /api/prices/:id. The server trims and validates it. */
export function draftToPayload(draft: PriceDraft) {
  return {
    Name: draft.Name,
    Id: draft.Id,
    ImageId: draft.ImageId,
    Category: draft.Category,
    Info: draft.Info,
    plans: Object.fromEntries(draft.plans.map((p) => [p.months, p.price.trim()])),
    Note: draft.Note,
    Status: draft.Status,
    SpecialLink: draft.SpecialLink,
    NameNe: draft.NameNe,
    InfoNe: draft.InfoNe,
    NoteNe: draft.NoteNe,
    AutoDeliver: draft.AutoDeliver,
    // As typed: empty is the whole term (the schema reads it).
    WarrantyDays: draft.WarrantyDays,
  };
}

/** Client-side search over the grid: every word must appear in the name (either language) or the category. */
export function matchesSearch(item: Pick<CatalogueItem, "Name" | "category"> & Partial<Pick<CatalogueItem, "NameNe">>, query: string): boolean {
  return hasEveryWord(`${item.Name} ${item.NameNe ?? ""} ${item.category} ${CATEGORY_LABELS[item.category]}`, query);
}

export const statusLabel = (status: CatalogueItem["status"]) => STATUS_LABELS[status];
