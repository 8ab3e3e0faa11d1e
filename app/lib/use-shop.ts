import { useRouteLoaderData } from "react-router";
import { defaultShopSettings, type ShopSettings } from "../../domain/settings/settings";
import type { LegalDetails } from "../../domain/settings/schemas";

/** What the root loader gives every page; declared here rather than read off the loader so that root.tsx,
 * whose header and footer use this hook, is not imported back. */
export interface RootLoaderData {
  shop: ShopSettings;
  /** The shop's legal details (ADR 0129), or null until the seller saves them. */
  legal: LegalDetails | null;
  origin: string;
}

const fallback = { shop: defaultShopSettings, legal: null };

/** What the root loader gives every page: the shop's contact details, and its legal details once set. */
export function useShop(): Pick<RootLoaderData, "shop" | "legal"> {
  // Absent only when the root loader itself failed; the error screen still needs a header.
  return useRouteLoaderData<RootLoaderData>("root") ?? fallback;
}
