import type { AppLoadContext } from "react-router";
import type { Availability } from "../../../domain/ledger/availability";
import { compareById, type CatalogueItem } from "../../../domain/catalogue/catalogue";
import { priceInputSchema } from "../../../domain/catalogue/schemas";
import { defaultCatalogue } from "../../../domain/catalogue/default-catalogue";
import { nameKey } from "../../../domain/catalogue/search";
import { readOrFallBack } from "../../lib/fall-back.server";

// Shoppers still see prices when the database cannot be read (architecture guide: fall back quietly).
const builtInCatalogue: CatalogueItem[] = defaultCatalogue
  .map((input) => {
    const item = priceInputSchema.parse(input);
    return {
      _id: `builtin-${item.Id}`,
      Id: item.Id,
      Name: item.Name,
      Info: item.Info,
      ImageId: item.ImageId,
      category: item.Category,
      status: item.Status,
      plans: item.plans,
      Note: item.Note,
      version: 0,
      SpecialLink: item.SpecialLink,
      NameNe: item.NameNe ?? null,
      InfoNe: item.InfoNe ?? null,
      NoteNe: item.NoteNe ?? null,
      AutoDeliver: false,
      Hidden: false,
      WarrantyDays: null,
    };
  })
  .sort(compareById);

export function loadCatalogue(context: AppLoadContext): Promise<CatalogueItem[]> {
  return readOrFallBack(
    context,
    "catalogue unavailable, showing the built-in list",
    () => context.services.catalogue.list(),
    () => builtInCatalogue,
  );
}

/** The item named `name`, ignoring case and surrounding spaces (Names are unique that way, ADR 0003). */
export async function findCatalogueItem(context: AppLoadContext, name: string): Promise<CatalogueItem | undefined> {
  const key = nameKey(name);
  return (await loadCatalogue(context)).find((item) => nameKey(item.Name) === key);
}

/**
 * Free seats and keys per item for the storefront: nothing for items sold from neither, and
 * nothing at all when the ledger cannot be read, since a sale is never blocked by it.
 */
export async function loadAvailability(context: AppLoadContext): Promise<Map<string, Availability>> {
  try {
    return await context.services.availability.all();
  } catch (error) {
    context.log.warn({ reason: (error as Error).message }, "availability unavailable, showing none");
    return new Map();
  }
}

/** Whether the item's licence keys never expire; false when the ledger cannot be read (the page shows the plan's days). */
export async function loadNeverExpires(context: AppLoadContext, itemId: string): Promise<boolean> {
  try {
    return await context.services.availability.neverExpires(itemId);
  } catch (error) {
    context.log.warn({ reason: (error as Error).message }, "lifetime keys unavailable, showing the plan's days");
    return false;
  }
}
