import { defaultShopSettings, type ShopSettings } from "../../../domain/settings";
import { shopSettingsSchema } from "../../../domain/schemas/settings";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import type { Actor } from "../auth/service";
import { invalidatingCache } from "../cache";
import { createSettingsRepository } from "./repository";

const SHOP_KEY = "shop";

export function createSettingsService(db: Db, clock: Clock) {
  const repository = createSettingsRepository();
  const shop = invalidatingCache(async (): Promise<ShopSettings> => {
    const stored = shopSettingsSchema.partial().safeParse(await repository.get(db, SHOP_KEY));
    return { ...defaultShopSettings, ...(stored.success ? stored.data : {}) };
  });

  return {
    shop: () => shop.get(),

    /** Saves the shop's settings (the API's PUT and the settings screen), with its audit line. */
    async saveShop(settings: ShopSettings, { admin, log }: Actor): Promise<void> {
      await db.transaction().execute((trx) => repository.set(trx, SHOP_KEY, settings, clock().toISOString()));
      shop.invalidate();
      log.info({ admin: admin.email }, "shop settings saved");
    },
  };
}
