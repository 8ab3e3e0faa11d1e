import { DEFAULT_DELIVERY_TEMPLATE_NE, defaultLedgerSettings, ledgerSettingsSchema, type LedgerSettings } from "../../../domain/ledger-settings";
import type { ChangeNotices } from "../../db/change-notices";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { noticedCache } from "../cache";
import { createSettingsRepository } from "../settings/repository";
import { staleEdit } from "../versions";

/** Kept in the settings table under its own key, beside (not inside) the shop's settings. */
const LEDGER_KEY = "ledger";

function withDefaults(stored: unknown): LedgerSettings {
  const parsed = ledgerSettingsSchema.partial().safeParse(stored);
  const settings = { ...defaultLedgerSettings, ...(parsed.success ? parsed.data : {}) };
  // An emptied Nepali message is the built-in one, shown as such in the settings screen.
  return { ...settings, deliveryTemplateNe: settings.deliveryTemplateNe || DEFAULT_DELIVERY_TEMPLATE_NE };
}

/** The grace period of seats and the delivery message template (issue 20). */
export function createLedgerSettingsService(db: Db, clock: Clock, changes: ChangeNotices) {
  const repository = createSettingsRepository();
  const cache = noticedCache(changes, "settings", async () => withDefaults(await repository.get(db, LEDGER_KEY)));

  return {
    get: (): Promise<LedgerSettings> => cache.get(),

    async forEdit(): Promise<{ settings: LedgerSettings; version: number }> {
      const { value, version } = await repository.getWithVersion(db, LEDGER_KEY);
      return { settings: withDefaults(value), version };
    },

    /** With `expected`, only over that version (409 otherwise); answers the new version. */
    async save(settings: LedgerSettings, expected?: number): Promise<number> {
      let version: number | undefined;
      try {
        version = await repository.setIfVersion(db, LEDGER_KEY, settings, clock().toISOString(), expected);
      } finally {
        await changes.publish("settings");
      }
      if (version === undefined) throw staleEdit();
      return version;
    },
  };
}
