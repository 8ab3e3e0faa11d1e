import { defaultShopSettings, type ShopSettings } from "../../../domain/settings";
import { shopSettingsSchema } from "../../../domain/schemas/settings";
import type { ChangeNotices } from "../../db/change-notices";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { noticedCache } from "../cache";
import { createSettingsRepository } from "./repository";

const SHOP_KEY = "shop";

export function createSettingsService(db: Db, clock: Clock, changes: ChangeNotices) {
  const repository = createSettingsRepository();
  const shop = noticedCache(changes, "settings", async (): Promise<ShopSettings> => {
    const stored = shopSettingsSchema.partial().safeParse(await repository.get(db, SHOP_KEY));
    return { ...defaultShopSettings, ...(stored.success ? stored.data : {}) };
  });

  return {
    shop: () => shop.get(),

    async saveShop(settings: ShopSettings): Promise<void> {
      await db.transaction().execute((trx) => repository.set(trx, SHOP_KEY, settings, clock().toISOString()));
      await changes.publish("settings");
    },
  };
}
