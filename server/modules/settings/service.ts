import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { defaultShopSettings, type ShopSettings } from "../../../domain/settings/settings";
import { shopSettingsSchema } from "../../../domain/settings/schemas";
import type { ChangeNotices } from "../../db/change-notices";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import type { Actor } from "../auth/service";
import { createStoredSettings } from "./stored-settings";

const SHOP_KEY = "shop";

/** What is stored, over the defaults: a field stored before it existed, or not at all, has its default. */
function withDefaults(stored: unknown): ShopSettings {
  const parsed = shopSettingsSchema.partial().safeParse(stored);
  return { ...defaultShopSettings, ...(parsed.success ? parsed.data : {}) };
}

export function createSettingsService(db: Db, clock: Clock, changes: ChangeNotices) {
  const shop = createStoredSettings(db, clock, changes, SHOP_KEY, withDefaults);

  return {
    shop: shop.get,

    shopForEdit: shop.forEdit,

    /**
     * Saves the shop's settings (the API's PUT and the settings screen), with its audit line. With
     * `expected`, only over that version: a newer one refuses it (409). The new version is answered.
     */
    async saveShop(settings: ShopSettings, { admin, log }: Actor, expected?: number): Promise<AdminAnswer<number>> {
      const version = await shop.save(settings, expected);
      log.info({ admin: admin.email }, "shop settings saved");
      return said("Settings saved. The shop uses them from now on.", version);
    },
  };
}
