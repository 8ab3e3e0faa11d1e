import type { AppLoadContext } from "react-router";
import { defaultShopSettings, type ShopSettings } from "../../domain/settings";

export async function loadShopSettings(context: AppLoadContext): Promise<ShopSettings> {
  try {
    return await context.services.settings.shop();
  } catch (error) {
    context.log.warn({ reason: (error as Error).message }, "settings unavailable, using defaults");
    context.fellBack = true;
    return defaultShopSettings;
  }
}
