import { useRouteLoaderData } from "react-router";
import { defaultShopSettings } from "../../domain/settings";
import type { loader as rootLoader } from "../root";

const fallback = { shop: defaultShopSettings };

/** What the root loader gives every page: the shop's contact details. */
export function useShop() {
  // Absent only when the root loader itself failed; the error screen still needs a header.
  return useRouteLoaderData<typeof rootLoader>("root") ?? fallback;
}
