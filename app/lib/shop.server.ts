import type { AppLoadContext } from "react-router";
import { defaultShopSettings, type ShopSettings } from "../../domain/settings";

export async function loadShopSettings(context: AppLoadContext): Promise<ShopSettings> {
  try {
    return await context.services.settings.shop();
  } catch (error) {
    console.warn("settings unavailable, using defaults:", (error as Error).message);
    context.fellBack = true;
    return defaultShopSettings;
  }
}
