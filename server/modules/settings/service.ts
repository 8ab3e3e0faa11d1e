import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { defaultShopSettings, type ShopSettings } from "../../../domain/settings/settings";
import { shopSettingsSchema } from "../../../domain/settings/schemas";
import { legalDetailsSchema, type LegalDetails } from "../../../domain/settings/schemas";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import type { AdminAtWork } from "../auth/service";
import { createSettingsRepository } from "./repository";
import { createStoredSettings } from "./stored-settings";

const SHOP_KEY = "shop";
const LEGAL_KEY = "legal";

/** The legal details as stored, or none: never saved, or stored by a version that asked for less. */
function legalOrNone(stored: unknown): LegalDetails | null {
  const parsed = legalDetailsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** What is stored, over the defaults: a field stored before it existed, or not at all, has its default. */
function withDefaults(stored: unknown): ShopSettings {
  const parsed = shopSettingsSchema.partial().safeParse(stored);
  return { ...defaultShopSettings, ...(parsed.success ? parsed.data : {}) };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(db: Db, clock: Clock, changes: ChangeSignals) {
  const shop = createStoredSettings(db, clock, changes, SHOP_KEY, withDefaults);
  const legal = createStoredSettings<LegalDetails | null>(db, clock, changes, LEGAL_KEY, legalOrNone);
  const repository = createSettingsRepository();
  const now = () => clock().toISOString();

  return {
    shop: shop.get,

    shopForEdit: shop.forEdit,

    /**
     * Saves the shop's settings (the API's PUT and the settings screen), with its audit line. With
     * `expected`, only over that version: a newer one refuses it (409). The new version is answered.
     */
    async saveShop(settings: ShopSettings, { admin, log }: AdminAtWork, expected?: number): Promise<AdminAnswer<number>> {
      const version = await shop.save(settings, expected);
      log.info({ admin: admin.email }, "shop settings saved");
      return said("Settings saved. The shop uses them from now on.", version);
    },

    /** The shop's legal details (ADR 0129), read through the cache every page's footer reads; null until saved. */
    legal: legal.get,

    legalForEdit: legal.forEdit,

    /** The legal details as a writing transaction reads them (a bill's copy): from `trx`, never a second connection. */
    legalWithin: async (trx: Db): Promise<LegalDetails | null> => legalOrNone((await repository.getWithVersion(trx, LEGAL_KEY)).value),

    async saveLegal(details: LegalDetails, { admin, log }: AdminAtWork, expected?: number): Promise<AdminAnswer<number>> {
      const version = await legal.save(details, expected);
      log.info({ admin: admin.email }, "legal details saved");
      return said("Legal details saved. The site's footer and pages show them from now on.", version);
    },

    /**
     * A value another module keeps under a key of its own in the settings table (order limits' refusals seen,
     * referrals' settings): read and written here, so no module builds the settings repository (ADR 0123).
     */
    valueOf: (key: string): Promise<unknown> => repository.get(db, key),

    /** The value and the number of its last change (0 when never saved), within `trx` when given. */
    valueWithVersion: (key: string, trx: Db = db) => repository.getWithVersion(trx, key),

    setValue: (key: string, value: unknown): Promise<void> => repository.set(db, key, value, now()),

    /** Over that version only when `expected` is given (0: only if never saved); the new version, or undefined when another save came first. */
    setValueIfVersion: (key: string, value: unknown, expected: number | undefined) => repository.setIfVersion(db, key, value, now(), expected),
  };
}
