import { useRouteLoaderData } from "react-router";
import { defaultShopSettings, type ShopSettings } from "../../domain/settings/settings";

/** What the root loader gives every page; declared here rather than read off the loader so that root.tsx,
 * whose header and footer use this hook, is not imported back. */
export interface RootLoaderData {
  shop: ShopSettings;
  origin: string;
}

const fallback = { shop: defaultShopSettings };

/** What the root loader gives every page: the shop's contact details. */
export function useShop(): Pick<RootLoaderData, "shop"> {
  // Absent only when the root loader itself failed; the error screen still needs a header.
  return useRouteLoaderData<RootLoaderData>("root") ?? fallback;
}
