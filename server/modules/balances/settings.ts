import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { DEFAULT_STORE_CREDIT_SETTINGS } from "../../../domain/balances/balances";
import { storeCreditSettingsSchema, type StoreCreditSettings } from "../../../domain/balances/schemas";
import type { SettingsService } from "../settings/service";
import { staleEdit } from "../versions";

/** Kept in the settings table under its own key; read from the database each time, so every instance agrees. */
const SETTINGS_KEY = "store-credit";

/** The seller's settings of store credit (ADR 0127): when lines set to renew themselves do so, and how much a top-up is. */
export function createStoreCreditSettings(settings: Pick<SettingsService, "valueWithVersion" | "setValueIfVersion">) {
  async function forEdit(): Promise<{ settings: StoreCreditSettings; version: number }> {
    const { value, version } = await settings.valueWithVersion(SETTINGS_KEY);
    const parsed = storeCreditSettingsSchema.safeParse(value);
    return { settings: parsed.success ? parsed.data : { ...DEFAULT_STORE_CREDIT_SETTINGS }, version };
  }
  return {
    forEdit,
    get: async (): Promise<StoreCreditSettings> => (await forEdit()).settings,
    async save(next: StoreCreditSettings, expected?: number): Promise<AdminAnswer<number>> {
      const version = await settings.setValueIfVersion(SETTINGS_KEY, next, expected);
      if (version === undefined) throw staleEdit();
      return said("Store credit settings saved", version);
    },
  };
}
export type StoreCreditSettingsService = ReturnType<typeof createStoreCreditSettings>;
