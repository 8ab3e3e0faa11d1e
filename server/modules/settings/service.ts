import { defaultShopSettings, type ShopSettings } from "../../../domain/settings";
import { shopSettingsSchema } from "../../../domain/schemas/settings";
import type { ChangeNotices } from "../../db/change-notices";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import type { Actor } from "../auth/service";
import { noticedCache } from "../cache";
import { staleEdit } from "../versions";
import { createSettingsRepository } from "./repository";

const SHOP_KEY = "shop";

/** What is stored, over the defaults: a field stored before it existed, or not at all, has its default. */
function withDefaults(stored: unknown): ShopSettings {
  const parsed = shopSettingsSchema.partial().safeParse(stored);
  return { ...defaultShopSettings, ...(parsed.success ? parsed.data : {}) };
}

export function createSettingsService(db: Db, clock: Clock, changes: ChangeNotices) {
  const repository = createSettingsRepository();
  const shop = noticedCache(changes, "settings", async (): Promise<ShopSettings> => withDefaults(await repository.get(db, SHOP_KEY)));

  return {
    shop: () => shop.get(),

    /**
     * The settings as an admin edits them, with their version: read from the database, not from this
     * instance's cache, so a save is never refused for being over a version this screen could not show.
     */
    async shopForEdit(): Promise<{ settings: ShopSettings; version: number }> {
      const { value, version } = await repository.getWithVersion(db, SHOP_KEY);
      return { settings: withDefaults(value), version };
    },

    /**
     * Saves the shop's settings (the API's PUT and the settings screen), with its audit line. With
     * `expected`, only over that version: a newer one refuses it (409). The new version is answered.
     */
    async saveShop(settings: ShopSettings, { admin, log }: Actor, expected?: number): Promise<number> {
      let version: number | undefined;
      try {
        version = await repository.setIfVersion(db, SHOP_KEY, settings, clock().toISOString(), expected);
      } finally {
        await changes.publish("settings");
      }
      if (version === undefined) throw staleEdit();
      log.info({ admin: admin.email }, "shop settings saved");
      return version;
    },
  };
}
