import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { DEFAULT_DELIVERY_TEMPLATE_NE } from "../../../domain/ledger/settings";
import { defaultLedgerSettings, ledgerSettingsSchema, type LedgerSettings } from "../../../domain/ledger/schemas";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { createStoredSettings } from "../settings/stored-settings";

/** Kept in the settings table under its own key, beside (not inside) the shop's settings. */
const LEDGER_KEY = "ledger";

function withDefaults(stored: unknown): LedgerSettings {
  const parsed = ledgerSettingsSchema.partial().safeParse(stored);
  const settings = { ...defaultLedgerSettings, ...(parsed.success ? parsed.data : {}) };
  // An emptied Nepali message is the built-in one, shown as such in the settings screen.
  return { ...settings, deliveryTemplateNe: settings.deliveryTemplateNe || DEFAULT_DELIVERY_TEMPLATE_NE };
}

/** The grace period of seats and the delivery message template. */
export function createLedgerSettingsService(db: Db, clock: Clock, changes: ChangeSignals) {
  const stored = createStoredSettings(db, clock, changes, LEDGER_KEY, withDefaults);
  return {
    ...stored,
    /** `expected`: the version the settings were read with; a newer one refuses the save (409). */
    save: async (settings: LedgerSettings, expected?: number): Promise<AdminAnswer<number>> =>
      said("Seats and delivery settings saved.", await stored.save(settings, expected)),
  };
}
