import type { AppLoadContext } from "react-router";
import { defaultShopSettings, type ShopSettings } from "../../domain/settings/settings";
import { readOrFallBack } from "./fall-back.server";

export function loadShopSettings(context: AppLoadContext): Promise<ShopSettings> {
  return readOrFallBack(
    context,
    "settings unavailable, using defaults",
    () => context.services.settings.shop(),
    () => defaultShopSettings,
  );
}
