import type { AppLoadContext } from "react-router";
import { defaultShopSettings, type ShopSettings } from "../../domain/settings/settings";
import type { LegalDetails } from "../../domain/settings/schemas";
import { readOrFallBack } from "./fall-back.server";

export function loadShopSettings(context: AppLoadContext): Promise<ShopSettings> {
  return readOrFallBack(
    context,
    "settings unavailable, using defaults",
    () => context.services.settings.shop(),
    () => defaultShopSettings,
  );
}

/** The shop's legal details for the footer and the info pages (ADR 0129); none when unset or unreadable just now. */
export function loadLegalDetails(context: AppLoadContext): Promise<LegalDetails | null> {
  return readOrFallBack(
    context,
    "legal details unavailable, showing none",
    () => context.services.settings.legal(),
    () => null,
  );
}
